import { describe, expect, it } from 'vitest';
import type { ScreenFrameAnswer } from '../../../shared/api/screenSchemas';
import { fail, ok, type Result } from '../../../shared/errors';
import { FramePoller, fpsOf, type PollerState } from './framePoller';

function frameOf(serial: string, n: number): ScreenFrameAnswer {
  return {
    serial,
    mimeType: 'image/png',
    base64: `frame-${n}`,
    widthPx: 1080,
    heightPx: 2400,
    method: 'screencap-p',
    captureMs: 100,
    encodeMs: null,
    capturedAt: new Date(n * 1000).toISOString(),
  };
}

/** A poller whose frames are answered by hand and whose timers run by hand. */
function harness() {
  const pending: { serial: string; resolve: (answer: Result<ScreenFrameAnswer>) => void }[] = [];
  const timers: (() => void)[] = [];
  let clock = 0;
  let maxInFlight = 0;
  let state: PollerState | null = null;
  const poller = new FramePoller({
    fetchFrame: (serial) =>
      new Promise((resolve) => {
        pending.push({ serial, resolve });
        maxInFlight = Math.max(maxInFlight, pending.length);
      }),
    now: () => clock,
    schedule: (run) => {
      timers.push(run);
      return () => timers.splice(timers.indexOf(run), 1);
    },
    onChange: (next) => (state = next),
  });
  const answer = async (result: Result<ScreenFrameAnswer>): Promise<void> => {
    const next = pending.shift();
    if (next === undefined) throw new Error('no frame request in flight');
    clock += 200;
    next.resolve(result);
    await Promise.resolve();
    await Promise.resolve();
  };
  const tick = (): void => timers.shift()?.();
  return { poller, pending, timers, answer, tick, state: () => state, maxInFlight: () => maxInFlight };
}

describe('FramePoller', () => {
  it('shows frames as they arrive with fps, one request in flight at a time', async () => {
    const h = harness();
    h.poller.setDevice('A');
    h.poller.setVisible(true);
    h.poller.setFrozen(false);
    expect(h.pending).toHaveLength(1);
    await h.answer(ok(frameOf('A', 1)));
    expect(h.state()).toMatchObject({ status: 'live', frames: 1, fps: null });
    expect(h.pending).toHaveLength(0);
    h.tick();
    await h.answer(ok(frameOf('A', 2)));
    h.tick();
    await h.answer(ok(frameOf('A', 3)));
    expect(h.state()).toMatchObject({ frames: 3, fps: 5 });
    expect(h.state()?.frame?.base64).toBe('frame-3');
    expect(h.maxInFlight()).toBe(1);
  });

  it('Freeze keeps the last frame and stops requests; unfreezing resumes', async () => {
    const h = harness();
    h.poller.setDevice('A');
    await h.answer(ok(frameOf('A', 1)));
    h.poller.setFrozen(true);
    expect(h.timers).toHaveLength(0);
    expect(h.pending).toHaveLength(0);
    expect(h.state()).toMatchObject({ status: 'frozen', frames: 1 });
    expect(h.state()?.frame?.base64).toBe('frame-1');
    h.poller.setFrozen(false);
    expect(h.pending).toHaveLength(1);
  });

  it('stops while hidden, and shows a device that went away as disconnected without switching', async () => {
    const h = harness();
    h.poller.setDevice('A');
    await h.answer(ok(frameOf('A', 1)));
    h.poller.setVisible(false);
    expect(h.state()?.status).toBe('hidden');
    expect(h.timers).toHaveLength(0);
    h.poller.setVisible(true);
    await h.answer(fail('DEVICE_NOT_FOUND', 'device A is not connected'));
    expect(h.state()).toMatchObject({ serial: 'A', status: 'disconnected' });
    expect(h.timers).toHaveLength(0);
    expect(h.pending).toHaveLength(0);
  });

  it('drops an answer for the previous device', async () => {
    const h = harness();
    h.poller.setDevice('A');
    h.poller.setDevice('B');
    expect(h.pending.map((request) => request.serial)).toEqual(['A', 'B']);
    await h.answer(ok(frameOf('A', 1)));
    expect(h.state()).toMatchObject({ serial: 'B', frame: null, frames: 0 });
  });

  it('computes fps over the arrival window', () => {
    expect(fpsOf([0])).toBeNull();
    expect(fpsOf([0, 500, 1000])).toBe(2);
  });
});
