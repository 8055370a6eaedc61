import { failWith, type CommandContext } from '../../commandTable';
import { linesOf, readInputs } from './inputs';

// toybox's text filters over stdin or device files: head, tail, cut, wc, sed (s///, p, d, -n, addresses).

/** Reads `-n N`, `-nN`, `-N` and `-c N`; the rest are file names. */
function countArguments(args: readonly string[]): { lines?: string; bytes?: string; names: string[] } {
  const result: { lines?: string; bytes?: string; names: string[] } = { names: [] };
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index] as string;
    if (argument === '-n' || argument === '-c') {
      const value = args[index + 1] ?? '';
      index += 1;
      if (argument === '-n') result.lines = value;
      else result.bytes = value;
    } else if (/^-n.+/.test(argument)) result.lines = argument.slice(2);
    else if (/^-c.+/.test(argument)) result.bytes = argument.slice(2);
    else if (/^-\d+$/.test(argument)) result.lines = argument.slice(1);
    else result.names.push(argument);
  }
  return result;
}

function headOrTail(context: CommandContext, tail: boolean): number {
  const { lines = '10', bytes, names } = countArguments(context.args);
  const count = Number.parseInt((bytes ?? lines).replace(/^\+/, ''), 10);
  if (!Number.isFinite(count)) return failWith(context, `${context.name}: not integer: ${bytes ?? lines}`);
  const fromStart = tail && (bytes ?? lines).startsWith('+');
  const { inputs, status } = readInputs(context, names);
  inputs.forEach(({ name, data }, index) => {
    if (inputs.length > 1) context.stdout(`${index > 0 ? '\n' : ''}==> ${name} <==\n`);
    if (bytes !== undefined) {
      context.stdout(
        fromStart
          ? data.subarray(count - 1)
          : tail
            ? data.subarray(Math.max(0, data.length - count))
            : data.subarray(0, count),
      );
      return;
    }
    const all = linesOf(data);
    const kept = fromStart
      ? all.slice(count - 1)
      : tail
        ? all.slice(Math.max(0, all.length - count))
        : all.slice(0, count);
    context.stdout(kept.join(''));
  });
  return status;
}

export const head = (context: CommandContext): number => headOrTail(context, false);
export const tail = (context: CommandContext): number => headOrTail(context, true);

/** `1,3-5,7-` as a predicate over 1-based positions. */
function rangeList(spec: string): ((position: number) => boolean) | undefined {
  const ranges: Array<[number, number]> = [];
  for (const part of spec.split(',')) {
    const match = /^(\d*)(-?)(\d*)$/.exec(part);
    if (!match || (match[1] === '' && match[3] === '')) return undefined;
    const start = match[1] ? Number(match[1]) : 1;
    const end = match[2] ? (match[3] ? Number(match[3]) : Infinity) : start;
    ranges.push([start, end]);
  }
  return (position) => ranges.some(([start, end]) => position >= start && position <= end);
}

/** `cut -d DELIM -f LIST [-s]` or `cut -c LIST`. */
export function cut(context: CommandContext): number {
  let delimiter = '\t';
  let fields: string | undefined;
  let characters: string | undefined;
  let onlyDelimited = false;
  const names: string[] = [];
  const args = [...context.args];
  while (args.length > 0) {
    const argument = args.shift() as string;
    const option = /^-([dfcbs])(.*)$/.exec(argument);
    if (!option) {
      names.push(argument);
      continue;
    }
    if (option[1] === 's') {
      onlyDelimited = true;
      continue;
    }
    const value = option[2] || (args.shift() ?? '');
    if (option[1] === 'd') delimiter = value;
    else if (option[1] === 'f') fields = value;
    else characters = value;
  }
  const spec = fields ?? characters;
  const selected = spec === undefined ? undefined : rangeList(spec);
  if (!selected) return failWith(context, 'cut: Needs -fcb');
  const { inputs, status } = readInputs(context, names);
  for (const { data } of inputs) {
    for (const line of linesOf(data)) {
      const text = line.replace(/\n$/, '');
      if (fields === undefined) {
        context.stdout(`${[...text].filter((_, index) => selected(index + 1)).join('')}\n`);
      } else if (!text.includes(delimiter)) {
        if (!onlyDelimited) context.stdout(`${text}\n`);
      } else {
        context.stdout(
          `${text
            .split(delimiter)
            .filter((_, index) => selected(index + 1))
            .join(delimiter)}\n`,
        );
      }
    }
  }
  return status;
}

/** `wc [-l] [-w] [-c] [-m] [FILE...]`: counts separated by spaces, then the name (none for stdin). */
export function wc(context: CommandContext): number {
  const flags = new Set(
    context.args
      .filter((argument) => /^-[lwcm]+$/.test(argument))
      .flatMap((argument) => [...argument.slice(1)]),
  );
  const order = flags.size === 0 ? ['l', 'w', 'c'] : ['l', 'w', 'm', 'c'].filter((flag) => flags.has(flag));
  const names = context.args.filter((argument) => !/^-[lwcm]+$/.test(argument));
  const { inputs, status } = readInputs(context, names);
  const totals = new Map<string, number>();
  const print = (counts: Map<string, number>, name: string): void => {
    const numbers = order.map((flag) => counts.get(flag) ?? 0);
    const width = order.length === 1 ? 0 : 7;
    const text = numbers.map((value) => String(value).padStart(width)).join(' ');
    context.stdout(`${text}${name === '-' ? '' : ` ${name}`}\n`);
  };
  for (const { name, data } of inputs) {
    const text = data.toString('utf8');
    const counts = new Map<string, number>([
      ['l', (text.match(/\n/g) ?? []).length],
      ['w', (text.match(/\S+/g) ?? []).length],
      ['c', data.length],
      ['m', [...text].length],
    ]);
    for (const [flag, value] of counts) totals.set(flag, (totals.get(flag) ?? 0) + value);
    print(counts, name);
  }
  if (inputs.length > 1) print(totals, 'total');
  return status;
}

/** `sort [-n] [-r] [FILE...]`: lines in byte order, or by their leading number with -n (toybox; no keys or -u). */
export function sort(context: CommandContext): number {
  const flags = new Set(
    context.args
      .filter((argument) => /^-[nr]+$/.test(argument))
      .flatMap((argument) => [...argument.slice(1)]),
  );
  const names = context.args.filter((argument) => !/^-[nr]+$/.test(argument));
  const { inputs, status } = readInputs(context, names);
  const lines = inputs.flatMap(({ data }) => linesOf(data).map((line) => line.replace(/\n$/, '')));
  const leading = (line: string): number => Number.parseFloat(/^\s*-?\d+(\.\d+)?/.exec(line)?.[0] ?? '0');
  const byBytes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  lines.sort((a, b) => (flags.has('n') ? leading(a) - leading(b) || byBytes(a, b) : byBytes(a, b)));
  if (flags.has('r')) lines.reverse();
  context.stdout(lines.map((line) => `${line}\n`).join(''));
  return status;
}
