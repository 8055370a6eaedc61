import { resolvePath } from '../../../device/fileAccess';
import { filesOf } from '../../../device/files';
import type { CommandContext } from '../../commandTable';

/** One input of a text command: its name as typed and its bytes. */
export interface NamedInput {
  name: string;
  data: Buffer;
}

/** An absolute device path for an argument, relative to $PWD. */
export function pathOf(context: CommandContext, name: string): string {
  return resolvePath(name, context.environment.PWD ?? '/');
}

/** The named files (or stdin for none or `-`); a missing one prints `<command>: <name>: <reason>` and is skipped. */
export function readInputs(
  context: CommandContext,
  names: readonly string[],
): { inputs: NamedInput[]; status: number } {
  const files = filesOf(context.device.state);
  const inputs: NamedInput[] = [];
  let status = 0;
  for (const name of names.length === 0 ? ['-'] : names) {
    if (name === '-') {
      inputs.push({ name, data: context.stdin });
      continue;
    }
    if (name === '/dev/null') {
      inputs.push({ name, data: Buffer.alloc(0) });
      continue;
    }
    const path = pathOf(context, name);
    const file = files.read(path);
    if (file) inputs.push({ name, data: file.data });
    else {
      const reason = files.isDirectory(path) ? 'Is a directory' : 'No such file or directory';
      context.stderr(`${context.name}: ${name}: ${reason}\n`);
      status = 1;
    }
  }
  return { inputs, status };
}

/** Text split into lines, each keeping its newline (a last line without one stays as it is). */
export function linesOf(data: Buffer): string[] {
  return data.toString('utf8').match(/[^\n]*\n|[^\n]+$/g) ?? [];
}
