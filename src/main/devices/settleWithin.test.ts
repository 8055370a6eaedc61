import { describe, expect, it } from 'vitest';
import { settleWithin } from './settleWithin';

describe('settleWithin', () => {
  it('passes a value or a rejection through, and gives up after the limit', async () => {
    expect(await settleWithin(Promise.resolve(7), 50)).toEqual({ ok: true, value: 7 });
    const failure = new Error('refused');
    expect(await settleWithin(Promise.reject(failure), 50)).toEqual({ ok: false, error: failure });
    const started = Date.now();
    expect(await settleWithin(new Promise(() => undefined), 30)).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});
