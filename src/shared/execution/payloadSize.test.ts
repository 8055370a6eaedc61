import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { jsonUtf8ByteLength } from './payloadSize';

describe('jsonUtf8ByteLength', () => {
  it.each([
    ['an ASCII string', 'FLOW-001: Observe settings', 28],
    ['escapes', '"q" \\ \n\u0001', 19],
    ['two-, three- and four-byte characters', 'é € 😀', 13],
    ['lone surrogates, written as \\u escapes', 'a\ud800', 9],
    ['omitted members and null array items', { a: undefined, d: [undefined] }, 12],
  ])('counts the UTF-8 bytes of the JSON text for %s', (_name, value, bytes) => {
    expect(jsonUtf8ByteLength(value)).toBe(bytes);
    expect(jsonUtf8ByteLength(value)).toBe(Buffer.byteLength(JSON.stringify(value)));
  });

  it('is NaN when JSON.stringify would throw or write nothing', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(jsonUtf8ByteLength(cyclic)).toBeNaN();
    expect(jsonUtf8ByteLength({ big: 1n })).toBeNaN();
    expect(jsonUtf8ByteLength(undefined)).toBeNaN();
    expect(jsonUtf8ByteLength(() => 1)).toBeNaN();
  });

  it('lets an error thrown by toJSON through', () => {
    const value = {
      toJSON: () => {
        throw new RangeError('no');
      },
    };
    expect(() => jsonUtf8ByteLength(value)).toThrow(RangeError);
  });
});
