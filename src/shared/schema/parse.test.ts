import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isRecord, parseWith } from './parse';

const where = { code: 'INVALID_BODY', context: 'devices:describe' } as const;

describe('parseWith', () => {
  const schema = z.strictObject({
    serial: z.string().min(1, 'must not be empty'),
    items: z.array(z.number()).optional(),
  });

  it('returns the typed value', () => {
    expect(parseWith(schema, { serial: 'abc' }, where)).toEqual({ ok: true, value: { serial: 'abc' } });
  });

  it('names the wrong field and keeps the stable code', () => {
    const result = parseWith(schema, { serial: '' }, where);
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_BODY',
        message: 'devices:describe: serial must not be empty',
        details: { field: 'serial' },
      },
    });
  });

  it('names an unknown key and a nested array item', () => {
    const unknown = parseWith(schema, { serial: 'a', extra: 1 }, where);
    expect(unknown.ok === false && unknown.error.details?.field).toBe('extra');
    expect(unknown.ok === false && unknown.error.message).toBe(
      'devices:describe: extra is not a known field',
    );
    const nested = parseWith(schema, { serial: 'a', items: [1, 'x'] }, where);
    expect(nested.ok === false && nested.error.details?.field).toBe('items[1]');
  });

  it('says "input" when the whole input is wrong', () => {
    const result = parseWith(schema, 'text', where);
    expect(result.ok === false && result.error.message).toMatch(/^devices:describe: input /);
  });
  it('says the field once when the rule already names it, with the full path', () => {
    const nested = z.strictObject({
      verification: z
        .strictObject({ timeout_ms: z.number().max(10_000, 'timeout_ms must be at most 10000').optional() })
        .refine((value) => value.timeout_ms !== undefined, { message: 'verification needs a check' }),
    });
    const tooLong = parseWith(nested, { verification: { timeout_ms: 20_000 } }, where);
    expect(tooLong.ok === false && tooLong.error.message).toBe(
      'devices:describe: verification.timeout_ms must be at most 10000',
    );
    const empty = parseWith(nested, { verification: {} }, where);
    expect(empty.ok === false && empty.error.message).toBe('devices:describe: verification needs a check');
  });
});

describe('parseWith and hostile nesting', () => {
  it('refuses 20 000 levels before a recursive schema sees them', () => {
    const deep = JSON.parse(`${'['.repeat(20_000)}${']'.repeat(20_000)}`) as unknown;
    const parsed = parseWith(z.json(), deep, { code: 'INVALID_BODY', context: 'test:channel' });
    expect(parsed.ok ? undefined : parsed.error).toMatchObject({
      code: 'EXECUTION_VALIDATION_FAILED',
      message: expect.stringMatching(
        /^test:channel: input nests arrays and objects more than 64 levels deep/,
      ),
    });
  });
});

describe('isRecord', () => {
  it('accepts plain objects only', () => {
    expect([isRecord({}), isRecord([]), isRecord(null), isRecord('x')]).toEqual([true, false, false, false]);
  });
});
