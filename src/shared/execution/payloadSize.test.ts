import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { jsonStringByteLength, jsonUtf8ByteLength, jsonUtf8ByteUpperBound } from './payloadSize';

function nodeBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}

/** A deterministic pseudo-random source, so failures reproduce. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const CODE_UNITS = [
  0x00, 0x01, 0x08, 0x09, 0x0a, 0x0c, 0x0d, 0x1f, 0x20, 0x22, 0x41, 0x5c, 0x7f, 0x80, 0x7ff, 0x800,
];
const MORE_UNITS = [0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfeff, 0xffff, 0x2028, 0x2029];

function randomString(next: () => number, maxLength: number): string {
  const units: number[] = [];
  const length = Math.floor(next() * maxLength);
  for (let i = 0; i < length; i++) {
    const pick = next();
    if (pick < 0.4) units.push(0x20 + Math.floor(next() * 95));
    else if (pick < 0.7) units.push(CODE_UNITS[Math.floor(next() * CODE_UNITS.length)] ?? 0x41);
    else if (pick < 0.85) units.push(MORE_UNITS[Math.floor(next() * MORE_UNITS.length)] ?? 0x41);
    else units.push(0xd83d, 0xde00); // a valid pair
  }
  return String.fromCharCode(...units);
}

function randomValue(next: () => number, depth: number): unknown {
  const pick = next();
  if (depth > 3 || pick < 0.3) return randomString(next, 12);
  if (pick < 0.45)
    return [0, -0, 1, -7, 12.5, 1e21, 1e-7, 123456789012345, -1.7976931348623157e308, Number.NaN][
      Math.floor(next() * 10)
    ];
  if (pick < 0.5) return [true, false, null, undefined][Math.floor(next() * 4)];
  if (pick < 0.7) return Array.from({ length: Math.floor(next() * 4) }, () => randomValue(next, depth + 1));
  const record: Record<string, unknown> = {};
  const members = Math.floor(next() * 4);
  for (let i = 0; i < members; i++) record[randomString(next, 6)] = randomValue(next, depth + 1);
  return record;
}

describe('jsonUtf8ByteLength', () => {
  it.each([
    ['an ASCII string', 'FLOW-001: Observe settings'],
    ['escapes', '"quote" \\ back \b\f\n\r\t and \u0000\u0001\u001f'],
    ['two- and three-byte characters', 'é ß € 日本語'],
    ['surrogate pairs', '😀 𝄞'],
    ['lone surrogates', 'a\ud800b\udc00c\ud83d'],
    ['line and paragraph separators', '\u2028\u2029'],
    [
      'numbers',
      [0, -0, 1, -1, 10, 99, 100, 1.5, -2.25, 1e15, 1e21, 1e-7, 123456789012345, 2 ** 53, Number.MAX_VALUE],
    ],
    ['non-finite numbers', [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]],
    ['literals', [true, false, null]],
    [
      'omitted members and null array items',
      { a: undefined, b: () => 1, c: Symbol('s'), d: [undefined, () => 1, Symbol('t')] },
    ],
    ['an empty object and array', { a: {}, b: [] }],
    ['toJSON and dates', { when: new Date(0), custom: { toJSON: (key: string) => `key:${key}` } }],
    ['boxed primitives', [Object(1), Object('s'), Object(false)]],
    ['sparse arrays', [1, , 3]], // eslint-disable-line no-sparse-arrays
    ['keys needing escapes', { 'a"b': 1, 'é\n': 2, '': 3 }],
    [
      'the seed set example',
      { commandId: 'x', actions: [{ id: 'a', params: { widthDp: 320, textColor: '#FFFFFFFF' } }] },
    ],
  ])('equals Buffer.byteLength(JSON.stringify()) for %s', (_name, value) => {
    expect(jsonUtf8ByteLength(value)).toBe(nodeBytes(value));
  });

  it('equals Buffer.byteLength(JSON.stringify()) for 2000 random values', () => {
    const next = random(20240611);
    const mismatches: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const value = [randomValue(next, 0), { member: randomValue(next, 0) }];
      if (jsonUtf8ByteLength(value) !== nodeBytes(value)) mismatches.push(JSON.stringify(value));
    }
    expect(mismatches).toEqual([]);
  });

  it('is NaN when JSON.stringify would throw or write nothing', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(jsonUtf8ByteLength(cyclic)).toBeNaN();
    expect(jsonUtf8ByteLength({ big: 1n })).toBeNaN();
    expect(jsonUtf8ByteLength(undefined)).toBeNaN();
    expect(jsonUtf8ByteLength(() => 1)).toBeNaN();
  });

  it('accepts the same object twice when it is not its own ancestor', () => {
    const shared = { a: 1 };
    expect(jsonUtf8ByteLength([shared, shared])).toBe(nodeBytes([shared, shared]));
  });
});

describe('jsonStringByteLength', () => {
  it('counts the quotes', () => {
    expect(jsonStringByteLength('')).toBe(2);
    expect(jsonStringByteLength('ab')).toBe(4);
  });
});

describe('jsonUtf8ByteUpperBound', () => {
  it('is never below the exact length for random values', () => {
    const next = random(7);
    const below: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const value = [randomValue(next, 0), { member: randomValue(next, 0) }];
      if (jsonUtf8ByteUpperBound(value) < nodeBytes(value)) below.push(JSON.stringify(value));
    }
    expect(below).toEqual([]);
  });

  it('gives up (Infinity) on values whose text it cannot bound without serializing', () => {
    expect(jsonUtf8ByteUpperBound({ when: new Date(0) })).toBe(Number.POSITIVE_INFINITY);
    expect(jsonUtf8ByteUpperBound([Object('boxed')])).toBe(Number.POSITIVE_INFINITY);
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    expect(jsonUtf8ByteUpperBound(cyclic)).toBe(Number.POSITIVE_INFINITY);
  });

  it('stops at the limit, so a value with many self-references returns at once', () => {
    const cyclic: Record<string, unknown> = {};
    for (const key of 'abcdefghij') cyclic[key] = cyclic;
    const started = performance.now();
    expect(jsonUtf8ByteUpperBound(cyclic, 64000)).toBe(Number.POSITIVE_INFINITY);
    expect(jsonUtf8ByteUpperBound(cyclic)).toBe(Number.POSITIVE_INFINITY);
    expect(jsonUtf8ByteUpperBound({ text: 'x'.repeat(100) }, 100)).toBe(Number.POSITIVE_INFINITY);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('stays close enough to settle typical payloads: 6 bytes per code unit at most', () => {
    expect(jsonUtf8ByteUpperBound('x'.repeat(100))).toBe(602);
  });
});
