// Shared by the aggregate tools: one command as a section `{status, exit_code, stdout, stderr}`, several run at
// once, and the dumpsys rule that a missing service (blank stdout, `Can't find service` on stderr, exit 0) failed.
import { ok, type Result } from '../../../shared/errors';
import type { CommandResult, CommandStatus } from '../../../node/adb/deviceCommand';
import type { AndroidToolContext } from '../../android/tool';

export interface Section {
  command: string;
  status: CommandStatus;
  exit_code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * dumpsys prints `Can't find service: x` on stderr and exits 0 for a service the device does not have; over legacy
 * `shell:` (no shell v2) stderr arrives in stdout, so there the line is all of stdout.
 */
export function missingService(result: CommandResult): boolean {
  const stdout = result.stdout.trim();
  return (
    (stdout === '' && /Can't find service/.test(result.stderr)) ||
    (result.transport === 'shell' && /^Can't find service: \S+$/.test(stdout))
  );
}

/** The command's result with the missing-service rule applied (status `failed`). */
export function withServiceRule(result: CommandResult): CommandResult {
  return missingService(result) ? { ...result, status: 'failed' } : result;
}

export function sectionOf(command: string, result: CommandResult): Section {
  const checked = withServiceRule(result);
  return {
    command,
    status: checked.status,
    exit_code: checked.exit_code,
    stdout: checked.stdout,
    stderr: checked.stderr,
  };
}

/**
 * Runs every command concurrently; each becomes its own section whatever its status. Fails only when adb could not
 * run one at all (device gone, call cancelled): then no section can be trusted.
 */
export async function runSections<K extends string>(
  context: AndroidToolContext,
  commands: Record<K, string>,
): Promise<Result<Record<K, Section>>> {
  const names = Object.keys(commands) as K[];
  const results = await Promise.all(names.map((name) => context.run(commands[name])));
  const sections = {} as Record<K, Section>;
  for (const [index, name] of names.entries()) {
    const result = results[index] as Result<CommandResult>;
    if (!result.ok) return result;
    sections[name] = sectionOf(commands[name], result.value);
  }
  return ok(sections);
}

/** complete when every section completed, failed when none produced anything, else partial. */
export function overallStatus(sections: Record<string, { status: CommandStatus }>): CommandStatus {
  const statuses = Object.values(sections).map((section) => section.status);
  if (statuses.every((status) => status === 'complete')) return 'complete';
  if (statuses.every((status) => status === 'failed' || status === 'timed_out'))
    return statuses.includes('timed_out') ? 'timed_out' : 'failed';
  return 'partial';
}
