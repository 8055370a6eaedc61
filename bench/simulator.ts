// What a simulated device costs, as regression figures against baselines measured in the same run, through the
// real adb server (the devices run in this process, as the test suite runs them):
//   1. `shell echo` round trip on one device vs the adb server's own `host:version` round trip (the transport floor)
//   2. the same with eight devices answering at once (per-call latency and wall time vs one device)
//   3. `screencap -p` per frame (render + PNG encode + transfer) vs reading the same PNG bytes back with
//      `cat` from the device's file system (transfer only)
// A real adbd answers `shell echo` in a few ms over USB; that comparison needs a phone and is not made here.
// Run: npm run build && node out/bench/simulator.js   (needs Debian's adb on PATH)
import { createAdbClient, type AdbClient } from '../src/node/adb/adbkit';
import { filesOf } from '../src/simulator/device/files';
import { SimulatedAndroid } from '../src/simulator/simulatedAndroid';
import { startIsolatedAdb, waitForDeviceState } from '../src/test-support/isolatedAdb';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const FRAMES = Number(process.env.BENCH_FRAMES ?? 20);

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function echo(client: AdbClient, serial: string): Promise<void> {
  const output = (await client.shell(serial, 'echo ok')).toString();
  if (output !== 'ok\n') throw new Error(`unexpected echo answer ${JSON.stringify(output)}`);
}

const ms = (value: number): string => `${value.toFixed(2)} ms`;
const ratio = (value: number, base: number): string => `${(value / base).toFixed(2)}x`;

async function main(): Promise<void> {
  const adb = await startIsolatedAdb();
  const devices: SimulatedAndroid[] = [];
  try {
    const serials: string[] = [];
    for (let index = 0; index < 8; index += 1) {
      const started = await SimulatedAndroid.start({ profile: 'phone' });
      if (!started.ok) throw new Error(started.error.message);
      devices.push(started.value);
      const attached = await started.value.attach(adb.port);
      if (!attached.ok) throw new Error(attached.error.message);
      await waitForDeviceState(adb.client, attached.value.serial, 'device', 10_000);
      serials.push(attached.value.serial);
    }
    const client = createAdbClient({ port: adb.port });
    const first = serials[0] as string;

    // Warm-up: adbkit connections, the first screen render of every device.
    for (const serial of serials) await echo(client, serial);
    await client.screencap(first);

    const version: number[] = [];
    const one: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      version.push(await timed(() => client.version()));
      one.push(await timed(() => echo(client, first)));
    }

    const eightCalls: number[] = [];
    const eightWall: number[] = [];
    const oneWall: number[] = [];
    for (let round = 0; round < Math.ceil(ROUNDS / 4); round += 1) {
      oneWall.push(await timed(() => echo(client, first)));
      eightWall.push(
        await timed(() =>
          Promise.all(
            serials.map(async (serial) => eightCalls.push(await timed(() => echo(client, serial)))),
          ),
        ),
      );
    }

    // Frames: a new density every frame makes a screen the simulator has not rendered (it keeps encoded frames of
    // unchanged screens); capturing it again right after measures the unchanged-screen path.
    const png = await client.screencap(first);
    filesOf(devices[0]!.state).write('/data/local/tmp/frame.png', {
      data: png,
      mode: 0o644,
      mtimeSeconds: 0,
    });
    const frames: number[] = [];
    const unchanged: number[] = [];
    const transfers: number[] = [];
    for (let frame = 0; frame < FRAMES; frame += 1) {
      devices[0]!.state.setDensityOverride(400 + frame);
      frames.push(await timed(() => client.screencap(first)));
      unchanged.push(await timed(() => client.screencap(first)));
      transfers.push(
        await timed(async () => {
          const bytes = await client.shell(first, 'cat /data/local/tmp/frame.png');
          if (bytes.length !== png.length) throw new Error('cat returned a different size');
        }),
      );
    }

    const v50 = percentile(version, 0.5);
    const one50 = percentile(one, 0.5);
    const eight50 = percentile(eightCalls, 0.5);
    const frame50 = percentile(frames, 0.5);
    const transfer50 = percentile(transfers, 0.5);
    console.log(`simulator bench: ${ROUNDS} rounds, ${FRAMES} frames, PNG ${png.length} bytes`);
    console.log('| measure | p50 | p95 | baseline p50 | ratio |');
    console.log('|---|---|---|---|---|');
    console.log(
      `| shell echo, one device | ${ms(one50)} | ${ms(percentile(one, 0.95))} | host:version ${ms(v50)} | ${ratio(one50, v50)} |`,
    );
    console.log(
      `| shell echo, eight devices at once (per call) | ${ms(eight50)} | ${ms(percentile(eightCalls, 0.95))} | one device ${ms(one50)} | ${ratio(eight50, one50)} |`,
    );
    console.log(
      `| eight echoes at once (wall) | ${ms(percentile(eightWall, 0.5))} | ${ms(percentile(eightWall, 0.95))} | one echo ${ms(percentile(oneWall, 0.5))} | ${ratio(percentile(eightWall, 0.5), percentile(oneWall, 0.5))} |`,
    );
    console.log(
      `| screencap -p, new screen | ${ms(frame50)} | ${ms(percentile(frames, 0.95))} | cat of the same PNG ${ms(transfer50)} | ${ratio(frame50, transfer50)} |`,
    );
    const unchanged50 = percentile(unchanged, 0.5);
    console.log(
      `| screencap -p, unchanged screen | ${ms(unchanged50)} | ${ms(percentile(unchanged, 0.95))} | cat of the same PNG ${ms(transfer50)} | ${ratio(unchanged50, transfer50)} |`,
    );
  } finally {
    for (const device of devices) await device.close();
    await adb.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
