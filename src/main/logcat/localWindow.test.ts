import { describe, expect, it } from 'vitest';
import { localCutoff, localEntryEpochMs, parseDeviceClock } from './localWindow';

describe("date '+%s %z' and the device-local cutoff", () => {
  it('parses the clock and offset, and refuses other output', () => {
    expect(parseDeviceClock('1781546400 -0700\n')).toEqual({
      epoch_s: 1781546400,
      offset_minutes: -420,
      utc_offset: '-0700',
    });
    expect(parseDeviceClock('1781546400 +0530')?.offset_minutes).toBe(330);
    expect(parseDeviceClock('1781546400')).toBeUndefined();
    expect(parseDeviceClock('date: bad format')).toBeUndefined();
    expect(parseDeviceClock('1781546400 +2500')).toBeUndefined();
  });

  it('puts the cutoff in the device zone, with a wrap of the day', () => {
    // 2026-06-15 01:00:00 UTC is 06-14 18:00 in Los Angeles and 06:30 in Kolkata.
    const epoch = Date.UTC(2026, 5, 15, 1, 0, 0) / 1000;
    expect(localCutoff({ epoch_s: epoch, offset_minutes: -420, utc_offset: '-0700' }, 90)).toEqual({
      text: '06-14 17:58:30.000',
      crosses_year: false,
    });
    expect(localCutoff({ epoch_s: epoch, offset_minutes: 330, utc_offset: '+0530' }, 3600).text).toBe(
      '06-15 05:30:00.000',
    );
  });

  it('says when the window crosses New Year in the device zone (not in UTC)', () => {
    // 2026-12-31 23:30:00 UTC: already 2027 in Berlin, still 2026 in UTC and New York.
    const epoch = Date.UTC(2026, 11, 31, 23, 30, 0) / 1000;
    expect(localCutoff({ epoch_s: epoch, offset_minutes: 60, utc_offset: '+0100' }, 3600)).toEqual({
      text: '12-31 23:30:00.000',
      crosses_year: true,
    });
    expect(localCutoff({ epoch_s: epoch, offset_minutes: 60, utc_offset: '+0100' }, 1200).crosses_year).toBe(
      false,
    );
    expect(localCutoff({ epoch_s: epoch, offset_minutes: 0, utc_offset: '+0000' }, 3600).crosses_year).toBe(
      false,
    );
  });

  it('places threadtime times on the epoch, December lines in January in the previous year', () => {
    const clock = {
      epoch_s: Date.UTC(2026, 11, 31, 23, 0, 30) / 1000,
      offset_minutes: 60,
      utc_offset: '+0100',
    };
    expect(localEntryEpochMs('01-01 00:00:20.5', clock)).toBe(Date.UTC(2026, 11, 31, 23, 0, 20, 500));
    expect(localEntryEpochMs('12-31 23:59:30.000', clock)).toBe(Date.UTC(2026, 11, 31, 22, 59, 30));
    expect(localEntryEpochMs('1781546400.000', clock)).toBeNull();
  });
});

describe('localEntryEpochMs across a follow that passes New Year', () => {
  it('places January lines read with a December clock in the next year', () => {
    const clock = {
      epoch_s: Date.UTC(2026, 11, 31, 23, 59, 0) / 1000,
      offset_minutes: 0,
      utc_offset: '+0000',
    };
    expect(localEntryEpochMs('01-01 00:01:00.000', clock)).toBe(Date.UTC(2027, 0, 1, 0, 1, 0));
    expect(localEntryEpochMs('06-30 12:00:00.000', clock)).toBe(Date.UTC(2026, 5, 30, 12, 0, 0));
  });
});
