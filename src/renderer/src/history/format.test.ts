import { describe, expect, it } from 'vitest';
import { formatRunTime, runDevice, runName } from './format';

describe('history formatting', () => {
  // Issue 14 defect 8: History wrote 24-hour times while Results wrote the locale's 12-hour ones.
  it("shows the time for today and the date otherwise, in the locale's format", () => {
    const now = new Date(2025, 4, 2, 18, 0, 0);
    const today = new Date(2025, 4, 2, 14, 5, 7);
    expect(formatRunTime(today.toISOString(), now, 'en-US')).toMatch(/^2:05:07\sPM$/);
    expect(formatRunTime(today.toISOString(), now, 'en-US')).toBe(today.toLocaleTimeString('en-US'));
    expect(formatRunTime(today.toISOString(), now, 'de-DE')).toBe('14:05:07');
    const yesterday = new Date(2025, 4, 1, 23, 59, 0).toISOString();
    expect(formatRunTime(yesterday, now, 'en-US')).toMatch(/^May 1, 2025,? 11:59\sPM$/);
    expect(formatRunTime(yesterday, now, 'de-DE')).toBe('01.05.2025, 23:59');
    expect(formatRunTime('not a date', now)).toBe('not a date');
  });

  it('names runs by label, else id, and devices by model and serial', () => {
    expect(runName({ id: 'r1', label: 'FLOW' })).toBe('FLOW');
    expect(runName({ id: 'r1', label: '  ' })).toBe('r1');
    expect(runName({ id: 'r1' })).toBe('r1');
    expect(runDevice({ deviceSerial: 's', deviceModel: 'Pixel 7' })).toBe('Pixel 7 (s)');
    expect(runDevice({ deviceSerial: 's' })).toBe('s');
  });
});
