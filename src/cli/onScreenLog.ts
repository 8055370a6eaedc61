// `androperator on-screen-log set|clear`: panel flags to raw set_on_screen_log / clear_on_screen_log executions.
import { parseNumericToken } from '../shared/cli/numericToken';
import { CLEAR_ON_SCREEN_LOG, EXPECTED_FORMAT, SET_ON_SCREEN_LOG } from '../shared/execution/types';
import { DEFAULT_TIMEOUT_MS } from '../shared/execution/limits';
import type { Clock, CommandHandler } from './context';
import { modeFrom, newCommandId, PREVIEW_FLAGS, validateThen } from './executions';
import { parseFlags, type FlagSpec } from './flags';
import { usageError } from './usage';
import type { Result } from '../shared/errors';
import { inReaderWords } from '../shared/execution/humanMessage';

export type OnScreenLogOperation = 'set' | 'clear';

/** Set flag -> raw params field, with how its value is read. */
export const PANEL_FLAGS = [
  { flag: '--text', field: 'text', kind: 'string' },
  { flag: '--template', field: 'template', kind: 'string' },
  { flag: '--anchor', field: 'anchor', kind: 'string' },
  { flag: '--text-align', field: 'textAlign', kind: 'string' },
  { flag: '--top-offset-dp', field: 'topOffsetDp', kind: 'number' },
  { flag: '--edge-offset-dp', field: 'edgeOffsetDp', kind: 'number' },
  { flag: '--width-dp', field: 'widthDp', kind: 'number' },
  { flag: '--font-size-sp', field: 'fontSizeSp', kind: 'number' },
  { flag: '--text-color', field: 'textColor', kind: 'string' },
  { flag: '--background-color', field: 'backgroundColor', kind: 'string' },
  { flag: '--ttl-ms', field: 'ttlMs', kind: 'number' },
] as const;

export const PANEL_FLAG_SPECS: readonly FlagSpec[] = PANEL_FLAGS.map(({ flag }) => ({
  name: flag,
  kind: 'value',
}));

/** Raw, unvalidated set params: only the flags given, numbers already parsed by the numeric token grammar. */
export type RawPanelParams = Record<string, string | number>;

/** Reads panel flag values into raw params; ranges, colours and text rules are left to the canonical validator. */
export function panelParamsFrom(values: ReadonlyMap<string, string>, context: string): RawPanelParams {
  const params: RawPanelParams = {};
  for (const { flag, field, kind } of PANEL_FLAGS) {
    const value = values.get(flag);
    if (value === undefined) continue;
    if (kind === 'string') {
      params[field] = value;
      continue;
    }
    const parsed = parseNumericToken(value);
    if (parsed === null) {
      usageError(`${flag} requires an integral JSON number, got ${JSON.stringify(value)}`, { flag, value });
    }
    params[field] = parsed;
  }
  if ('text' in params === 'template' in params)
    usageError(`${context} requires exactly one of --text or --template`);
  return params;
}

export interface OnScreenLogRequest {
  operation: OnScreenLogOperation;
  /** Present for set only. */
  params?: RawPanelParams;
  switches: Set<string>;
}

/** Parses the tokens after `on-screen-log` (common options already removed). Throws USAGE errors. */
export function parseOnScreenLogArgs(args: readonly string[]): OnScreenLogRequest {
  const [operation, ...rest] = args;
  if (operation !== 'set' && operation !== 'clear')
    usageError('on-screen-log requires the subcommand set or clear');
  const context = `on-screen-log ${operation}`;
  const panelFlag =
    operation === 'clear' ? rest.find((token) => PANEL_FLAGS.some(({ flag }) => flag === token)) : undefined;
  if (panelFlag !== undefined) {
    usageError(`Unexpected argument for on-screen-log clear: ${panelFlag}. clear takes no panel flags`, {
      argument: panelFlag,
    });
  }
  const specs = operation === 'set' ? [...PANEL_FLAG_SPECS, ...PREVIEW_FLAGS] : PREVIEW_FLAGS;
  const flags = parseFlags(rest, specs, { context });
  if (operation === 'clear') return { operation, switches: flags.switches };
  return { operation, params: panelParamsFrom(flags.values, context), switches: flags.switches };
}

/** The raw execution for one on-screen-log operation, before canonical validation. */
export function buildOnScreenLogExecution(
  request: Pick<OnScreenLogRequest, 'operation' | 'params'>,
  timeoutMs: number | undefined,
  clock: Clock,
) {
  const action =
    request.operation === 'set'
      ? { id: 'a1', type: SET_ON_SCREEN_LOG, params: request.params ?? {} }
      : { id: 'a1', type: CLEAR_ON_SCREEN_LOG };
  return {
    commandId: newCommandId(`on-screen-log-${request.operation}`, clock),
    taskId: `cli-on-screen-log-${request.operation}`,
    source: 'androperator-cli',
    expectedFormat: EXPECTED_FORMAT,
    timeoutMs: timeoutMs ?? DEFAULT_TIMEOUT_MS,
    actions: [action],
  };
}

const FLAG_OF_FIELD: ReadonlyMap<string, string> = new Map(
  PANEL_FLAGS.map(({ flag, field }) => [field, flag]),
);

/**
 * A set-params validation failure in the words of the command line: the flag the user typed (`--width-dp must be
 * between 80 and 600`, `--template: {{foo}} is not a placeholder; ...`). Code, details.path and details.reason
 * stay as the canonical validator reports them; other results pass through.
 */
export function inFlagWords<T>(result: Result<T>, execution: unknown): Result<T> {
  if (result.ok) return result;
  const named = inReaderWords(result.error, execution, (field) => {
    const flag = FLAG_OF_FIELD.get(field);
    return flag === undefined ? undefined : { label: flag };
  });
  return named === result.error ? result : { ok: false, error: named };
}

export const onScreenLogCommand: CommandHandler = async (args, context) => {
  const request = parseOnScreenLogArgs(args);
  const execution = buildOnScreenLogExecution(request, context.common.timeoutMs, context.clock);
  return inFlagWords(await validateThen(execution, modeFrom(request.switches), context), execution);
};
