// `androperator exec <json-or-file> | --payload <json-or-file>`: validate, preview or run a raw execution payload.
import type { CommandHandler } from './context';
import { modeFrom, OVERWRITE_FLAG, PREVIEW_FLAGS, validateThen } from './executions';
import { parseFlags, type FlagSpec } from './flags';
import { loadPayload } from './payload';
import { usageError } from './usage';

const EXEC_FLAGS: readonly FlagSpec[] = [
  { name: '--payload', aliases: ['--execution', '--input', '--file'], kind: 'value' },
  ...PREVIEW_FLAGS,
  OVERWRITE_FLAG,
];

/** Applies --timeout to a parsed payload before validation (an alias key `timeout_ms` loses to `timeoutMs`). */
function withTimeout(payload: unknown, timeoutMs: number | undefined): unknown {
  if (timeoutMs === undefined || typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return payload;
  }
  return { ...payload, timeoutMs };
}

export const execCommand: CommandHandler = async (args, context) => {
  const flags = parseFlags(args, EXEC_FLAGS, { context: 'exec', maxPositionals: 1 });
  const positional = flags.positionals[0];
  const flagged = flags.values.get('--payload');
  if (positional !== undefined && flagged !== undefined) {
    usageError('exec takes one payload: pass it as an argument or with --payload, not both');
  }
  const argument = positional ?? flagged;
  if (argument === undefined)
    usageError('exec requires a payload: androperator exec <json-or-file> or --payload <json-or-file>');
  const mode = modeFrom(flags.switches);
  const payload = await loadPayload(argument, context.cwd);
  if (!payload.ok) return payload;
  return validateThen(withTimeout(payload.value, context.common.timeoutMs), mode, context, {
    overwrite: flags.switches.has('--overwrite'),
  });
};
