// Several independent read-only commands of one tool run concurrently, each kept as a named section (the
// reference's `sections:{<name>:{status, exit_code, stdout, stderr}}`).
import { fail, ok, type Result } from '../../shared/errors';
import type { CommandResult } from '../../node/adb/deviceCommand';
import type { AndroidToolContext } from '../android/tool';

/** One command's section. */
export interface ProbeSection {
  command: string;
  /** True when a stream hit its byte cap (the text then ends with a [TRUNCATED] marker). */
  truncated: boolean;
  status: CommandResult['status'];
  exit_code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs named commands concurrently (independent reads), each a section; a transport error fails the whole call. */
export async function runSections<N extends string>(
  context: AndroidToolContext,
  commands: Readonly<Record<N, string>>,
): Promise<Result<Record<N, ProbeSection>>> {
  const names = Object.keys(commands) as N[];
  const results = await Promise.all(names.map((name) => context.run(commands[name])));
  const sections: Partial<Record<N, ProbeSection>> = {};
  for (const [index, name] of names.entries()) {
    const result = results[index] as Result<CommandResult>;
    if (!result.ok) return result;
    const { status, exit_code, stdout, stderr, stdout_truncated, stderr_truncated } = result.value;
    const truncated = stdout_truncated || stderr_truncated;
    sections[name] = { command: commands[name], truncated, status, exit_code, stdout, stderr };
  }
  return ok(sections as Record<N, ProbeSection>);
}

/** The timeout error when any section timed out (its answer would be incomplete): says to narrow the scope. */
export function sectionsTimedOut(
  sections: Readonly<Record<string, ProbeSection>>,
): Result<never> | undefined {
  const names = Object.keys(sections).filter((name) => sections[name]?.status === 'timed_out');
  if (names.length === 0) return undefined;
  return fail(
    'ANDROID_COMMAND_TIMED_OUT',
    `${names.map((name) => sections[name]?.command).join('; ')} did not finish within its timeout: narrow the scope and try again`,
    { timed_out: names },
  );
}
