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

/** `grep [-i] [-v] [-c] [-q] [-E|-F] [-e PATTERN]... [PATTERN]` over stdin (the simulator has no files). */
export function grep(context: CommandContext): number {
  const flags = new Set<string>();
  const patterns: string[] = [];
  const operands: string[] = [];
  const args = [...context.args];
  while (args.length > 0) {
    const argument = args.shift() as string;
    if (argument === '-e') {
      const pattern = args.shift();
      if (pattern === undefined) return failWith(context, 'grep: option requires an argument -- e', 2);
      patterns.push(pattern);
    } else if (/^-[ivcqEFw]+$/.test(argument)) {
      for (const flag of argument.slice(1)) flags.add(flag);
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
  if (operands.length > 0) return failWith(context, `grep: ${operands[0]}: No such file or directory`, 2);

  let expressions: RegExp[];
  try {
    expressions = patterns.map((pattern) => {
      let source = flags.has('F')
        ? escapeLiteral(pattern)
        : flags.has('E')
          ? pattern
          : basicToJavaScript(pattern);
      if (flags.has('w')) source = `(?<![\\w])(?:${source})(?![\\w])`;
      return new RegExp(source, flags.has('i') ? 'i' : '');
    });
  } catch (error) {
    return failWith(context, `grep: bad regex: ${error instanceof Error ? error.message : String(error)}`, 2);
  }

  const text = context.stdin.toString('utf8');
  const lines = text.length === 0 ? [] : text.replace(/\n$/, '').split('\n');
  const selected = lines.filter(
    (line) => expressions.some((expression) => expression.test(line)) !== flags.has('v'),
  );
  if (flags.has('q')) return selected.length > 0 ? 0 : 1;
  if (flags.has('c')) context.stdout(`${selected.length}\n`);
  else for (const line of selected) context.stdout(`${line}\n`);
  return selected.length > 0 ? 0 : 1;
}
