import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../shared/api/contract';
import type { DeviceSequenceResult, SequenceHoldState } from '../../../shared/api/sequence';
import { connectStore } from '../store/store';
import { createFakeClient, createTestStore, settle } from '../../../test-support/rendererStore';
import { CHECK } from '../../../test-support/sequenceFakes';

// Run and hold in the store: the request asks to hold, run:hold fills the column's captures, Capture and Release
// call their channels only while held, and the finished run keeps every capture.

const capture = (index: number) => ({
  step: index === 1 ? 'screenshot' : `screenshot-${index}`,
  index,
  status: 'succeeded' as const,
  file: index === 1 ? 'screenshot.png' : `capture-${index}.png`,
  widthPx: 1080,
  heightPx: 2400,
  captureCheck: CHECK,
});

const view = (captures: number, status: SequenceHoldState['status'] = 'holding'): SequenceHoldState => ({
  runId: 'r1',
  status,
  maxCaptures: 20,
  maxMs: 600_000,
  capturing: false,
  queued: 0,
  captures: Array.from({ length: captures }, (_, index) => capture(index + 1)),
  ...(status === 'ended'
    ? { endedBy: 'user' as const, endedReason: 'Released: the panel was cleared.' }
    : {}),
});

describe('holdSequence', () => {
  it('holds, follows run:hold, captures and releases through the console, and keeps the captures', async () => {
    const client = createFakeClient({
      'evidence:list': () => ({ ok: true, value: { runs: [], skipped: [] } }),
      'sequence:capture': () => ({ ok: true, value: { runs: [{ serial: 's1', runId: 'r1' }] } }),
      'sequence:release': () => ({ ok: true, value: { runs: [{ serial: 's1', runId: 'r1' }] } }),
    });
    const { store } = createTestStore(client);
    store.getState().devicesChanged([{ serial: 's1', state: 'device', server: 'local', model: 'Pixel 7' }]);
    connectStore(store, client);
    // Not held: Space and the Capture button call nothing.
    await store.getState().captureHeld();
    expect(client.callsTo('sequence:capture')).toEqual([]);
    let answer: (value: ApiResult<DeviceSequenceResult[]>) => void = () => undefined;
    client.handlers['sequence:run'] = () => new Promise((resolve) => (answer = resolve));
    const running = store.getState().holdSequence();
    expect(client.callsTo('sequence:run')[0]).toMatchObject({ serials: ['s1'], hold: {} });
    expect(store.getState().holdActive).toBe(true);
    client.emit('run:hold', { ...view(1), serial: 's1' });
    await store.getState().captureHeld();
    expect(client.callsTo('sequence:capture')).toEqual([{}]);
    client.emit('run:hold', { ...view(2), serial: 's1' });
    expect(store.getState().activeRun?.columns[0]?.captures?.map((item) => item.file)).toEqual([
      'screenshot.png',
      'capture-2.png',
    ]);
    await store.getState().releaseHeld();
    expect(client.callsTo('sequence:release')).toEqual([{}]);
    client.emit('run:hold', { ...view(2, 'ended'), serial: 's1' });
    const { runId: _runId, captures, ...hold } = view(2, 'ended');
    answer({
      ok: true,
      value: [
        {
          serial: 's1',
          result: {
            ok: true,
            value: {
              runId: 'r1',
              serial: 's1',
              runPath: '/e/r1',
              status: 'succeeded',
              steps: [
                { step: 'set', status: 'succeeded' },
                { step: 'screenshot', status: 'succeeded' },
                { step: 'screenshot-2', status: 'succeeded' },
                { step: 'clear', status: 'succeeded' },
              ],
              hold: { maxCaptures: hold.maxCaptures, maxMs: hold.maxMs, endedBy: 'user' },
              captures,
            },
          },
        },
      ],
    });
    await running;
    await settle();
    const column = store.getState().activeRun?.columns[0];
    expect(store.getState().holdActive).toBe(false);
    expect(column?.captures).toHaveLength(2);
    expect(column?.hold).toMatchObject({ status: 'ended', endedReason: 'Released: the panel was cleared.' });
    // The later capture is in the captures list, not the step list.
    expect(column?.steps.map((step) => step.name)).toEqual(['set', 'screenshot', 'clear']);
  });
});

describe('runHold', () => {
  it('says why when a bound ended the hold, once', () => {
    const client = createFakeClient({
      'evidence:list': () => ({ ok: true, value: { runs: [], skipped: [] } }),
      'sequence:run': () => new Promise(() => undefined),
    });
    const { store } = createTestStore(client);
    store.getState().devicesChanged([{ serial: 's1', state: 'device', server: 'local', model: 'Pixel 7' }]);
    connectStore(store, client);
    void store.getState().holdSequence();
    client.emit('run:hold', { ...view(20), serial: 's1' });
    const reason = 'Reached 20 captures, the most one hold takes: the panel was cleared by itself.';
    const ended = { ...view(20, 'ended'), endedBy: 'max_captures' as const, endedReason: reason };
    client.emit('run:hold', { ...ended, serial: 's1' });
    client.emit('run:hold', { ...ended, serial: 's1' });
    const told = store.getState().notices.filter((notice) => notice.text.includes(reason));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('Pixel 7');
  });
});
