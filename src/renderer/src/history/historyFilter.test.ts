// History search, filters and grouping (issue 14, "Evidence worth attaching to a ticket": History).
import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../../shared/api/evidence';
import { groupRuns, historyDevices, matchesFilter, NO_FILTER } from './historyFilter';

const run = (overrides: Partial<RunSummary> & Pick<RunSummary, 'id'>): RunSummary => ({
  path: `/evidence/${overrides.id}`,
  status: 'succeeded',
  startedAt: '2026-12-02T10:00:00.000Z',
  deviceSerial: 'phone-1',
  deviceModel: 'Pixel 7',
  hasScreenshot: true,
  ...overrides,
});

const NOW = new Date('2026-12-02T12:00:00.000Z');

describe('matchesFilter', () => {
  const checkout = run({ id: 'r1', label: 'Checkout flow' });
  const tablet = run({ id: 'r2', label: 'Login', deviceSerial: 'tab-1', deviceModel: 'Pixel Tablet' });
  const failed = run({ id: 'r3', label: 'Broken', status: 'failed' });
  const old = run({ id: 'r4', label: 'Old', startedAt: '2026-10-01T10:00:00.000Z' });
  const shown = (filter: Partial<typeof NO_FILTER>) =>
    [checkout, tablet, failed, old]
      .filter((entry) => matchesFilter(entry, { ...NO_FILTER, ...filter }, NOW))
      .map((entry) => entry.id);

  it('searches label, id and device, every word, any case', () => {
    expect(shown({})).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(shown({ query: 'CHECKOUT' })).toEqual(['r1']);
    expect(shown({ query: 'tablet login' })).toEqual(['r2']);
    expect(shown({ query: 'r3' })).toEqual(['r3']);
    expect(shown({ query: 'tablet checkout' })).toEqual([]);
  });

  it('filters by device, status and date', () => {
    expect(shown({ device: 'tab-1' })).toEqual(['r2']);
    expect(shown({ status: 'failed' })).toEqual(['r3']);
    expect(shown({ date: 'week' })).toEqual(['r1', 'r2', 'r3']);
    expect(shown({ date: 'month' })).toEqual(['r1', 'r2', 'r3']);
    expect(shown({ date: 'any', status: 'succeeded', device: 'phone-1' })).toEqual(['r1', 'r4']);
  });

  it('lists each device once for the device filter', () => {
    expect(historyDevices([checkout, tablet, failed])).toEqual([
      { serial: 'phone-1', name: 'Pixel 7 (phone-1)' },
      { serial: 'tab-1', name: 'Pixel Tablet (tab-1)' },
    ]);
  });
});

describe('groupRuns', () => {
  it('groups the runs of one multi-device start, one per device', () => {
    const groups = groupRuns([
      run({ id: 'a2', label: 'Fleet', deviceSerial: 'tab-1', startedAt: '2026-12-02T10:00:01.000Z' }),
      run({ id: 'a1', label: 'Fleet', deviceSerial: 'phone-1', startedAt: '2026-12-02T10:00:00.000Z' }),
      // The same label again on the same device is another start.
      run({ id: 'b1', label: 'Fleet', deviceSerial: 'phone-1', startedAt: '2026-12-02T09:59:58.000Z' }),
      // Same label, other device, but minutes apart: not the same start.
      run({ id: 'c1', label: 'Fleet', deviceSerial: 'tab-1', startedAt: '2026-12-02T09:50:00.000Z' }),
      run({ id: 'd1', label: 'Other', deviceSerial: 'phone-1', startedAt: '2026-12-02T09:49:59.000Z' }),
    ]);
    expect(groups.map((group) => group.runs.map((entry) => entry.id))).toEqual([
      ['a1', 'a2'],
      ['b1'],
      ['c1'],
      ['d1'],
    ]);
  });
});
