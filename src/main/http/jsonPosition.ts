// Locates the first JSON syntax error. Why not JSON.parse's message: V8 (Node 20) often omits the position and
// quotes the input instead ("Unexpected token '}', "{"a":}" is not valid JSON").

/** Where and why a JSON text is malformed; position is a UTF-16 index into the text. */
export interface JsonSyntaxError {
  position: number;
  line: number;
  column: number;
  reason: string;
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

function describe(text: string, at: number): string {
  if (at >= text.length) return 'unexpected end of input';
  return `unexpected character ${JSON.stringify(text.charAt(at))}`;
}

/** Index just past the string starting at `start` (a quote), or the error position as a negative - 1. */
function scanString(text: string, start: number): number {
  let at = start + 1;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === 0x22) return at + 1;
    if (code < 0x20) return -at - 1;
    if (code === 0x5c) {
      const next = text.charAt(at + 1);
      if (next === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) return -(at + 1) - 1;
        at += 6;
        continue;
      }
      if (!ESCAPES.has(next)) return -(at + 1) - 1;
      at += 2;
      continue;
    }
    at += 1;
  }
  return -text.length - 1;
}

/** Index just past the value starting at `at`, or the error position as a negative - 1; containers excluded. */
function scanScalar(text: string, at: number): number {
  const char = text.charAt(at);
  if (char === '"') return scanString(text, at);
  for (const word of ['true', 'false', 'null']) {
    if (text.startsWith(word, at)) return at + word.length;
  }
  NUMBER.lastIndex = at;
  if (NUMBER.exec(text) !== null) {
    // A '-' alone, or digits followed by a dangling '.', 'e', is malformed at the character after the match.
    const end = NUMBER.lastIndex;
    return /[.eE0-9]/.test(text.charAt(end)) ? -end - 1 : end;
  }
  return -at - 1;
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && ' \t\n\r'.includes(text.charAt(at))) at += 1;
  return at;
}

/** Index of the value after `"key" :` starting at `at`, or the error position as a negative - 1. */
function scanKey(text: string, at: number): number {
  const end = text.charAt(at) === '"' ? scanString(text, at) : -at - 1;
  if (end < 0) return end;
  const colon = skipSpace(text, end);
  return text.charAt(colon) === ':' ? skipSpace(text, colon + 1) : -colon - 1;
}

function errorAt(text: string, position: number): JsonSyntaxError {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - (before.lastIndexOf('\n') + 1) + 1;
  return { position, line, column, reason: describe(text, position) };
}

/** Returns the first syntax error of `text`, or null when it is valid JSON. Iterative: deep nesting is fine. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  // Each stack entry is the container we are inside: '{' or '['.
  const stack: string[] = [];
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
