// The Diagnostics area: the registered Android tools (android:tools) and one card per device and tool, each run on
// its own (android:run), so a slow probe never holds up another.
import type { AndroidToolInfo, AndroidToolRun } from '../../../shared/api/contract';
import type { AppError } from '../../../shared/errors';
import type { SliceCreator } from '../store/types';
import { readArea, sessionStore, storeArea, type ConsoleArea } from './area';

export interface FieldError {
  field: string;
  message: string;
}

export interface ToolCard {
  running: boolean;
  /** The last answer; kept while a new run is refused or running. */
  run?: AndroidToolRun;
  /** The last run's failure (device or command side). */
  error?: AppError;
  /** An argument the tool refused (INVALID_ARGUMENTS naming a field): the last answer stays. */
  fieldError?: FieldError;
}

export interface DiagnosticsSlice {
  area: ConsoleArea;
  setArea(area: ConsoleArea): void;
  androidTools: AndroidToolInfo[] | null;
  androidToolsError: AppError | null;
  loadAndroidTools(): Promise<void>;
  /** Key: cardKey(serial, tool). */
  toolCards: Record<string, ToolCard>;
  runAndroidTool(serial: string, tool: string, args: Record<string, unknown>): Promise<void>;
}

export function cardKey(serial: string, tool: string): string {
  return `${serial}\u0000${tool}`;
}

/** The field an INVALID_ARGUMENTS error names (its message without the tool prefix), else undefined. */
export function fieldErrorOf(error: AppError): FieldError | undefined {
  const field = error.details?.['field'];
  if (error.code !== 'INVALID_ARGUMENTS' || typeof field !== 'string' || field === '') return undefined;
  const issues = error.details?.['issues'];
  const first = Array.isArray(issues) ? (issues[0] as { message?: unknown } | undefined) : undefined;
  const message = typeof first?.message === 'string' ? `${field} ${first.message}` : error.message;
  return { field: field.replace(/^arguments\./, ''), message };
}

export const createDiagnosticsSlice: SliceCreator<DiagnosticsSlice> =
  ({ client }) =>
  (set, get) => {
    const update = (key: string, change: (card: ToolCard) => ToolCard): void =>
      set((state) => ({
        toolCards: { ...state.toolCards, [key]: change(state.toolCards[key] ?? { running: false }) },
      }));
    return {
      area: readArea(sessionStore()),
      setArea(area) {
        storeArea(sessionStore(), area);
        set({ area });
      },
      androidTools: null,
      androidToolsError: null,
      async loadAndroidTools() {
        const result = await client.call('android:tools', {});
        set(
          result.ok
            ? { androidTools: result.value, androidToolsError: null }
            : { androidToolsError: result.error },
        );
      },
      toolCards: {},
      async runAndroidTool(serial, tool, args) {
        const key = cardKey(serial, tool);
        if (get().toolCards[key]?.running === true) return;
        update(key, (card) => ({ ...card, running: true }));
        const result = await client.call('android:run', { tool, device: serial, arguments: args });
        update(key, (card) => {
          if (result.ok) return { running: false, run: result.value };
          const fieldError = fieldErrorOf(result.error);
          if (fieldError !== undefined)
            return {
              running: false,
              ...(card.run === undefined ? {} : { run: card.run }),
              ...(card.error === undefined ? {} : { error: card.error }),
              fieldError,
            };
          return {
            running: false,
            error: result.error,
            ...(card.run === undefined ? {} : { run: card.run }),
          };
        });
      },
    };
  };
