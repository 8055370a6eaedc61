// Locates the first syntax error of a JSON text, for the CLI's payloads and the HTTP servers' bodies alike.
// Why not JSON.parse's message: V8 (Node 20) gives a position for some errors only ("Unexpected token '}',
// "{"a":}" is not valid JSON" and "Unexpected end of JSON input" have none).
//
// The position is the UTF-16 index of the first character that cannot continue a valid text (text.length for an
// unexpected end). Inside a `\u` escape that is the first character of the four that is not a hex digit, as V8
// reports it: `"\u12G4"` is wrong at the `G` (5), not at the backslash or the `u`.

/** Where and why a JSON text is malformed; line and column are 1-based. */
export interface JsonSyntaxError {
  position: number;
  line: number;
  column: number;
  reason: string;
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const HEX_DIGIT = /^[0-9a-fA-F]$/;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

/** 1-based line and column of a UTF-16 index. */
export function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: position - lineStart + 1 };
}

/** Index just past the string starting at `start` (a quote), or the error position as `-position - 1`. */
function scanString(text: string, start: number): number {
  let at = start + 1;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === 0x22) return at + 1;
    if (code < 0x20) return -at - 1;
    if (code !== 0x5c) {
      at += 1;
      continue;
    }
    const escape = text.charAt(at + 1);
    if (escape === 'u') {
      for (let digit = at + 2; digit < at + 6; digit += 1) {
        if (!HEX_DIGIT.test(text.charAt(digit))) return -Math.min(digit, text.length) - 1;
      }
      at += 6;
    } else if (ESCAPES.has(escape)) at += 2;
    else return -Math.min(at + 1, text.length) - 1;
  }
  return -text.length - 1;
}

/** Index just past the scalar starting at `at`, or the error position as `-position - 1`. */
function scanScalar(text: string, at: number): number {
  if (text.charAt(at) === '"') return scanString(text, at);
  for (const word of ['true', 'false', 'null']) if (text.startsWith(word, at)) return at + word.length;
  NUMBER.lastIndex = at;
  if (NUMBER.exec(text) === null) return -at - 1;
  // A dangling '.', 'e' or a digit after a leading zero is wrong at the character after the match.
  const end = NUMBER.lastIndex;
  return /[.eE0-9]/.test(text.charAt(end)) ? -end - 1 : end;
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && WHITESPACE.has(text.charAt(at))) at += 1;
  return at;
}

/** Index of the value after `"key" :` starting at `at`, or the error position as `-position - 1`. */
function scanKey(text: string, at: number): number {
  const end = text.charAt(at) === '"' ? scanString(text, at) : -at - 1;
  if (end < 0) return end;
  const colon = skipSpace(text, end);
  return text.charAt(colon) === ':' ? skipSpace(text, colon + 1) : -colon - 1;
}

function errorAt(text: string, position: number): JsonSyntaxError {
  const reason =
    position >= text.length
      ? 'unexpected end of input'
      : `unexpected character ${JSON.stringify(text.charAt(position))}`;
  return { position, ...lineAndColumn(text, position), reason };
}

/** The first syntax error of `text`, or null when it is valid JSON. Iterative: deep nesting cannot overflow. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  // The containers we are inside, innermost last.
  const stack: Array<'{' | '['> = [];
  let at = skipSpace(text, 0);
  let expectValue = true;
  for (;;) {
    if (expectValue) {
      const char = text.charAt(at);
      if (char === '{' || char === '[') {
        stack.push(char);
        at = skipSpace(text, at + 1);
        if (text.charAt(at) === (char === '{' ? '}' : ']')) {
          stack.pop();
          at += 1;
          expectValue = false;
        } else if (char === '{') {
          at = scanKey(text, at);
          if (at < 0) return errorAt(text, -at - 1);
        }
        continue;
      }
      const end = scanScalar(text, at);
      if (end < 0) return errorAt(text, -end - 1);
      at = end;
      expectValue = false;
      continue;
    }
    at = skipSpace(text, at);
    const container = stack[stack.length - 1];
    if (container === undefined) return at === text.length ? null : errorAt(text, at);
    const char = text.charAt(at);
    if (char === (container === '{' ? '}' : ']')) {
      stack.pop();
      at += 1;
      continue;
    }
    if (char !== ',') return errorAt(text, at);
    at = skipSpace(text, at + 1);
    if (container === '{') {
      at = scanKey(text, at);
      if (at < 0) return errorAt(text, -at - 1);
    }
    expectValue = true;
  }
}
