// Locates the first syntax error in JSON text. Why: V8's JSON.parse messages give a position for some errors only
// ("Unexpected token '}', ... is not valid JSON" and "Unexpected end of JSON input" have none).

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const HEX4 = /[0-9a-fA-F]{4}/y;

/** Index just past the string starting at `start` (a `"`), or the offset of its first error as a negative - 1. */
function scanString(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length) {
    const char = text[index] ?? '';
    if (char === '"') return index + 1;
    if (char.charCodeAt(0) < 0x20) return -index - 1;
    if (char === '\\') {
      const next = text[index + 1] ?? '';
      if (next === 'u') {
        HEX4.lastIndex = index + 2;
        if (!HEX4.test(text)) return -(index + 2) - 1;
        index += 6;
      } else if (ESCAPES.has(next)) index += 2;
      else return -(index + 1) - 1;
    } else index += 1;
  }
  return -text.length - 1;
}

/**
 * The offset of the first JSON syntax error in `text` (text.length for unexpected end), or -1 when it is valid.
 * Iterative, so deeply nested input cannot overflow the stack.
 */
export function jsonErrorOffset(text: string): number {
  const containers: ('object' | 'array')[] = [];
  let index = 0;
  const skipWhitespace = () => {
    while (WHITESPACE.has(text[index] ?? '')) index += 1;
  };
  // Reads `"key"` then `:` at index; returns false (index at the error) when either is missing.
  const readKey = (): boolean => {
    if (text[index] !== '"') return false;
    const end = scanString(text, index);
    if (end < 0) {
      index = -end - 1;
      return false;
    }
    index = end;
    skipWhitespace();
    if (text[index] !== ':') return false;
    index += 1;
    return true;
  };
  skipWhitespace();
  for (;;) {
    // Expect a value at index.
    skipWhitespace();
    const char = text[index] ?? '';
    let closedEmpty = false;
    if (char === '{' || char === '[') {
      index += 1;
      skipWhitespace();
      if (text[index] === (char === '{' ? '}' : ']')) {
        index += 1;
        closedEmpty = true;
      } else {
        containers.push(char === '{' ? 'object' : 'array');
        if (char === '{' && !readKey()) return index;
        continue;
      }
    }
    if (!closedEmpty) {
      if (char === '"') {
        const end = scanString(text, index);
        if (end < 0) return -end - 1;
        index = end;
      } else if (text.startsWith('true', index) || text.startsWith('null', index)) index += 4;
      else if (text.startsWith('false', index)) index += 5;
      else {
        NUMBER.lastIndex = index;
        if (!NUMBER.test(text)) return index;
        index = NUMBER.lastIndex;
      }
    }
    // After a value: close containers or move to the next element.
    for (;;) {
      skipWhitespace();
      const container = containers[containers.length - 1];
      if (container === undefined) return index < text.length ? index : -1;
      const next = text[index];
      if (next === ',') {
        index += 1;
        skipWhitespace();
        if (container === 'object' && !readKey()) return index;
        break;
      }
      if (next !== (container === 'object' ? '}' : ']')) return index;
      containers.pop();
      index += 1;
    }
  }
}

/** 1-based line and column of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}
