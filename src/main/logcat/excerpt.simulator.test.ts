// The run's log excerpt against a simulated phone through a real isolated adb server: the window reaches back
// EXCERPT_LEAD_SECS before set for what led up to the run, but a crash printed in that lead (an earlier run's) is
// kept in the excerpt's text and not flagged as the run's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import { readLogExcerpt, runStartOnDevice, RUN_START_TOLERANCE_MS } from './excerpt';

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial = '';

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb));
});

afterAll(async () => {
  await sim?.close();
  await adb?.stop();
});

/** A Java crash report of `packageName` printed at `timeMs` on the device's clock. */
function printCrash(packageName: string, pid: number, timeMs: number): void {
  sim.device.state.appendLog({
    pid,
    tid: pid,
    uid: 10_123,
    timeMs,
    buffer: 'crash',
    priority: 'E',
    tag: 'AndroidRuntime',
    message: `FATAL EXCEPTION: main\nProcess: ${packageName}, PID: ${pid}\njava.lang.IllegalStateException: boom`,
  });
}

describe('readLogExcerpt', () => {
  it("flags only the crashes printed after the run started; the lead's are in the text and a caveat", async () => {
    const resolved = await isolatedResolver(adb).resolve(serial);
    if (!resolved.ok) throw new Error(resolved.error.message);
    // The run started 20 s ago (host clock): the window reaches back 22-23 s. One crash 21.5 s ago (in the lead,
    // before set), one 10 s ago (during the run).
    const deviceNow = sim.device.state.now();
    printCrash('com.example.before', 4101, deviceNow - 21_500);
    printCrash('com.example.during', 4102, deviceNow - 10_000);
    const read = await readLogExcerpt(resolved.value, Date.now() - 20_000);
    expect(read.excerpt.status).toBe('complete');
    expect(read.text).toContain('Process: com.example.before, PID: 4101');
    expect(read.text).toContain('Process: com.example.during, PID: 4102');
    expect(read.crashes?.status).toBe('seen');
    expect(read.crashes?.entries.map((entry) => entry.packageName)).toEqual(['com.example.during']);
    expect(read.crashes?.caveats).toContain(
      "1 report printed before the run started (in the excerpt's lead) is in the log excerpt and not counted.",
    );
  });

  it('places the run start no later than the device clock allows, less the tolerance', () => {
    // `date +%s` printed 1000 (the device's time was in [1000, 1001)); 3.2 s had passed since set on the host.
    expect(runStartOnDevice(1000, 3200)).toBeCloseTo(1000 - 3.2 - RUN_START_TOLERANCE_MS / 1000, 6);
  });
});
