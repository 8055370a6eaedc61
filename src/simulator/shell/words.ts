import type { Result } from '../../shared/errors';
import type { WordPart } from './ast';
import { scanBackquote, scanDollar, scanDoubleQuoted } from './wordParts';

// POSIX-style tokenizer for the device shell: quotes, backslash escapes, operators, fd redirections, and the
// parts of each word that expand later (`$NAME`, `${...}`, `$(...)`, backquotes).

export type OperatorToken = '&&' | '||' | ';' | '|' | '&' | '\n' | '(' | ')';
export type RedirectOperator = '>' | '>>' | '<' | '>&' | '<&';

export type Token =
  /** `value`: the text with quotes removed and expansions as written; `quoted`: some of it was quoted or escaped. */
  | { kind: 'word'; value: string; quoted: boolean; parts: WordPart[] }
  | { kind: 'operator'; value: OperatorToken }
  | { kind: 'redirect'; fd: number; operator: RedirectOperator };

export interface SyntaxError {
  message: string;
}

const OPERATOR_CHARACTERS = new Set(['&', '|', ';', '\n', '(', ')', '<', '>']);
const BLANKS = new Set([' ', '\t', '\r']);

/** Splits a command line into words, operators and redirections. */
export function tokenize(input: string): Result<Token[], SyntaxError> {
  const tokens: Token[] = [];
  let word = '';
  let inWord = false;
  let quoted = false;
  let parts: WordPart[] = [];
  let index = 0;

  const flush = (): void => {
    if (inWord) tokens.push({ kind: 'word', value: word, quoted, parts });
    word = '';
    inWord = false;
    quoted = false;
    parts = [];
  };
  const literal = (text: string, isQuoted: boolean): void => {
    word += text;
    inWord = true;
    const last = parts[parts.length - 1];
    if (last?.kind === 'literal' && last.quoted === isQuoted) last.text += text;
    else parts.push({ kind: 'literal', text, quoted: isQuoted });
  };

  while (index < input.length) {
    const character = input[index] as string;
    if (character === '\\') {
      const next = input[index + 1];
      index += 2;
      if (next === undefined) {
        literal('\\', false);
      } else if (next !== '\n') {
        literal(next, true);
        quoted = true;
      }
      continue;
    }
    if (character === "'") {
      const end = input.indexOf("'", index + 1);
      if (end < 0) return { ok: false, error: { message: "unterminated quoted string (')" } };
      literal(input.slice(index + 1, end), true);
      quoted = true;
      index = end + 1;
      continue;
    }
    if (character === '"') {
      const scanned = scanDoubleQuoted(input, index + 1);
      if ('error' in scanned) return { ok: false, error: { message: scanned.error } };
      const before = word;
      for (const part of scanned.value) {
        if (part.kind === 'literal') literal(part.text, true);
        else parts.push(part);
      }
      if (scanned.value.some((part) => part.kind !== 'literal')) word = before + scanned.raw;
      inWord = true;
      quoted = true;
      index = scanned.end;
      continue;
    }
    if (character === '$' || character === '`') {
      const scanned =
        character === '$' ? scanDollar(input, index, false) : scanBackquote(input, index, false);
      if (scanned && 'error' in scanned) return { ok: false, error: { message: scanned.error } };
      if (scanned) {
        parts.push(scanned.value);
        word += scanned.raw;
        inWord = true;
        index = scanned.end;
        continue;
      }
    }
    if (character === '#' && !inWord) {
      while (index < input.length && input[index] !== '\n') index += 1;
      continue;
    }
    if (BLANKS.has(character)) {
      flush();
      index += 1;
      continue;
    }
    if (OPERATOR_CHARACTERS.has(character)) {
      if ((character === '>' || character === '<') && inWord && !quoted && /^[0-9]$/.test(word)) {
        const fd = Number(word);
        word = '';
        inWord = false;
        parts = [];
        index = readRedirect(input, index, fd, tokens);
        continue;
      }
      flush();
      index =
        character === '>' || character === '<'
          ? readRedirect(input, index, character === '>' ? 1 : 0, tokens)
          : readOperator(input, index, tokens);
      continue;
    }
    literal(character, false);
    index += 1;
  }
  flush();
  return { ok: true, value: tokens };
}

function readRedirect(input: string, index: number, fd: number, tokens: Token[]): number {
  const first = input[index] as '>' | '<';
  const next = input[index + 1];
  if (first === '>' && next === '>') {
    tokens.push({ kind: 'redirect', fd, operator: '>>' });
    return index + 2;
  }
  if (next === '&') {
    tokens.push({ kind: 'redirect', fd, operator: first === '>' ? '>&' : '<&' });
    return index + 2;
  }
  tokens.push({ kind: 'redirect', fd, operator: first });
  return index + 1;
}

function readOperator(input: string, index: number, tokens: Token[]): number {
  const character = input[index] as string;
  const pair = input.slice(index, index + 2);
  if (pair === '&&' || pair === '||') {
    tokens.push({ kind: 'operator', value: pair });
    return index + 2;
  }
  tokens.push({ kind: 'operator', value: character as OperatorToken });
  return index + 1;
}

/** Words of a command line with quotes removed, ignoring operators (handy for single commands). */
export function splitWords(input: string): Result<string[], SyntaxError> {
  const tokens = tokenize(input);
  if (!tokens.ok) return tokens;
  const words: string[] = [];
  for (const token of tokens.value) if (token.kind === 'word') words.push(token.value);
  return { ok: true, value: words };
}
