// The dumpsys delay fault in process: the answer waits for the delay; an abort (the adb stream closed) ends the
// wait with nothing written and no timer left behind, and is listed as closed early.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runShell } from '../../../test-support/runShell';
import { DeviceState } from '../../device/state';
import { dumpsysClosedEarly, setDumpsysDelay } from './dumpsys';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('dumpsys delay fault', () => {
  it('writes the answer only once the delay has run out', async () => {
    const state = new DeviceState();
    setDumpsysDelay(state, 5_000);
    let settled = false;
    const run = runShell('dumpsys battery', { state }).then((result) => {
      settled = true;
      return result;
    });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const result = await run;
    expect(result.status).toBe(0);
    expect(result.stdout.toString()).toContain('Current Battery Service state:');
    expect(dumpsysClosedEarly(state)).toEqual([]);
  });

  it('stops waiting on abort: no output, no timer left, recorded as closed early', async () => {
    const state = new DeviceState();
    setDumpsysDelay(state, 60_000);
    const controller = new AbortController();
    const run = runShell('dumpsys deviceidle', { state, signal: controller.signal });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(vi.getTimerCount()).toBe(1);
    controller.abort();
    const result = await run;
    expect(result.output.length).toBe(0);
    expect(result.status).not.toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(dumpsysClosedEarly(state)).toMatchObject([
      { service: 'deviceidle', delayMs: 60_000, waitedMs: 1_000 },
    ]);
  });

  it('answers at once with the delay cleared', async () => {
    const state = new DeviceState();
    setDumpsysDelay(state, 5_000);
    setDumpsysDelay(state, 0);
    const result = await runShell('dumpsys -l', { state });
    expect(result.stdout.toString()).toContain('Currently running services:');
    expect(vi.getTimerCount()).toBe(0);
  });
});
