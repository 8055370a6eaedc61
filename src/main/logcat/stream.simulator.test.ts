// The viewer's logcat follow on a simulated phone: the exact command the device received, lines arriving in batches,
// redaction on by default and switchable, and stop() closing the adb stream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { followLogcat, type FollowedLine } from './stream';

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial: string;

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb, { logTraffic: { ratePerSecond: 0, seed: 1 } }));
});

afterAll(async () => {
  await sim.close();
  await adb.stop();
});

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('followLogcat', () => {
  it('follows with -v threadtime -T, redacts by default, switches redaction, and closes on stop', async () => {
    const lines: FollowedLine[] = [];
    const follow = await followLogcat(adb.client, serial, {
      tail: 5,
      batchMs: 30,
      onBatch: (batch) => lines.push(...batch.lines),
    });
    if (!follow.ok) throw new Error(follow.error.message);
    expect(sim.device.received().map((entry) => entry.service)).toContain('shell:logcat -v threadtime -T 5');

    sim.state.appendLog({ priority: 'I', tag: 'OkHttp', message: 'Authorization: Bearer xyz' });
    await until(() => lines.some((line) => line.entry.tag === 'OkHttp'));
    const secret = lines.find((line) => line.entry.tag === 'OkHttp');
    expect(secret?.entry.message).toBe('Authorization: [REDACTED]');
    expect(secret?.redactions).toBe(1);

    follow.value.setRedaction(false);
    sim.state.appendLog({ priority: 'W', tag: 'Plain', message: 'token=abc' });
    await until(() => lines.some((line) => line.entry.tag === 'Plain'));
    expect(lines.find((line) => line.entry.tag === 'Plain')?.entry).toMatchObject({
      priority: 'W',
      message: 'token=abc',
    });
    expect(lines.map((line) => line.seq)).toEqual(lines.map((_line, index) => index));

    await follow.value.stop();
    const count = lines.length;
    sim.state.appendLog({ priority: 'I', tag: 'After', message: 'not read' });
    const again = await followLogcat(adb.client, serial, { tail: 1, onBatch: () => undefined });
    if (again.ok) await again.value.stop();
    expect(lines.length).toBe(count);
  });

  it('reads the device clock first and gives each threadtime line its epoch in the device time zone', async () => {
    sim.state.setProperty('persist.sys.timezone', 'Asia/Kolkata');
    try {
      const lines: FollowedLine[] = [];
      const follow = await followLogcat(adb.client, serial, {
        tail: 1,
        batchMs: 30,
        onBatch: (batch) => lines.push(...batch.lines),
      });
      if (!follow.ok) throw new Error(follow.error.message);
      const services = sim.device.received().map((entry) => entry.service);
      expect(services).toContain("shell,v2,raw:date '+%s %z'");
      expect(follow.value.clock).toMatchObject({ utcOffset: '+0530' });
      // Lines within one second and across the next (the follow caches the date arithmetic per second).
      const second = Math.floor((Date.now() - 90_000) / 1000) * 1000;
      const times = [second + 7, second + 998, second + 999, second + 1000, second + 1001, second + 61_250];
      for (const timeMs of times)
        sim.state.appendLog({ priority: 'I', tag: 'Dated', message: 'when', timeMs });
      await until(() => lines.filter((line) => line.entry.tag === 'Dated').length === times.length);
      await follow.value.stop();
      const dated = lines.filter((line) => line.entry.tag === 'Dated').map((line) => line.entry);
      // Printed in IST (UTC+05:30) without a year or zone; placed back on the epoch to the millisecond.
      const ist = new Date(second + 7 + 330 * 60_000).toISOString();
      expect(dated[0]?.time).toBe(`${ist.slice(5, 10)} ${ist.slice(11, 23)}`);
      expect(dated.map((entry) => entry.epoch_ms)).toEqual(times);
    } finally {
      sim.state.setProperty('persist.sys.timezone', 'UTC');
    }
  });

  it('refuses a tail outside 1..50000 before touching the device', async () => {
    const before = sim.device.received().length;
    const result = await followLogcat(adb.client, serial, { tail: 0, onBatch: () => undefined });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(sim.device.received().length).toBe(before);
  });
});
