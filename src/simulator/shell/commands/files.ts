import { resolvePath } from '../../device/fileAccess';
import { filesOf } from '../../device/files';
import type { CommandContext } from '../commandTable';

// toybox commands over the device's in-memory files and the command's environment.

/** `cat [FILE|-]...`: files of the device (relative to $PWD), `-` or no argument for stdin. */
export function cat(context: CommandContext): number {
  const files = filesOf(context.device.state);
  const names = context.args.filter((argument) => argument === '-' || !argument.startsWith('-'));
  if (names.length === 0) names.push('-');
  let status = 0;
  for (const name of names) {
    if (name === '-') {
      context.stdout(context.stdin);
      continue;
    }
    if (name === '/dev/null') continue;
    const path = resolvePath(name, context.environment.PWD ?? '/');
    const file = files.read(path);
    if (file) {
      context.stdout(file.data);
      continue;
    }
    const reason = files.isDirectory(path) ? 'Is a directory' : 'No such file or directory';
    context.stderr(`cat: ${name}: ${reason}\n`);
    status = 1;
  }
  return status;
}

/** `env` and `printenv [NAME...]`: the exported environment the command received. */
export function printEnvironment(context: CommandContext): number {
  const entries = Object.entries(context.environment);
  if (context.args.length === 0) {
    for (const [name, value] of entries) context.stdout(`${name}=${value}\n`);
    return 0;
  }
  if (context.name === 'env') {
    context.stderr('env: running commands is not supported by the simulator; use NAME=value command\n');
    return 1;
  }
  let status = 0;
  for (const name of context.args) {
    const value = context.environment[name];
    if (value === undefined) status = 1;
    else context.stdout(`${value}\n`);
  }
  return status;
}
