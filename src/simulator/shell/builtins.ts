import { resolvePath } from '../device/fileAccess';
import { filesOf } from '../device/files';
import type { CommandDevice } from './commandTable';
import type { Streams } from './redirect';
import { ShellExit, type ShellState } from './shellState';
import { testBuiltin } from './testBuiltin';

// Commands the shell runs itself because they change the shell: exit, exec, export, unset, trap, eval, set,
// shift, cd, pwd, `:`, `command -v`, and `sh` (a child shell process).

/** What a built-in may do to the shell that runs it. */
export interface BuiltinContext {
  args: readonly string[];
  shell: ShellState;
  streams: Streams;
  device: CommandDevice;
  /** Prefix assignments (`A=1 sh -c ...`), already expanded. */
  assignments: Readonly<Record<string, string>>;
  /** Runs a command by its fields in this shell (what `exec` replaces the shell with). */
  runFields(fields: readonly string[]): Promise<number>;
  /** Runs a script in the current shell (`eval`). */
  evaluate(source: string): Promise<number>;
  /** Runs a script as a child shell process named `name` with positional parameters. */
  spawnShell(source: string, name: string, positional: readonly string[], stdin: Buffer): Promise<number>;
}

export type Builtin = (context: BuiltinContext) => number | Promise<number>;

const fail = (context: BuiltinContext, message: string, status = 1): number => {
  context.streams.stderr(`${context.shell.name}: ${message}\n`);
  return status;
};

const exit: Builtin = (context) => {
  const [argument] = context.args;
  if (argument === undefined) throw new ShellExit(context.shell.status);
  if (!/^-?[0-9]+$/.test(argument)) {
    fail(context, `exit: ${argument}: bad number`);
    throw new ShellExit(1);
  }
  throw new ShellExit(Number(argument) & 0xff);
};

const exec: Builtin = async (context) => {
  if (context.args.length === 0) return 0;
  throw new ShellExit(await context.runFields(context.args));
};

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)(?:=([\s\S]*))?$/;

const exportBuiltin: Builtin = (context) => {
  const args = context.args.filter((argument) => argument !== '-p');
  if (args.length === 0) {
    for (const [name, value] of Object.entries(context.shell.environment()))
      context.streams.stdout(`export ${name}=${quote(value)}\n`);
    return 0;
  }
  let status = 0;
  for (const argument of args) {
    const match = ASSIGNMENT.exec(argument);
    if (!match) status = fail(context, `export: ${argument}: is not an identifier`);
    else if (match[2] === undefined) context.shell.markExported(match[1] as string);
    else context.shell.set(match[1] as string, match[2], true);
  }
  return status;
};

const unset: Builtin = (context) => {
  for (const name of context.args) if (name !== '-v' && name !== '-f') context.shell.unset(name);
  return 0;
};

/** `trap ACTION EXIT|0`; other signals are accepted and never delivered (the simulator sends none). */
const trap: Builtin = (context) => {
  const [action, ...conditions] = context.args;
  if (action === undefined) {
    if (context.shell.exitTrap !== undefined)
      context.streams.stdout(`trap -- ${quote(context.shell.exitTrap)} EXIT\n`);
    return 0;
  }
  // `trap 0` (first operand a number) resets, like `trap - 0`.
  const reset = action === '-' || /^[0-9]+$/.test(action);
  const names = /^[0-9]+$/.test(action) ? context.args : conditions;
  if (names.some((name) => name === 'EXIT' || name === '0'))
    context.shell.exitTrap = reset ? undefined : action;
  return 0;
};

const set: Builtin = (context) => {
  const marker = context.args.indexOf('--');
  if (marker >= 0) context.shell.positional = context.args.slice(marker + 1);
  else if (context.args.length === 0)
    for (const [name, value] of Object.entries(context.shell.environment()))
      context.streams.stdout(`${name}=${quote(value)}\n`);
  return 0;
};

const shift: Builtin = (context) => {
  const count = Number(context.args[0] ?? '1');
  if (!Number.isInteger(count) || count < 0 || count > context.shell.positional.length)
    return fail(context, `shift: ${context.args[0] ?? ''}: bad number`);
  context.shell.positional = context.shell.positional.slice(count);
  return 0;
};

/** `command -v NAME`: built-ins print their name, device commands their /system/bin path. */
const command: Builtin = (context) => {
  const [flag, ...names] = context.args;
  if (flag !== '-v') return flag === undefined ? 0 : context.runFields(context.args);
  let status = 0;
  for (const name of names) {
    if (BUILTINS.has(name)) context.streams.stdout(`${name}\n`);
    else if (context.device.commands.has(name)) context.streams.stdout(`/system/bin/${name}\n`);
    else status = 1;
  }
  return status;
};

/** `sh -c SCRIPT [NAME [ARGS...]]`, `sh FILE [ARGS...]`, or `sh` reading its script from stdin. */
const sh: Builtin = async (context) => {
  const args = [...context.args];
  let inline: string | undefined;
  while (args[0]?.startsWith('-') && args[0] !== '-') {
    const flags = args.shift() as string;
    if (flags.includes('c')) {
      inline = args.shift();
      if (inline === undefined) return fail(context, '-c: option requires an argument');
    }
  }
  if (inline !== undefined) {
    return context.spawnShell(inline, args[0] ?? 'sh', args.slice(1), context.streams.stdin);
  }
  const [file, ...positional] = args;
  if (file === undefined) {
    return context.spawnShell(context.streams.stdin.toString('utf8'), 'sh', [], Buffer.alloc(0));
  }
  const script = filesOf(context.device.state).read(resolvePath(file, context.shell.workingDirectory));
  if (!script) return fail(context, `${file}: No such file or directory`, 127);
  return context.spawnShell(script.data.toString('utf8'), file, positional, context.streams.stdin);
};

/** Directories that exist on every device besides the writable ones the file system knows. */
const SYSTEM_DIRECTORIES = new Set([
  '/system',
  '/system/bin',
  '/vendor',
  '/product',
  '/apex',
  '/proc',
  '/dev',
  '/storage',
]);

/** `cd [DIR]`: sets `PWD` (default `$HOME`); relative paths resolve against the current one. */
const cd: Builtin = (context) => {
  const target = context.args[0] ?? context.shell.get('HOME') ?? '/';
  const path = resolvePath(target, context.shell.workingDirectory);
  if (!SYSTEM_DIRECTORIES.has(path) && !filesOf(context.device.state).isDirectory(path))
    return fail(context, `cd: ${target}: No such file or directory`, 2);
  context.shell.set('OLDPWD', context.shell.workingDirectory);
  context.shell.set('PWD', path);
  return 0;
};

/** Built-ins by name. */
export const BUILTINS: ReadonlyMap<string, Builtin> = new Map<string, Builtin>([
  [':', () => 0],
  ['cd', cd],
  ['command', command],
  ['eval', (context) => context.evaluate(context.args.join(' '))],
  ['exec', exec],
  ['exit', exit],
  ['export', exportBuiltin],
  [
    'pwd',
    (context) => {
      context.streams.stdout(`${context.shell.workingDirectory}\n`);
      return 0;
    },
  ],
  ['set', set],
  ['sh', sh],
  ['shift', shift],
  ['test', (context) => testBuiltin(context, false)],
  ['[', (context) => testBuiltin(context, true)],
  ['trap', trap],
  ['unset', unset],
]);

/** Single-quotes a value for re-input when it holds anything but safe characters. */
export function quote(value: string): string {
  return /^[A-Za-z0-9_./:,+=@%-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
