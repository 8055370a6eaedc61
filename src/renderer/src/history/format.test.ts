import { describe, expect, it } from 'vitest';
import { formatRunTime, runDevice, runName, runTitles } from './format';

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

  // Issue 14: two runs with the same label on the same device had History buttons with one name between them.
  it('gives every run a title of its own: label, device and time, then a number when those read the same', () => {
    const now = new Date(2025, 4, 2, 18, 0, 0);
    const at = (hours: number, minutes: number, seconds: number): string =>
      new Date(2025, 4, 2, hours, minutes, seconds).toISOString();
    const older = (seconds: number): string => new Date(2025, 4, 1, 9, 30, seconds).toISOString();
    const phone = { deviceSerial: 'emulator-5554', deviceModel: 'Pixel 7' };
    const titles = runTitles(
      [
        { id: 'b', label: 'checkout', ...phone, startedAt: at(14, 5, 9) },
        { id: 'a', label: 'checkout', ...phone, startedAt: at(14, 5, 7) },
        { id: 'c', label: 'checkout', deviceSerial: 'tv-1', startedAt: at(14, 5, 7) },
        // Yesterday's times show minutes only: two runs in one minute would read the same.
        { id: 'd', label: 'checkout', ...phone, startedAt: older(1) },
        { id: 'e', label: 'checkout', ...phone, startedAt: older(40) },
      ],
      now,
      'en-US',
    );
    expect(titles.get('a')).toMatch(/^checkout on Pixel 7 \(emulator-5554\), 2:05:07\sPM$/);
    expect(titles.get('b')).toMatch(/^checkout on Pixel 7 \(emulator-5554\), 2:05:09\sPM$/);
    expect(titles.get('c')).toMatch(/^checkout on tv-1, 2:05:07\sPM$/);
    expect(titles.get('d')).toMatch(/^checkout on Pixel 7 \(emulator-5554\), May 1, 2025,? 9:30\sAM$/);
    expect(titles.get('e')).toBe(`${titles.get('d') ?? ''} #2`);
    expect(new Set(titles.values()).size).toBe(5);
  });
});
