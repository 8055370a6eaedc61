import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../shared/errors';
import { adviceFor } from './errorAdvice';

describe('adviceFor', () => {
  it('has specific advice for every known code', () => {
    const generic = adviceFor('SOMETHING_NEW');
    for (const code of ERROR_CODES) {
      expect(adviceFor(code).length, code).toBeGreaterThan(10);
      expect(adviceFor(code), code).not.toBe(generic);
    }
  });

  it('tells what to change for a layout that does not fit', () => {
    expect(adviceFor('ON_SCREEN_LOG_LAYOUT_INVALID')).toMatch(/^Reduce width\/offsets or text/);
    expect(adviceFor('ON_SCREEN_LOG_RENDER_TIMEOUT')).toMatch(/screenshot/);
    expect(adviceFor('EXECUTION_CONFLICT_IN_FLIGHT')).toMatch(/wait/i);
  });

  it('gives a generic line for a code a newer device reports', () => {
    expect(adviceFor('BROADCAST_FAILED')).toMatch(/Unknown error code/);
  });
});
