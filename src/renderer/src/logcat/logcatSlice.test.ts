import { describe, expect, it, vi } from 'vitest';
import type { LogcatBatchEvent, LogcatFollowInfo, LogcatLine } from '../../../shared/api/logcatSchemas';
import type { LogPriority } from '../../../shared/logcat/entry';
import { parseLogQuery } from '../../../shared/logcat/query';
import { createFakeClient, createTestStore } from '../../../test-support/rendererStore';
import { LogcatModel, threadtimeLine } from './logcatModel';
import { UI_INTERVAL_MS } from './logcatSlice';

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
    expect(store.getState().logcat).toMatchObject({
      paused: true,
      newWhilePaused: 2,
      dropped: 2,
      redactions: 1,
    });
    store.getState().logcatResume();
    expect(store.getState().logcat).toMatchObject({ paused: false, newWhilePaused: 0 });
  });

  it('tells React about a burst of batches once per UI interval, the model taking every line at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const { client, store } = setup();
      await store.getState().logcatStart('emulator-5554');
      client.emit('logcat:batch', batch('lf-1', [line(0, 'A', 'first')]));
      const version = store.getState().logcat.version;
      expect(store.getState().logcat.rows).toBe(1);
      client.emit('logcat:batch', batch('lf-1', [line(1, 'A', 'second')]));
      client.emit('logcat:batch', batch('lf-1', [line(3, 'A', 'third')]));
      expect(store.getState().logcatModel.rows).toBe(3);
      expect(store.getState().logcat).toMatchObject({ rows: 1, version, dropped: 0 });
      vi.advanceTimersByTime(UI_INTERVAL_MS);
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
    expect(exported.text).toContain('# query: tag:Keep; 1 of 2 lines');

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
