// UTF-8 size of a value's JSON text, as the payload-size rule counts it.

const encoder = new TextEncoder();

/**
 * Byte length of the UTF-8 encoding of `JSON.stringify(value)`. NaN when JSON.stringify throws a TypeError (a
 * cycle, a BigInt) or writes nothing (undefined, a function, a symbol).
 */
export function jsonUtf8ByteLength(value: unknown): number {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    if (error instanceof TypeError) return Number.NaN;
    throw error;
  }
  // JSON.stringify escapes lone surrogates, so the encoder never replaces a character.
  return text === undefined ? Number.NaN : encoder.encode(text).length;
}
