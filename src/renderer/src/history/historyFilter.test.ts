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
  it('groups the runs run.json names as one start, in the device order of the start', () => {
    const group = { groupId: 'g-1' };
    const groups = groupRuns([
      run({ id: 'a1', label: 'Fleet', deviceSerial: 'phone-1', ...group, groupIndex: 0 }),
      run({ id: 'x1', label: 'Fleet', deviceSerial: 'phone-2', startedAt: '2026-12-02T10:00:00.500Z' }),
      // The tablet started first, but the start listed the phone first: Results showed it first.
      run({
        id: 'a2',
        label: 'Fleet',
        deviceSerial: 'tab-1',
        ...group,
        groupIndex: 1,
        startedAt: '2026-12-02T09:59:59.000Z',
      }),
      run({ id: 'b1', label: 'Fleet', deviceSerial: 'phone-1', groupId: 'g-2', groupIndex: 0 }),
      run({ id: 'b2', label: 'Fleet', deviceSerial: 'tab-1', groupId: 'g-2', groupIndex: 1 }),
    ]);
    expect(groups.map((entry) => entry.runs.map((member) => member.id))).toEqual([
      ['a1', 'a2'],
      ['x1'],
      ['b1', 'b2'],
    ]);
  });

  it('never guesses: same label, other device, one second apart, without a group, stay two entries', () => {
    const groups = groupRuns([
      run({ id: 'a2', label: 'Fleet', deviceSerial: 'tab-1', startedAt: '2026-12-02T10:00:01.000Z' }),
      run({ id: 'a1', label: 'Fleet', deviceSerial: 'phone-1', startedAt: '2026-12-02T10:00:00.000Z' }),
    ]);
    expect(groups.map((entry) => entry.runs.map((member) => member.id))).toEqual([['a2'], ['a1']]);
  });
});
