import type { Result } from '../../shared/errors';

// POSIX-style tokenizer for the device shell: quotes, backslash escapes, operators and fd redirections.
// No parameter expansion: `$` is literal (documented limitation).

export type OperatorToken = '&&' | '||' | ';' | '|' | '&' | '\n' | '(' | ')';
export type RedirectOperator = '>' | '>>' | '<' | '>&' | '<&';

export type Token =
  | { kind: 'word'; value: string; quoted: boolean }
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
  let index = 0;

  const flush = (): void => {
    if (inWord) tokens.push({ kind: 'word', value: word, quoted });
    word = '';
    inWord = false;
    quoted = false;
  };

  while (index < input.length) {
    const character = input[index] as string;
    if (character === '\\') {
      const next = input[index + 1];
      index += 2;
      if (next === undefined) {
        word += '\\';
        inWord = true;
      } else if (next !== '\n') {
        word += next;
        inWord = true;
        quoted = true;
      }
      continue;
    }
    if (character === "'") {
      const end = input.indexOf("'", index + 1);
      if (end < 0) return { ok: false, error: { message: "unterminated quoted string (')" } };
      word += input.slice(index + 1, end);
      inWord = true;
      quoted = true;
      index = end + 1;
      continue;
    }
    if (character === '"') {
      const scanned = scanDoubleQuoted(input, index + 1);
      if (!scanned) return { ok: false, error: { message: 'unterminated quoted string (")' } };
      word += scanned.text;
      inWord = true;
      quoted = true;
      index = scanned.end;
      continue;
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
    word += character;
    inWord = true;
    index += 1;
  }
  flush();
  return { ok: true, value: tokens };
}

function scanDoubleQuoted(input: string, start: number): { text: string; end: number } | undefined {
  let text = '';
  let index = start;
  while (index < input.length) {
    const character = input[index] as string;
    if (character === '"') return { text, end: index + 1 };
    if (character === '\\' && index + 1 < input.length) {
      const next = input[index + 1] as string;
      if (next === '\n') {
        index += 2;
        continue;
      }
      if ('$`"\\'.includes(next)) {
        text += next;
        index += 2;
        continue;
      }
    }
    text += character;
    index += 1;
  }
  return undefined;
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
