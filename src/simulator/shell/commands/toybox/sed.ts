import { failWith, type CommandContext } from '../../commandTable';
import { linesOf, readInputs } from './inputs';

// toybox `sed`, the basics host scripts use: -n, -e, -E/-r, addresses N, $, /re/, N,M; commands s///[gIp], p, d, q.

interface Script {
  address?: { from: Matcher; to?: Matcher };
  negate: boolean;
  command: 's' | 'p' | 'd' | 'q';
  pattern?: RegExp;
  replacement?: string;
  print?: boolean;
}

type Matcher = { line: number } | { last: true } | { expression: RegExp };

/** Turns a basic regular expression into a JavaScript one (`\(`, `\{`, `\+`, `\|` are the operators). */
function toRegExp(source: string, extended: boolean, flags: string): RegExp {
  if (extended) return new RegExp(source, flags);
  const converted = source.replace(/\\([(){}+?|])|([(){}+?|])/g, (_, escaped?: string, plain?: string) =>
    escaped ? escaped : `\\${plain ?? ''}`,
  );
  return new RegExp(converted, flags);
}

function parseMatcher(text: string, extended: boolean): { matcher: Matcher; rest: string } | undefined {
  if (text.startsWith('$')) return { matcher: { last: true }, rest: text.slice(1) };
  const number = /^\d+/.exec(text);
  if (number) return { matcher: { line: Number(number[0]) }, rest: text.slice(number[0].length) };
  const expression = /^\/((?:\\.|[^/])*)\//.exec(text);
  if (expression)
    return {
      matcher: { expression: toRegExp(expression[1] ?? '', extended, '') },
      rest: text.slice(expression[0].length),
    };
  return undefined;
}

function parseScript(text: string, extended: boolean): Script | string {
  let rest = text.trim();
  let address: Script['address'];
  const from = parseMatcher(rest, extended);
  if (from) {
    rest = from.rest;
    address = { from: from.matcher };
    if (rest.startsWith(',')) {
      const to = parseMatcher(rest.slice(1), extended);
      if (!to) return `bad address '${text}'`;
      address.to = to.matcher;
      rest = to.rest;
    }
  }
  const negate = rest.startsWith('!');
  if (negate) rest = rest.slice(1);
  rest = rest.trim();
  if (rest === 'p' || rest === 'd' || rest === 'q')
    return { ...(address ? { address } : {}), negate, command: rest };
  if (rest.startsWith('s') && rest.length > 1) {
    const delimiter = rest[1] as string;
    const parts: string[] = [''];
    for (let index = 2; index < rest.length; index += 1) {
      const character = rest[index] as string;
      if (character === '\\' && rest[index + 1] === delimiter) {
        parts[parts.length - 1] += delimiter;
        index += 1;
      } else if (character === delimiter) parts.push('');
      else parts[parts.length - 1] += character;
    }
    if (parts.length !== 3) return `unterminated 's' command`;
    const [source = '', replacement = '', flags = ''] = parts;
    const regexpFlags = `${flags.includes('g') ? 'g' : ''}${flags.includes('I') || flags.includes('i') ? 'i' : ''}`;
    return {
      ...(address ? { address } : {}),
      negate,
      command: 's',
      pattern: toRegExp(source, extended, regexpFlags),
      replacement: replacement
        .replace(/\\(\d)/g, '$$$1')
        .replace(/(^|[^\\])&/g, '$1$$&')
        .replace(/\\&/g, '&'),
      print: flags.includes('p'),
    };
  }
  return `Unknown command '${rest}'`;
}

function matches(matcher: Matcher, line: string, number: number, last: boolean): boolean {
  if ('line' in matcher) return matcher.line === number;
  if ('last' in matcher) return last;
  return matcher.expression.test(line);
}

/** `sed [-n] [-E] [-e SCRIPT]... [SCRIPT] [FILE...]` (commands separated by `;` or newlines). */
export function sed(context: CommandContext): number {
  let quiet = false;
  let extended = false;
  const sources: string[] = [];
  const names: string[] = [];
  const args = [...context.args];
  while (args.length > 0) {
    const argument = args.shift() as string;
    if (argument === '-e') sources.push(args.shift() ?? '');
    else if (/^-[nErs]+$/.test(argument)) {
      if (argument.includes('n')) quiet = true;
      if (/[Er]/.test(argument)) extended = true;
    } else names.push(argument);
  }
  if (sources.length === 0) {
    const script = names.shift();
    if (script === undefined) return failWith(context, 'sed: Need 1 argument');
    sources.push(script);
  }
  const scripts: Script[] = [];
  for (const piece of sources
    .flatMap((source) => source.split(/[;\n]/))
    .filter((piece) => piece.trim() !== '')) {
    let parsed: Script | string;
    try {
      parsed = parseScript(piece, extended);
    } catch (error) {
      parsed = error instanceof Error ? error.message : String(error);
    }
    if (typeof parsed === 'string') return failWith(context, `sed: ${parsed}`);
    scripts.push(parsed);
  }
  const { inputs, status } = readInputs(context, names);
  const lines = inputs.flatMap(({ data }) => linesOf(data));
  const inRange = new Map<Script, boolean>();
  for (const [index, raw] of lines.entries()) {
    let line = raw.replace(/\n$/, '');
    const ending = raw.endsWith('\n') ? '\n' : '';
    const last = index === lines.length - 1;
    let deleted = false;
    let quit = false;
    for (const script of scripts) {
      let selected = true;
      if (script.address) {
        const { from, to } = script.address;
        if (!to) selected = matches(from, line, index + 1, last);
        else if (inRange.get(script)) {
          selected = true;
          if (matches(to, line, index + 1, last) || ('line' in to && to.line <= index + 1))
            inRange.set(script, false);
        } else if (matches(from, line, index + 1, last)) {
          selected = true;
          inRange.set(script, !('line' in to && to.line <= index + 1));
        } else selected = false;
      }
      if (selected === script.negate) continue;
      if (script.command === 'p') context.stdout(`${line}\n`);
      else if (script.command === 'd') {
        deleted = true;
        break;
      } else if (script.command === 'q') {
        quit = true;
        break;
      } else if (script.pattern) {
        script.pattern.lastIndex = 0;
        if (script.pattern.test(line)) {
          script.pattern.lastIndex = 0;
          line = line.replace(script.pattern, script.replacement ?? '');
          if (script.print) context.stdout(`${line}\n`);
        }
      }
    }
    if (!deleted && !quiet) context.stdout(`${line}${ending}`);
    if (quit) break;
  }
  return status;
}
