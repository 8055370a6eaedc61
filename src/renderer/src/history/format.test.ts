import { describe, expect, it } from 'vitest';
import { formatRunTime, runDevice, runName } from './format';

describe('history formatting', () => {
  it('shows the time for today and the date otherwise (local time)', () => {
    const now = new Date(2025, 4, 2, 18, 0, 0);
    expect(formatRunTime(new Date(2025, 4, 2, 9, 5, 7).toISOString(), now)).toBe('09:05:07');
    expect(formatRunTime(new Date(2025, 4, 1, 23, 59, 0).toISOString(), now)).toBe('2025-05-01 23:59');
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
