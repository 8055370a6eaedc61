import { resolvePath } from '../../device/fileAccess';
import { filesOf, type DeviceFiles } from '../../device/files';
import { failWith, type CommandContext } from '../commandTable';

/** Turns a POSIX basic regular expression into a JavaScript one: `+?(){}|` are literal unless escaped. */
function basicToJavaScript(pattern: string): string {
  let result = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index] as string;
    if (character === '\\' && index + 1 < pattern.length) {
      const next = pattern[index + 1] as string;
      result += '+?(){}|'.includes(next) ? next : `\\${next}`;
      index += 1;
    } else {
      result += '+?(){}|'.includes(character) ? `\\${character}` : character;
    }
  }
  return result;
}

function escapeLiteral(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Input {
  /** The name printed before matches (`file:`), or undefined for stdin. */
  name: string | undefined;
  text: string;
}

/**
 * toybox `grep [-cEFHhilnoqsvw] [-m MAX] [-e PATTERN]... [PATTERN] [FILE...]` (`-r` walks directories) over the
 * device's files, or stdin without FILE. Status 0 when a line was selected, 1 when none, 2 on an error (a missing
 * file is reported and the others still searched).
 */
export function grep(context: CommandContext): number {
  const flags = new Set<string>();
  const patterns: string[] = [];
  const operands: string[] = [];
  let maxCount = Number.POSITIVE_INFINITY;
  const args = [...context.args];
  while (args.length > 0) {
    const argument = args.shift() as string;
    if (argument === '-e' || argument === '-m') {
      const value = args.shift();
      if (value === undefined)
        return failWith(context, `grep: option requires an argument -- ${argument.slice(1)}`, 2);
      if (argument === '-e') patterns.push(value);
      else if (!/^\d+$/.test(value)) return failWith(context, `grep: -m: invalid number '${value}'`, 2);
      else maxCount = Number(value);
    } else if (/^-[ivcqEFwnlhHsorR]+$/.test(argument)) {
      for (const flag of argument.slice(1)) flags.add(flag === 'R' ? 'r' : flag);
    } else if (argument.startsWith('-') && argument.length > 1) {
      return failWith(context, `grep: Unknown option '${argument}'`, 2);
    } else {
      operands.push(argument);
    }
  }
  if (patterns.length === 0) {
    const pattern = operands.shift();
    if (pattern === undefined) return failWith(context, 'grep: Need 1 argument', 2);
    patterns.push(pattern);
  }

  let expressions: RegExp[];
  try {
    expressions = patterns.map((pattern) => {
      let source = flags.has('F')
        ? escapeLiteral(pattern)
        : flags.has('E')
          ? pattern
          : basicToJavaScript(pattern);
      if (flags.has('w')) source = `(?<![\\w])(?:${source})(?![\\w])`;
      return new RegExp(source, flags.has('i') ? 'gi' : 'g');
    });
  } catch (error) {
    return failWith(context, `grep: bad regex: ${error instanceof Error ? error.message : String(error)}`, 2);
  }

  let failed = false;
  const inputs: Input[] = [];
  if (operands.length === 0) inputs.push({ name: undefined, text: context.stdin.toString('utf8') });
  const files = filesOf(context.device.state);
  const cwd = context.environment.PWD ?? '/';
  for (const operand of operands) {
    const path = resolvePath(operand, cwd);
    if (files.isDirectory(path)) {
      if (flags.has('r')) inputs.push(...walk(files, path, operand));
      else if (!flags.has('s')) context.stderr(`grep: ${operand}: Is a directory\n`);
      continue;
    }
    const file = files.read(path);
    if (file) inputs.push({ name: operand, text: file.data.toString('utf8') });
    else {
      failed = true;
      if (!flags.has('s')) context.stderr(`grep: ${operand}: No such file or directory\n`);
    }
  }
  const prefixNames = flags.has('H') || (!flags.has('h') && (operands.length > 1 || flags.has('r')));
  let anySelected = false;
  for (const input of inputs) {
    const lines = input.text.length === 0 ? [] : input.text.replace(/\n$/, '').split('\n');
    let count = 0;
    for (const [index, line] of lines.entries()) {
      if (count >= maxCount) break;
      const matches = expressions.some((expression) => {
        expression.lastIndex = 0;
        return expression.test(line);
      });
      if (matches === flags.has('v')) continue;
      count += 1;
      anySelected = true;
      if (flags.has('q')) return 0;
      if (flags.has('c') || flags.has('l')) continue;
      const prefix = `${prefixNames && input.name !== undefined ? `${input.name}:` : ''}${flags.has('n') ? `${index + 1}:` : ''}`;
      if (!flags.has('o') || flags.has('v')) {
        context.stdout(`${prefix}${line}\n`);
        continue;
      }
      for (const expression of expressions) {
        expression.lastIndex = 0;
        for (const match of line.matchAll(expression))
          if (match[0] !== '') context.stdout(`${prefix}${match[0]}\n`);
      }
    }
    if (flags.has('l')) {
      if (count > 0) context.stdout(`${input.name ?? '(standard input)'}\n`);
    } else if (flags.has('c'))
      context.stdout(`${prefixNames && input.name !== undefined ? `${input.name}:` : ''}${count}\n`);
  }
  if (failed) return 2;
  return anySelected ? 0 : 1;
}

/** The regular files under a directory, depth first in name order, named as the operand spelled them. */
function walk(files: DeviceFiles, directory: string, shown: string): Input[] {
  const found: Input[] = [];
  for (const { name, file } of files.entries(directory)) {
    const child = `${directory === '/' ? '' : directory}/${name}`;
    const childShown = `${shown.replace(/\/$/, '')}/${name}`;
    if (file) found.push({ name: childShown, text: file.data.toString('utf8') });
    else if (files.isDirectory(child)) found.push(...walk(files, child, childShown));
  }
  return found;
}
