import { describe, expect, it } from 'vitest';
import { createRunId, isRunId, sanitizeSerial, secondOf, timestampOf } from './runId';

const AT = new Date('2025-06-03T14:05:09.250Z');

describe('run ids', () => {
  it('are <yyyymmdd-hhmmss UTC>-<serial>-<6 base36>', () => {
    expect(createRunId(AT, 'emulator-5554', () => 35)).toBe('20250603-140509-emulator-5554-00000z');
    expect(createRunId(new Date('2025-06-03T23:59:59+02:00'), 'R5CT', () => 36 ** 6 - 1)).toBe(
      '20250603-215959-R5CT-zzzzzz',
    );
    expect(isRunId(createRunId(AT, 'x'))).toBe(true);
  });

  it('reduce serials to filesystem-safe characters', () => {
    expect(sanitizeSerial('192.168.1.5:5555')).toBe('192.168.1.5_5555');
    expect(sanitizeSerial('adb-R5CT/..\\x y')).toBe('adb-R5CT_.._x_y');
    expect(sanitizeSerial('')).toBe('device');
    expect(sanitizeSerial('s'.repeat(100))).toHaveLength(40);
  });

  it('sort by time as plain strings', () => {
    const ids = [new Date('2025-06-03T14:05:10Z'), AT, new Date('2024-12-31T23:59:59Z')].map((time) =>
      createRunId(time, 'zzz', () => 0),
    );
    expect([...ids].sort()).toEqual([ids[2], ids[1], ids[0]]);
    expect(timestampOf(AT)).toBe('20250603-140509');
    expect(secondOf(ids[1] ?? '')).toBe('20250603-140509');
  });

  it.each([
    '..',
    '../x',
    '20250603-140509-../../etc-abcdef',
    '20250603-140509-a/b-abcdef',
    '20250603-140509-a\\b-abcdef',
    '20250603-140509--abcdef',
    '20250603-140509-serial-ABCDEF',
    '20250603-140509-serial-abcde',
    '2025063-140509-serial-abcdef',
    ' 20250603-140509-serial-abcdef',
    '20250603-140509-serial-abcdef\n',
    '.tmp-20250603-140509-serial-abcdef',
    '',
  ])('rejects %j', (id) => {
    expect(isRunId(id)).toBe(false);
  });
});
