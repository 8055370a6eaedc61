import { describe, expect, it, vi } from 'vitest';
import type { LogcatBatchEvent, LogcatFollowInfo, LogcatLine } from '../../../shared/api/logcatSchemas';
import type { LogPriority } from '../../../shared/logcat/entry';
import { parseLogQuery } from '../../../shared/logcat/query';
import { createFakeClient, createTestStore } from '../../../test-support/rendererStore';
import { LogcatModel, threadtimeLine } from './logcatModel';
import { UI_INTERVAL_MS, WINDOW_TICK_MS } from './logcatSlice';

const follow = (followId: string): LogcatFollowInfo => ({
  followId,
  serial: 'emulator-5554',
  command: 'logcat -v threadtime -T 2000',
  query: '',
  redacting: true,
  caveat: 'Redaction is best effort.',
  startedAt: '2026-12-02T16:00:00Z',
});

function line(seq: number, tag: string, message: string, priority: LogPriority = 'I', pid = 100): LogcatLine {
  return {
    seq,
    entry: { time: '12-02 16:00:00.000', epoch_ms: null, pid, tid: pid, uid: null, priority, tag, message },
    redactions: message.includes('[REDACTED]') ? 1 : 0,
  };
}

function batch(followId: string, lines: LogcatLine[], processes: LogcatBatchEvent['processes'] = []) {
  return { followId, serial: 'emulator-5554', received: 0, dropped: 0, lines, unparsed: 0, processes };
}

function setup() {
  let next = 0;
  const client = createFakeClient({
    'logcat:start': () => ({ ok: true, value: follow(`lf-${++next}`) }),
    'logcat:stop': ({ followId }) => ({
      ok: true,
      value: { followId, serial: 'emulator-5554', received: 0, dropped: 0 },
    }),
    'logcat:redaction': ({ followId, redact }) => ({
      ok: true,
      value: { ...follow(followId), redacting: redact },
    }),
  });
  return { client, ...createTestStore(client) };
}

/** The next animation frame (a zero timeout where there is none, as in these tests): when the slice renders. */
const nextFrame = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

const tags = (model: LogcatModel): string[] =>
  Array.from({ length: model.rows }, (_unused, index) => model.row(index)?.entry.tag ?? '?');

