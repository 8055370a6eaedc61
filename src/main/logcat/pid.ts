// A package's current main-process pid: `pidof '<pkg>'`, or `ps` where pidof is missing (toolbox before API 23).
import { fail, ok, type Result } from '../../shared/errors';
import { shellQuote } from '../../shared/android/shellQuote';
import type { AndroidToolContext } from '../android/tool';
import { commandFailure } from '../android/outcome';

function unique(pkg: string, pids: number[], command: string): Result<number> {
  if (pids.length === 0)
    return fail('NOT_FOUND', `${pkg} is not running: start the app, or read the log without package`, {
      package: pkg,
      reason: 'not_running',
      command,
    });
  if (pids.length > 1)
    return fail('NOT_FOUND', `${pkg} has ${pids.length} processes with that name: give pid instead`, {
      package: pkg,
      reason: 'ambiguous',
      pids,
      command,
    });
  return ok(pids[0]!);
}

export async function resolvePid(context: AndroidToolContext, pkg: string): Promise<Result<number>> {
  const command = `pidof ${shellQuote(pkg)}`;
  const answer = await context.run(command);
  if (!answer.ok) return answer;
  const result = answer.value;
  if (result.status === 'complete' && result.exit_code === 0) {
    const pids = result.stdout.trim().split(/\s+/).filter(Boolean).map(Number);
    return unique(pkg, pids, command);
  }
  if (result.exit_code === 1 && result.stderr.trim() === '') return unique(pkg, [], command);
  // No pidof: `ps` (toolbox lists every process; USER PID PPID VSZ RSS WCHAN PC S NAME).
  const psAnswer = await context.run('ps');
  if (!psAnswer.ok) return psAnswer;
  const failure = commandFailure('ps', psAnswer.value);
  if (failure !== undefined) return failure;
  const pids = psAnswer.value.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns.length >= 3 && columns[columns.length - 1] === pkg)
    .map((columns) => Number(columns[1]))
    .filter((pid) => Number.isInteger(pid) && pid > 0);
  return unique(pkg, pids, 'ps');
}
