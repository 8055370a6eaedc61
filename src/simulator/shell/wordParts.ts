import type { ParameterOperator, WordPart } from './ast';

// Scanners for the expanding parts of a word: `$NAME`, `${...}`, `$(...)`, backquotes and double-quoted text.
// Each returns the part, the raw source it covered and the index after it, or a message for unterminated text.

export type Scanned<T> = { value: T; raw: string; end: number } | { error: string };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const SPECIAL = new Set([
  '?',
  '$',
  '#',
  '!',
  '@',
  '*',
  '-',
  '0',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
]);
const BRACED = /^(#?)([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[?$#!@*-])(?:(:?[-=+?])([\s\S]*))?$/;

/** Scans at a `$`; undefined when the `$` is literal (followed by nothing that names a parameter). */
export function scanDollar(input: string, index: number, quoted: boolean): Scanned<WordPart> | undefined {
  const next = input[index + 1];
  if (next === '{') {
    const close = matchingBrace(input, index + 2);
    if (close < 0) return { error: "missing '}'" };
    const body = input.slice(index + 2, close);
    const match = BRACED.exec(body);
    if (!match || (match[1] && match[3])) return { error: `\${${body}}: bad substitution` };
    const part: WordPart = { kind: 'parameter', name: match[2] as string, quoted };
    if (match[1]) part.length = true;
    if (match[3]) {
      part.operator = match[3] as ParameterOperator;
      const argument = argumentParts(match[4] ?? '', quoted);
      if ('error' in argument) return argument;
      part.argument = argument.value;
    }
    return { value: part, raw: input.slice(index, close + 1), end: close + 1 };
  }
  if (next === '(') {
    if (input[index + 2] === '(')
      return { error: 'arithmetic expansion $((...)) is not supported by the simulator' };
    const close = matchingParenthesis(input, index + 2);
    if (close < 0) return { error: "missing ')'" };
    const script = input.slice(index + 2, close);
    return { value: { kind: 'command', script, quoted }, raw: input.slice(index, close + 1), end: close + 1 };
  }
  const rest = input.slice(index + 1);
  const name = NAME.exec(rest)?.[0] ?? (next !== undefined && SPECIAL.has(next) ? next : undefined);
  if (name === undefined) return undefined;
  return {
    value: { kind: 'parameter', name, quoted },
    raw: `$${name}`,
    end: index + 1 + name.length,
  };
}

/** Scans `` `...` `` at `index`; backslash keeps `$`, `` ` `` and `\` literal inside. */
export function scanBackquote(input: string, index: number, quoted: boolean): Scanned<WordPart> {
  let script = '';
  for (let at = index + 1; at < input.length; at += 1) {
    const character = input[at] as string;
    if (character === '`') {
      return { value: { kind: 'command', script, quoted }, raw: input.slice(index, at + 1), end: at + 1 };
    }
    if (character === '\\' && '$`\\'.includes(input[at + 1] ?? '')) {
      at += 1;
      script += input[at] as string;
    } else script += character;
  }
  return { error: 'unterminated `' };
}

/** Scans double-quoted text after the opening quote: literal text with `$` and backquote expansions. */
export function scanDoubleQuoted(input: string, start: number): Scanned<WordPart[]> {
  const parts: WordPart[] = [];
  let text = '';
  const flush = (): void => {
    if (text) parts.push({ kind: 'literal', text, quoted: true });
    text = '';
  };
  let index = start;
  while (index < input.length) {
    const character = input[index] as string;
    if (character === '"') {
      flush();
      if (parts.length === 0) parts.push({ kind: 'literal', text: '', quoted: true });
      return { value: parts, raw: input.slice(start, index), end: index + 1 };
    }
    if (character === '\\' && index + 1 < input.length) {
      const next = input[index + 1] as string;
      if (next === '\n' || '$`"\\'.includes(next)) {
        if (next !== '\n') text += next;
        index += 2;
        continue;
      }
    }
    const scanned =
      character === '$'
        ? scanDollar(input, index, true)
        : character === '`'
          ? scanBackquote(input, index, true)
          : undefined;
    if (scanned && 'error' in scanned) return scanned;
    if (scanned) {
      flush();
      parts.push(scanned.value);
      index = scanned.end;
      continue;
    }
    text += character;
    index += 1;
  }
  return { error: 'unterminated quoted string (")' };
}

/** Index of the `)` closing a `$(` whose body starts at `start`, skipping quotes and nested parentheses; -1 if none. */
function matchingParenthesis(input: string, start: number): number {
  let depth = 1;
  for (let index = start; index < input.length; index += 1) {
    const character = input[index] as string;
    if (character === '\\') index += 1;
    else if (character === "'") {
      const end = input.indexOf("'", index + 1);
      if (end < 0) return -1;
      index = end;
    } else if (character === '"') {
      const scanned = scanDoubleQuoted(input, index + 1);
      if ('error' in scanned) return -1;
      index = scanned.end - 1;
    } else if (character === '(') depth += 1;
    else if (character === ')') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}

/** Index of the `}` closing a `${` whose body starts at `start`, skipping quotes and nested expansions; -1 if none. */
function matchingBrace(input: string, start: number): number {
  for (let index = start; index < input.length; index += 1) {
    const character = input[index] as string;
    if (character === '}') return index;
    if (character === '\\') index += 1;
    else if (character === "'") {
      const end = input.indexOf("'", index + 1);
      if (end < 0) return -1;
      index = end;
    } else if (character === '"' || character === '$' || character === '`') {
      const scanned =
        character === '"'
          ? scanDoubleQuoted(input, index + 1)
          : character === '$'
            ? scanDollar(input, index, false)
            : scanBackquote(input, index, false);
      if (scanned && 'error' in scanned) return -1;
      if (scanned) index = scanned.end - 1;
    }
  }
  return -1;
}

/** The word after `${NAME:-`: quotes removed, its own `$` and backquote expansions kept (quoted as the outer word). */
function argumentParts(text: string, quoted: boolean): Scanned<WordPart[]> {
  const parts: WordPart[] = [];
  const literal = (value: string, isQuoted: boolean): void => {
    const last = parts[parts.length - 1];
    if (last?.kind === 'literal' && last.quoted === isQuoted) last.text += value;
    else parts.push({ kind: 'literal', text: value, quoted: isQuoted });
  };
  let index = 0;
  while (index < text.length) {
    const character = text[index] as string;
    if (character === '\\' && index + 1 < text.length) {
      literal(text[index + 1] as string, true);
      index += 2;
      continue;
    }
    if (character === "'" && !quoted) {
      const end = text.indexOf("'", index + 1);
      if (end < 0) return { error: "unterminated quoted string (')" };
      literal(text.slice(index + 1, end), true);
      index = end + 1;
      continue;
    }
    const scanned =
      character === '"'
        ? scanDoubleQuoted(text, index + 1)
        : character === '$'
          ? scanDollar(text, index, quoted)
          : character === '`'
            ? scanBackquote(text, index, quoted)
            : undefined;
    if (scanned && 'error' in scanned) return scanned;
    if (scanned) {
      for (const part of Array.isArray(scanned.value) ? scanned.value : [scanned.value]) parts.push(part);
      index = scanned.end;
      continue;
    }
    literal(character, quoted);
    index += 1;
  }
  return { value: parts, raw: text, end: text.length };
}
