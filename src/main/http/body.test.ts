import { describe, expect, it } from 'vitest';
import { isJsonContentType, parseJsonBytes } from './body';

describe('body parsing helpers', () => {
  it('accepts only application/json with an optional UTF-8 charset', () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'APPLICATION/JSON;charset="UTF-8"',
    ])
      expect(isJsonContentType(type)).toBe(true);
    for (const type of [
      undefined,
      '',
      'text/json',
      'application/jsonp',
      'application/json; charset=utf-16',
      'text/plain',
    ])
      expect(isJsonContentType(type)).toBe(false);
  });

  it('parses UTF-8 JSON (a byte-order mark is ignored) and refuses other bytes', () => {
    const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
    expect(parseJsonBytes(encode('{"é":[1]}'))).toEqual({ ok: true, value: { é: [1] } });
    expect(parseJsonBytes(encode('\uFEFF[1]'))).toEqual({ ok: true, value: [1] });
    const invalid = parseJsonBytes(new Uint8Array([0x5b, 0xc3, 0x5d]));
    expect(invalid.ok ? 'ok' : invalid.error).toMatchObject({
      code: 'INVALID_JSON',
      message: 'The request body is not valid UTF-8',
    });
    const malformed = parseJsonBytes(encode('[1,]'));
    expect(malformed.ok ? 'ok' : malformed.error).toMatchObject({
      code: 'INVALID_JSON',
      details: { position: 3, line: 1, column: 4 },
    });
  });
});
