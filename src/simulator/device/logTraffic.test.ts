import { describe, expect, it } from 'vitest';
import { runShell } from '../../test-support/runShell';
import { logTrafficOf, startLogTraffic } from './logTraffic';
import { processesOf } from './processes';
import { DeviceState } from './state';

// Background traffic: seeded, at the configured rate, from running processes, and timers only while a reader waits.

const BASE = Date.UTC(2024, 0, 5, 12, 0, 0, 0);
const THREADTIME = /^(\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) +(\d+) +(\d+) ([VDIWEF]) (.+?): (.*)$/;

function withTraffic(seed: number, ratePerSecond = 5): { state: DeviceState; advance: (ms: number) => void } {
  let now = BASE;
  const state = new DeviceState({ now: () => now, packages: [{ packageName: 'com.simmail.android' }] });
  startLogTraffic(state, { ratePerSecond, seed, historyMs: 0 });
  return { state, advance: (ms) => (now += ms) };
}

describe('log traffic', () => {
  it('is the same for the same seed and clock, different for another seed', async () => {
    const first = withTraffic(7);
    const second = withTraffic(7);
    const other = withTraffic(8);
    for (const device of [first, second, other]) device.advance(30_000);
    const dump = async (state: DeviceState): Promise<string> =>
      (await runShell('logcat -d -b all', { state })).stdout.toString();
    expect(await dump(first.state)).toBe(await dump(second.state));
    expect(await dump(first.state)).not.toBe(await dump(other.state));
  });

  it('writes about the configured rate, in time order, as processes that run', async () => {
    const { state, advance } = withTraffic(3, 5);
    advance(60_000);
    const lines = (await runShell('logcat -d -b all -v threadtime', { state })).stdout
      .toString()
      .split('\n')
      .filter((line) => line && !line.startsWith('---------'));
    // A Poisson stream at 5/s over 60 s: 300 expected; 200..400 is beyond six standard deviations.
    expect(lines.length).toBeGreaterThan(200);
    expect(lines.length).toBeLessThan(400);
    const running = new Set(
      processesOf(state)
        .list()
        .map((process) => process.pid),
    );
    const times = lines.map((line) => {
      const match = THREADTIME.exec(line);
      expect(match, line).not.toBeNull();
      expect(running.has(Number(match?.[2])), line).toBe(true);
      return match?.[1] ?? '';
    });
    expect([...times].sort()).toEqual(times);
    const tags = new Set(lines.map((line) => THREADTIME.exec(line)?.[5]?.trim()));
    expect(tags).toContain('ActivityManager');
    expect(tags).toContain('RILJ');
  });

  it('a rate of 0 writes nothing', async () => {
    const { state, advance } = withTraffic(1, 0);
    advance(60_000);
    expect(state.logs()).toEqual([]);
  });

  it('streams to a reader on the device clock and stops its timer when the reader leaves', async () => {
    const state = new DeviceState();
    startLogTraffic(state, { ratePerSecond: 50, seed: 11, historyMs: 0 });
    const readers = (): number => logTrafficOf(state)?.attachedReaders ?? -1;
    expect(readers()).toBe(0);
    const controller = new AbortController();
    const lines: string[] = [];
    let resolveSeen: () => void = () => undefined;
    const seen = new Promise<void>((resolve) => (resolveSeen = resolve));
    let during = 0;
    const running = runShell('logcat -v threadtime', {
      state,
      signal: controller.signal,
    });
    const unsubscribe = state.on('log', (entry) => {
      lines.push(entry.message);
      // Wait until entries arrive while the reader is attached (not only the backlog it printed first).
      if (lines.length >= 5 && readers() === 1) {
        during = readers();
        resolveSeen();
      }
    });
    await seen;
    controller.abort();
    const run = await running;
    unsubscribe();
    expect(during).toBe(1);
    expect(readers()).toBe(0);
    const printed = run.stdout
      .toString()
      .split('\n')
      .filter((line) => line && !line.startsWith('---------'));
    expect(printed.length).toBeGreaterThan(0);
    for (const line of printed) expect(line).toMatch(THREADTIME);
  });
});
