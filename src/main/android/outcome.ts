// How a command's result becomes a tool's answer: complete and partial are answers (with their status), failed and
// timed_out are tool errors that carry the status, exit code and stderr.
import { fail, ok, type Result } from '../../shared/errors';
import type { CommandResult } from '../../node/adb/deviceCommand';

/** The reference's one-command shape `{kind, result:{status, exit_code, stdout, stderr}}`, or a tool error. */
export function commandAnswer(
  kind: string,
  command: string,
  result: Result<CommandResult>,
): Result<{ kind: string; command: string; result: CommandResult }> {
  if (!result.ok) return result;
  const failure = commandFailure(command, result.value);
  return failure ?? ok({ kind, command, result: result.value });
}

/** The tool error for a failed or timed-out command; undefined when it completed (or partly). */
export function commandFailure(command: string, result: CommandResult): Result<never> | undefined {
  const details = {
    command,
    status: result.status,
    exit_code: result.exit_code,
    stderr: result.stderr,
    stdout: result.stdout.slice(0, 2048),
  };
  if (result.status === 'timed_out')
    return fail(
      'ANDROID_COMMAND_TIMED_OUT',
      `${command} did not finish within its timeout: narrow the scope (a package, a key, fewer lines) and try again`,
      details,
    );
  if (result.status === 'failed')
    return fail(
      'ANDROID_COMMAND_FAILED',
      `${command} failed with exit status ${String(result.exit_code)}${result.stderr.trim() === '' ? '' : `: ${result.stderr.trim().slice(0, 300)}`}`,
      details,
    );
  return undefined;
}
