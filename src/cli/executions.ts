// Validating built or loaded executions, then previewing them (--validate-only, --dry-run) or running them.
import { ok, type Result } from '../shared/errors';
import type { Execution } from '../shared/execution/types';
import { validateExecution } from '../shared/execution/validateExecution';
import type { Clock, CommandContext } from './context';
import type { FlagSpec } from './flags';
import { usageError } from './usage';

export type ExecutionMode = 'run' | 'validate-only' | 'dry-run';

/** `<prefix>-<epochMs>-<7 base36 chars>`, e.g. `on-screen-log-set-1767225600000-k3x9a0b`. */
export function newCommandId(prefix: string, clock: Clock): string {
  const suffix = Math.floor(clock.random() * 36 ** 7)
    .toString(36)
    .padStart(7, '0');
  return `${prefix}-${clock.now()}-${suffix}`;
}

/** The --dry-run plan: what would be dispatched, without a device. */
export function dryRunPlan(execution: Execution) {
  return {
    commandId: execution.commandId,
    timeoutMs: execution.timeoutMs,
    actionCount: execution.actions.length,
    actions: execution.actions.map((action) =>
      action.params === undefined
        ? { id: action.id, type: action.type }
        : { id: action.id, type: action.type, params: action.params },
    ),
  };
}

/** Validates `candidate` canonically; on success previews it or runs it on the target through the backend. */
export async function validateThen(
  candidate: unknown,
  mode: ExecutionMode,
  context: CommandContext,
  options: { overwrite?: boolean } = {},
): Promise<Result<unknown>> {
  const validated = validateExecution(candidate);
  if (!validated.ok) return validated;
  const execution = validated.value;
  if (mode === 'validate-only') return ok({ ok: true, validated: true, execution });
  if (mode === 'dry-run') return ok({ ok: true, dryRun: true, plan: dryRunPlan(execution) });
  context.log('debug', `running ${execution.commandId} on ${context.target.deviceId ?? 'the only device'}`);
  const target = options.overwrite === true ? { ...context.target, overwrite: true } : context.target;
  const outcome = await context.backend.runExecution(execution, target);
  if (!outcome.ok) return outcome;
  return ok({ ...outcome.value, isCanonicalTerminal: true });
}

/** The --validate-only and --dry-run switches every execution command accepts. */
export const PREVIEW_FLAGS: readonly FlagSpec[] = [
  { name: '--validate-only', kind: 'boolean' },
  { name: '--dry-run', kind: 'boolean' },
];

/** `--overwrite`: take_screenshot (or a copy) may replace an existing regular file at its path. */
export const OVERWRITE_FLAG: FlagSpec = { name: '--overwrite', kind: 'boolean' };

/** Reads --validate-only / --dry-run from parsed switches; both at once is a usage error. */
export function modeFrom(switches: ReadonlySet<string>): ExecutionMode {
  const validateOnly = switches.has('--validate-only');
  const dryRun = switches.has('--dry-run');
  if (validateOnly && dryRun) usageError('--validate-only and --dry-run cannot be combined');
  return validateOnly ? 'validate-only' : dryRun ? 'dry-run' : 'run';
}
