// The Diagnostics area: the registered Android tools (android:tools) and one probe per device and view part, each
// run on its own (android:run), so a slow probe never holds up another. A refresh while a probe runs cancels the
// run in flight (android:cancel); a cancelled run leaves the last answer in place and says "cancelled".
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
  /** The run in flight (its android:run run_id); answers of any other run are stale and dropped. */
  runId?: string;
  /** The tool and arguments of the last run started (a refresh repeats them). */
  tool?: string;
  args?: Record<string, unknown>;
  /** The last answer; kept while a new run is refused, running or cancelled. */
  run?: AndroidToolRun;
  /** The last run's failure (device or command side). */
  error?: AppError;
  /** An argument the tool refused (INVALID_ARGUMENTS naming a field): the last answer stays. */
  fieldError?: FieldError;
  /** The last run was cancelled (its adb streams are closed); not an error. */
  cancelled?: boolean;
  /** A cancel was asked and has not been answered yet. */
  cancelling?: boolean;
}

export interface DiagnosticsSlice {
  area: ConsoleArea;
  setArea(area: ConsoleArea): void;
  androidTools: AndroidToolInfo[] | null;
  androidToolsError: AppError | null;
  loadAndroidTools(): Promise<void>;
  /** Key: cardKey(serial, probe); the probe is the tool's name unless a view names it. */
  toolCards: Record<string, ToolCard>;
  /** Runs `tool` for the probe; a run of that probe still in flight is cancelled first. */
  runAndroidTool(serial: string, tool: string, args: Record<string, unknown>, probe?: string): Promise<void>;
  /** Cancels the probe's run in flight, if any; resolves once the console closed its adb streams. */
  cancelAndroidTool(serial: string, probe: string): Promise<void>;
}

export function cardKey(serial: string, probe: string): string {
  return `${serial}\u0000${probe}`;
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

/** The card once its run's answer is in: the answer, a field error beside the last answer, or the failure. */
function settled(
  card: ToolCard,
  result: { ok: true; value: AndroidToolRun } | { ok: false; error: AppError },
): ToolCard {
  const base: ToolCard = {
    running: false,
    ...(card.tool === undefined ? {} : { tool: card.tool }),
    ...(card.args === undefined ? {} : { args: card.args }),
  };
  if (result.ok) return { ...base, run: result.value };
  const kept = {
    ...(card.run === undefined ? {} : { run: card.run }),
  };
  if (result.error.code === 'COMMAND_CANCELLED')
    return {
      ...base,
      ...kept,
      ...(card.error === undefined ? {} : { error: card.error }),
      cancelled: true,
    };
  const fieldError = fieldErrorOf(result.error);
  if (fieldError !== undefined)
    return { ...base, ...kept, ...(card.error === undefined ? {} : { error: card.error }), fieldError };
  return { ...base, ...kept, error: result.error };
}

export const createDiagnosticsSlice: SliceCreator<DiagnosticsSlice> =
  ({ client, nonce }) =>
  (set, get) => {
    let runCount = 0;
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
      async runAndroidTool(serial, tool, args, probe = tool) {
        const key = cardKey(serial, probe);
        const previous = get().toolCards[key]?.runId;
        runCount += 1;
        const runId = `d${nonce()}-${runCount}`;
        update(key, (card) => {
          const { cancelled: _cancelled, cancelling: _cancelling, fieldError: _fieldError, ...rest } = card;
          return { ...rest, running: true, runId, tool, args };
        });
        // The superseded run answers COMMAND_CANCELLED once its streams are closed; that answer is stale here.
        if (previous !== undefined) void client.call('android:cancel', { run_id: previous });
        const result = await client.call('android:run', {
          tool,
          device: serial,
          arguments: args,
          run_id: runId,
        });
        update(key, (card) => (card.runId === runId ? settled(card, result) : card));
      },
      async cancelAndroidTool(serial, probe) {
        const key = cardKey(serial, probe);
        const runId = get().toolCards[key]?.runId;
        if (runId === undefined || get().toolCards[key]?.running !== true) return;
        update(key, (card) => ({ ...card, cancelling: true }));
        const answer = await client.call('android:cancel', { run_id: runId });
        update(key, (card) => {
          if (card.runId !== runId) return card;
          const { cancelling: _cancelling, ...rest } = card;
          // Cancelled: the run's own answer (COMMAND_CANCELLED) settles the card. Not in flight any more (it had
          // just finished) or the cancel failed: its answer settles it as usual.
          return answer.ok ? rest : { ...rest, error: answer.error };
        });
      },
    };
  };
