// How a command's result becomes a tool's answer: complete and partial are answers (with their status), failed and
// timed_out are tool errors that carry the status, exit code and stderr. Whatever the exit status, a line that begins
// with `Error:` or a provider exception (reference 1.1, the seed) makes the command failed.
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

/**
 * Lines Android tools print for a failure while still exiting 0: `cmd`, `settings`, `am` and `content` print
 * `Error: ...`; `content query` prints `Error while accessing provider:<authority>` and the exception's stack trace;
 * `cmd` prints `Exception occurred while executing '<verb>':`. Matched at the start of a line only, so data that
 * merely mentions an exception (a logcat entry, a dumpsys dump) is not taken for one.
 */
const REPORTED_ERROR =
  /^(?:Error:|Error while accessing provider|Exception occurred while executing|(?:[\w$]+\.)*(?:SecurityException|IllegalArgumentException)\b).*$/m;

/** The first line of stdout or stderr that reports a failure whatever the exit status, or undefined. */
export function reportedError(result: Pick<CommandResult, 'stdout' | 'stderr'>): string | undefined {
  return (REPORTED_ERROR.exec(result.stdout) ?? REPORTED_ERROR.exec(result.stderr))?.[0].trim();
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
  const reported = reportedError(result);
  if (reported !== undefined)
    return fail(
      'ANDROID_COMMAND_FAILED',
      `${command} reported an error (exit status ${String(result.exit_code)}): ${reported.slice(0, 300)}`,
      { ...details, status: 'failed' },
    );
  return undefined;
}
