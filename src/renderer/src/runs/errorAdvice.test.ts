import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../shared/errors';
import { adviceFor, ENABLE_SERVICE_ADVICE, fixedByEnableService, NO_USABLE_AREA_ADVICE } from './errorAdvice';

describe('adviceFor', () => {
  it('has specific advice for every known code', () => {
    const generic = adviceFor('SOMETHING_NEW');
    for (const code of ERROR_CODES) {
      expect(adviceFor(code).length, code).toBeGreaterThan(10);
      expect(adviceFor(code), code).not.toBe(generic);
    }
  });

  it('tells what to change for a layout that does not fit', () => {
    expect(adviceFor('ON_SCREEN_LOG_LAYOUT_INVALID')).toMatch(
      /^Reduce Width, the offsets, the text or the Font size/,
    );
    expect(adviceFor('ON_SCREEN_LOG_RENDER_TIMEOUT')).toMatch(/screenshot/);
    expect(adviceFor('EXECUTION_CONFLICT_IN_FLIGHT')).toMatch(/wait/i);
  });

  it('gives a generic line for a code a newer device reports', () => {
    expect(adviceFor('BROADCAST_FAILED')).toMatch(/Unknown error code/);
  });
});

describe('adviceFor a known device', () => {
  it('does not tell a device without usable area to change the layout (the preview says: another device)', () => {
    const advice = adviceFor('ON_SCREEN_LOG_LAYOUT_INVALID', { usableAreaUnknown: true });
    expect(advice).toBe(NO_USABLE_AREA_ADVICE);
    expect(advice).not.toMatch(/Reduce/);
    // The same words the preview shows for that device.
    expect(advice).toBe(
      'No panel fits this display as it is configured; the device refuses set_on_screen_log too. Use another device.',
    );
  });

  it('points at the "Enable service" button when it is on screen, and only then', () => {
    for (const code of ['ON_SCREEN_LOG_SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE', 'OPERATOR_NOT_ENABLED']) {
      expect(adviceFor(code, { enableServiceButton: true })).toBe(ENABLE_SERVICE_ADVICE);
      expect(adviceFor(code)).not.toBe(ENABLE_SERVICE_ADVICE);
      expect(fixedByEnableService(code)).toBe(true);
    }
    expect(ENABLE_SERVICE_ADVICE).toContain('\u201cEnable service\u201d');
    expect(adviceFor('DEVICE_OFFLINE', { enableServiceButton: true, usableAreaUnknown: true })).toBe(
      adviceFor('DEVICE_OFFLINE'),
    );
  });
});
