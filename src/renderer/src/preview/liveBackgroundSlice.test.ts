import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScreenFrameAnswer } from '../../../shared/api/screenSchemas';
import { fail, ok, type Result } from '../../../shared/errors';
import { createFakeClient, createTestStore } from '../../../test-support/rendererStore';
import { liveViewOf } from './liveBackground';
import { LIVE_FRAME_GAP_MS, LIVE_RETRY_MS } from './liveBackgroundSlice';

const SERIAL = 'emulator-5554';
const DISPLAY = { widthPx: 1080, heightPx: 2400 };

function frameOf(n: number): ScreenFrameAnswer {
  return {
    serial: SERIAL,
    mimeType: 'image/png',
    base64: `frame-${n}`,
    widthPx: 1080,
    heightPx: 2400,
    method: 'screencap-p',
    captureMs: 40,
    encodeMs: null,
    capturedAt: new Date(1_000_000 + n).toISOString(),
  };
}

/** A store whose screen:frame answers wait until the test gives them. */
function harness() {
  const pending: ((answer: Result<ScreenFrameAnswer>) => void)[] = [];
  const client = createFakeClient({
    'screen:frame': () => new Promise((resolve) => pending.push(resolve)),
  });
  const { store } = createTestStore(client);
  const requests = (): number => client.callsTo('screen:frame').length;
  const answer = async (result: Result<ScreenFrameAnswer>): Promise<void> => {
    const next = pending.shift();
    if (next === undefined) throw new Error('no frame request in flight');
    next(result);
    await vi.advanceTimersByTimeAsync(0);
  };
  const view = () => {
    const state = store.getState();
    return liveViewOf(state.liveBackground, SERIAL, true, DISPLAY);
  };
  return { store, client, pending, requests, answer, view };
}

describe('the live background', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('requests nothing until Live screen is chosen, then one frame at a time at a modest rate', async () => {
    const h = harness();
    h.store.getState().followLiveBackground({ serial: SERIAL, online: true, shown: true });
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.requests()).toBe(0);

    h.store.getState().setPreviewBackground('live');
    expect(h.requests()).toBe(1);
    await h.answer(ok(frameOf(1)));
    expect(h.view()).toEqual({ kind: 'frame', frame: frameOf(1) });
    // The next request waits the background's gap (not the Screen view's 100 ms).
    await vi.advanceTimersByTimeAsync(LIVE_FRAME_GAP_MS - 1);
    expect(h.requests()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.requests()).toBe(2);
    // Never two in flight, however long the capture takes.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.requests()).toBe(2);
    await h.answer(ok(frameOf(2)));
    expect(h.view()).toEqual({ kind: 'frame', frame: frameOf(2) });
  });

  it('stops requesting while the preview is hidden or another background is chosen, and resumes', async () => {
    const h = harness();
    h.store.getState().setPreviewBackground('live');
    h.store.getState().followLiveBackground({ serial: SERIAL, online: true, shown: true });
    await h.answer(ok(frameOf(1)));

    h.store.getState().followLiveBackground({ serial: SERIAL, online: true, shown: false });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.requests()).toBe(1);
    // The last frame stays for when the preview comes back.
    expect(h.store.getState().liveBackground).toMatchObject({ status: 'hidden', frames: 1 });

    h.store.getState().followLiveBackground({ serial: SERIAL, online: true, shown: true });
    expect(h.requests()).toBe(2);
    await h.answer(ok(frameOf(2)));

    // A frame in flight when the user switches away is the last one.
    await vi.advanceTimersByTimeAsync(LIVE_FRAME_GAP_MS);
    expect(h.requests()).toBe(3);
    h.store.getState().cyclePreviewBackground();
    expect(h.store.getState().previewBackground).toBe('neutral');
    await h.answer(ok(frameOf(3)));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.requests()).toBe(3);
  });

  it('starts no capture without a device or while the device is offline', async () => {
    const h = harness();
    h.store.getState().setPreviewBackground('live');
    h.store.getState().followLiveBackground({ serial: null, online: false, shown: true });
    h.store.getState().followLiveBackground({ serial: SERIAL, online: false, shown: true });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.requests()).toBe(0);
    expect(liveViewOf(h.store.getState().liveBackground, SERIAL, false, DISPLAY)).toEqual({
      kind: 'problem',
      problem: { kind: 'offline' },
    });

    h.store.getState().followLiveBackground({ serial: SERIAL, online: true, shown: true });
    expect(h.requests()).toBe(1);
    await h.answer(ok(frameOf(1)));
    // Offline again: no further requests.
    h.store.getState().followLiveBackground({ serial: SERIAL, online: false, shown: true });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.requests()).toBe(1);
  });

  it('says the structured error when capture fails, retries slowly and is live again once a frame arrives', async () => {
    const h = harness();
    h.store.getState().setPreviewBackground('live');
    h.store.getState().followLiveBackground({ serial: SERIAL, online: true, shown: true });
    await h.answer(ok(frameOf(1)));
    await vi.advanceTimersByTimeAsync(LIVE_FRAME_GAP_MS);
    const failure = fail('EVIDENCE_CAPTURE_FAILED', 'screencap exited with status 1: no display.');
    await h.answer(failure);
    // The failed view carries the error, not the stale frame: the preview falls back.
    expect(h.view()).toEqual({
      kind: 'problem',
      problem: { kind: 'failed', error: failure.error },
    });
    // The background choice itself is unchanged.
    expect(h.store.getState().previewBackground).toBe('live');
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS - 1);
    expect(h.requests()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.requests()).toBe(3);
    await h.answer(ok(frameOf(3)));
    expect(h.view()).toEqual({ kind: 'frame', frame: frameOf(3) });
  });

  it('follows a device change and drops the other device’s frame', async () => {
    const h = harness();
    h.store.getState().setPreviewBackground('live');
    h.store.getState().followLiveBackground({ serial: SERIAL, online: true, shown: true });
    await h.answer(ok(frameOf(1)));
    h.store.getState().followLiveBackground({ serial: 'other-1', online: true, shown: true });
    expect(h.client.callsTo('screen:frame').at(-1)).toEqual({ serial: 'other-1' });
    expect(h.store.getState().liveBackground).toMatchObject({ serial: 'other-1', frame: null });
    expect(h.view()).toEqual({ kind: 'problem', problem: { kind: 'waiting' } });
  });

  it('cycles capture -> live -> neutral -> capture', () => {
    const h = harness();
    const seen = [h.store.getState().previewBackground];
    for (let index = 0; index < 3; index += 1) {
      h.store.getState().cyclePreviewBackground();
      seen.push(h.store.getState().previewBackground);
    }
    expect(seen).toEqual(['capture', 'live', 'neutral', 'capture']);
  });
});