describe('logcat slice', () => {
  it('starts a redacting follow, takes only its own batches, filters, and keeps the last good query', async () => {
    const { client, store } = setup();
    await store.getState().logcatStart('emulator-5554');
    expect(client.callsTo('logcat:start')).toEqual([{ serial: 'emulator-5554', redact: true, tail: 2000 }]);
    expect(store.getState().logcat.status).toBe('following');
    client.emit('logcat:batch', batch('lf-1', [line(0, 'A', 'one'), line(1, 'B', 'two', 'E')]));
    client.emit('logcat:batch', batch('lf-other', [line(0, 'X', 'someone else')]));
    const model = store.getState().logcatModel;
    expect(tags(model)).toEqual(['A', 'B']);

    store.getState().logcatSetQuery('level:error');
    expect(tags(model)).toEqual(['B']);
    client.emit('logcat:batch', batch('lf-1', [line(2, 'C', 'three', 'W'), line(3, 'D', 'four', 'F')]));
    expect(tags(model)).toEqual(['B', 'D']);

    store.getState().logcatSetQuery('level:error age:');
    const state = store.getState().logcat;
    expect(state.queryError).toMatchObject({ token: 'age:', offset: 12 });
    expect(state.appliedQuery).toBe('level:error');
    expect(tags(model)).toEqual(['B', 'D']);
    store.getState().logcatSetQuery('-tag:B');
    expect(store.getState().logcat.queryError).toBeNull();
    expect(tags(model)).toEqual(['A', 'C', 'D']);
  });

  it('counts what paused hides, seq gaps as dropped, and redactions; Resume clears the count', async () => {
    const { client, store } = setup();
    await store.getState().logcatStart('emulator-5554');
    store.getState().logcatPause();
    client.emit(
      'logcat:batch',
      batch('lf-1', [line(0, 'A', 'x'), line(3, 'A', 'Authorization: [REDACTED]')]),
    );
    await nextFrame();
    expect(store.getState().logcat).toMatchObject({
      paused: true,
      newWhilePaused: 2,
      dropped: 2,
      redactions: 1,
    });
    store.getState().logcatResume();
    expect(store.getState().logcat).toMatchObject({ paused: false, newWhilePaused: 0 });
  });

  it('shows each skip the follow marked as a row where it happened, counts it apart from losses, and exports it', async () => {
    const { client, store } = setup();
    client.handlers['logcat:start'] = () => ({
      ok: true,
      value: { ...follow('lf-1'), maxLinesPerSecond: 2000 },
    });
    await store.getState().logcatStart('emulator-5554');
    // seq 2-4 skipped (marked before line 5), seq 7 lost (no marker), then a skip at the end of a batch.
    client.emit('logcat:batch', {
      ...batch('lf-1', [
        line(0, 'A', 'zero'),
        line(1, 'A', 'one'),
        line(5, 'A', 'five'),
        line(6, 'B', 'six'),
      ]),
      skips: [{ at: 2, count: 3 }],
    });
    client.emit('logcat:batch', {
      ...batch('lf-1', [line(8, 'A', 'eight')]),
      skips: [{ at: 1, count: 1200 }],
    });
    client.emit('logcat:batch', batch('lf-1', [line(1209, 'A', 'after')]));
    await nextFrame();
    const model = store.getState().logcatModel;
    const texts = Array.from({ length: model.rows }, (_unused, index) => model.row(index)?.entry.message);
    expect(texts).toEqual([
      'zero',
      'one',
      '3 lines skipped: follow is capped at 2,000 lines/s',
      'five',
      'six',
      'eight',
      '1,200 lines skipped: follow is capped at 2,000 lines/s',
      'after',
    ]);
    expect(store.getState().logcat).toMatchObject({
      skipped: 1203,
      dropped: 1,
      total: 6,
      rows: 8,
      lineRows: 6,
    });
    // A marker passes any query: the place of a skip stays visible however the list is filtered.
    store.getState().logcatSetQuery('tag:B');
    expect(Array.from({ length: model.rows }, (_unused, index) => model.row(index)?.entry.message)).toEqual([
      '3 lines skipped: follow is capped at 2,000 lines/s',
      'six',
      '1,200 lines skipped: follow is capped at 2,000 lines/s',
    ]);
    // "1 of 6 lines": the markers are rows, not lines (it read "3 of 6").
    expect(store.getState().logcat).toMatchObject({ rows: 3, lineRows: 1 });
    const { text } = store.getState().logcatExport();
    expect(text).toContain('# 3 lines skipped: follow is capped at 2,000 lines/s\n');
    expect(text).toContain('missing: 1203 skipped by the follow');
  });

  it('tells React about a burst of batches once per UI interval, the model taking every line at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const { client, store } = setup();
      await store.getState().logcatStart('emulator-5554');
      client.emit('logcat:batch', batch('lf-1', [line(0, 'A', 'first')]));
      // The first batch renders in the next frame; later ones wait for the UI interval.
      expect(store.getState().logcat.rows).toBe(0);
      vi.advanceTimersByTime(0);
      const version = store.getState().logcat.version;
      expect(store.getState().logcat.rows).toBe(1);
      client.emit('logcat:batch', batch('lf-1', [line(1, 'A', 'second')]));
      client.emit('logcat:batch', batch('lf-1', [line(3, 'A', 'third')]));
      expect(store.getState().logcatModel.rows).toBe(3);
      expect(store.getState().logcat).toMatchObject({ rows: 1, version, dropped: 0 });
      vi.advanceTimersByTime(UI_INTERVAL_MS);
      vi.advanceTimersByTime(1);
      expect(store.getState().logcat).toMatchObject({ rows: 3, version: version + 1, dropped: 1 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps batches that overtake the start answer, and stops the follow a later start replaced', async () => {
    const { client, store } = setup();
    let release: () => void = () => undefined;
    client.handlers['logcat:start'] = () =>
      new Promise((resolve) => {
        release = () => resolve({ ok: true, value: follow('lf-9') });
      });
    const starting = store.getState().logcatStart('emulator-5554');
    client.emit('logcat:batch', batch('lf-9', [line(0, 'Early', 'before the answer')]));
    release();
    await starting;
    expect(tags(store.getState().logcatModel)).toEqual(['Early']);

    await store.getState().logcatStop();
    expect(client.callsTo('logcat:stop')).toEqual([{ followId: 'lf-9' }]);
    expect(store.getState().logcat.status).toBe('idle');
  });

  it('shows logcat:ended as the error, switches redaction on the follow, and exports the filtered lines', async () => {
    const { client, store } = setup();
    await store.getState().logcatStart('emulator-5554');
    client.emit('logcat:batch', batch('lf-1', [line(0, 'Keep', 'kept line'), line(1, 'Skip', 'skipped')]));
    store.getState().logcatSetQuery('tag:Keep');
    await store.getState().logcatSetRedaction(false);
    expect(client.callsTo('logcat:redaction')).toEqual([{ followId: 'lf-1', redact: false }]);
    expect(store.getState().logcat.redact).toBe(false);

    const exported = store.getState().logcatExport();
    expect(exported.fileName).toMatch(/^logcat-emulator-5554-\d{8}-\d{6}\.txt$/);
    const lines = exported.text.trimEnd().split('\n');
    expect(lines.filter((text) => !text.startsWith('# '))).toEqual([
      '12-02 16:00:00.000   100   100 I Keep: kept line',
    ]);
    expect(exported.text).toContain('# query: tag:Keep; time window: all; 1 of 2 lines');

    client.emit('logcat:ended', {
      followId: 'lf-1',
      serial: 'emulator-5554',
      received: 2,
      dropped: 0,
      error: { code: 'DEVICE_OFFLINE', message: 'The logcat follow ended: emulator-5554 is offline' },
    });
    expect(store.getState().logcat).toMatchObject({ status: 'ended', error: { code: 'DEVICE_OFFLINE' } });
  });
});

describe('LogcatModel', () => {
  it('keeps the newest lines of a bounded ring, shifting the matching rows that left its front', () => {
    const model = new LogcatModel(4);
    model.setQuery(parseLogQuery('tag:K'));
    model.push([line(0, 'K', '0'), line(1, 'x', '1'), line(2, 'K', '2')]);
    model.push([line(3, 'K', '3'), line(4, 'K', '4'), line(5, 'x', '5')]);
    expect(model.total).toBe(6);
    expect(model.ring.size).toBe(4);
    expect(Array.from({ length: model.rows }, (_u, index) => model.row(index)?.entry.message)).toEqual([
      '2',
      '3',
      '4',
    ]);
    expect(model.shiftedRows).toBe(1);
  });

  it('matches package: once the follow names the pid, including lines held before the name arrived', () => {
    const model = new LogcatModel();
    model.setQuery(parseLogQuery('package:com.example.mail'));
    expect(model.push([line(0, 'T', 'early', 'I', 4321)])).toBe(0);
    expect(model.push([line(1, 'T', 'late', 'I', 4321)], [{ pid: 4321, name: 'com.example.mail' }])).toBe(2);
    expect(model.packages()).toEqual(['com.example.mail']);
    expect(threadtimeLine(line(2, 'Tag', 'm', 'W', 7).entry)).toBe('12-02 16:00:00.000     7     7 W Tag: m');
  });
});

/** A line with a device time (epoch ms), as the follow sends them. */
function timed(seq: number, tag: string, epochMs: number): LogcatLine {
  const base = line(seq, tag, tag);
  return { ...base, entry: { ...base.entry, epoch_ms: epochMs } };
}

describe('time windows and age:', () => {
  it('age: and the presets keep the lines of the window, which moves on with the clock', () => {
    const clock = { now: 10_000_000 };
    const model = new LogcatModel(100, () => clock.now);
    model.push([timed(0, 'Old', clock.now - 400_000), timed(1, 'Mid', clock.now - 200_000)]);
    model.push([timed(2, 'New', clock.now - 10_000)]);
    model.setQuery(parseLogQuery('age:5m'));
    expect(tags(model)).toEqual(['Mid', 'New']);
    model.setQuery(parseLogQuery('age:30s'));
    expect(tags(model)).toEqual(['New']);
    model.setQuery(parseLogQuery(''));
    model.setWindow({ kind: 'last', ms: 60_000 });
    expect(tags(model)).toEqual(['New']);
    model.setWindow({ kind: 'last', ms: 3_600_000 });
    expect(tags(model)).toEqual(['Old', 'Mid', 'New']);
    // Five minutes later the 1 h window still holds all; a 5 min window holds none; rows that leave count as shifted.
    model.setWindow({ kind: 'last', ms: 300_000 });
    expect(tags(model)).toEqual(['Mid', 'New']);
    const shifted = model.shiftedRows;
    clock.now += 300_000;
    expect(model.refreshWindow()).toBe(true);
    expect(tags(model)).toEqual([]);
    expect(model.shiftedRows).toBe(shifted + 2);
    // Since a run's start (host ms), measured on the device clock: the device runs 60 s ahead of the host.
    model.setClockSkew(60_000);
    model.setWindow({ kind: 'since', hostMs: clock.now - 600_000 });
    expect(tags(model)).toEqual(['Old', 'Mid', 'New'].slice(1));
    model.setWindow(null);
    expect(tags(model)).toEqual(['Old', 'Mid', 'New']);
  });

  it('the slice applies a preset, measures from the device clock of the follow, ticks, and exports the window', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'],
    });
    try {
      const { client, store, clock } = setup();
      client.handlers['logcat:start'] = () => ({
        ok: true,
        value: {
          ...follow('lf-7'),
          deviceClock: { deviceMs: clock.now + 5000, hostMs: clock.now, utcOffset: '+0000' },
        },
      });
      await store.getState().logcatStart('emulator-5554');
      client.emit(
        'logcat:batch',
        batch('lf-7', [timed(0, 'Before', clock.now - 120_000), timed(1, 'Recent', clock.now - 20_000)]),
      );
      store.getState().logcatSetTimeWindow('1m');
      expect(store.getState().logcat).toMatchObject({ timeWindow: '1m', timed: true, rows: 1 });
      expect(tags(store.getState().logcatModel)).toEqual(['Recent']);
      expect(store.getState().logcatExport().text).toContain('time window: last 1m; 1 of 2 lines');
      // 36 s later (device: +5 s) the recent line is 61 s old: the tick drops it without any new batch.
      clock.now += 36_000;
      vi.advanceTimersByTime(WINDOW_TICK_MS);
      expect(store.getState().logcat.rows).toBe(0);
      store.getState().logcatSetTimeWindow('run', clock.now - 200_000);
      expect(store.getState().logcat).toMatchObject({ timeWindow: 'run', rows: 2 });
      store.getState().logcatSetTimeWindow('all');
      expect(store.getState().logcat).toMatchObject({ timed: false, rows: 2 });
    } finally {
      vi.useRealTimers();
    }
  });
});
