import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { startIsolatedAdb, waitForDeviceState, type IsolatedAdb } from '../../test-support/isolatedAdb';
import type { AdbClient } from '../../node/adb/adbkit';
import { captureScreen } from './capture';

// captureScreen against a simulated device through a real, isolated adb server.

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial: string;

beforeAll(async () => {
  adb = await startIsolatedAdb();
  const started = await SimulatedAndroid.start({ profile: 'phone' });
  if (!started.ok) throw new Error(started.error.message);
  sim = started.value;
  const attached = await sim.attach(adb.port);
  if (!attached.ok) throw new Error(attached.error.message);
  serial = attached.value.serial;
  await waitForDeviceState(adb.client, serial, 'device', 5000);
});

afterAll(async () => {
  await sim?.close();
  await adb?.stop();
});

describe('captureScreen', () => {
  it('returns the same bytes as adb exec-out screencap -p, with the size read from IHDR', async () => {
    const captured = await captureScreen(adb.client, serial, { scale: 100 });
    expect(captured.ok).toBe(true);
    if (!captured.ok) return;
    const reference = await adb.adb(['-s', serial, 'exec-out', 'screencap', '-p']);
    const decoded = PNG.sync.read(Buffer.from(captured.value.png));
    expect([decoded.width, decoded.height]).toEqual([1080, 2400]);
    expect(captured.value).toMatchObject({
      widthPx: 1080,
      heightPx: 2400,
      deviceWidthPx: 1080,
      deviceHeightPx: 2400,
      appliedScale: 100,
    });
    // The status bar clock may tick between the two captures; compare the decoded size and the header bytes.
    expect(Buffer.from(captured.value.png.subarray(0, 33))).toEqual(reference.stdout.subarray(0, 33));
  });

  it.each([
    [50, 540, 1200],
    [25, 270, 600],
  ] as const)('scales to %i%%', async (scale, width, height) => {
    const captured = await captureScreen(adb.client, serial, { scale });
    expect(captured.ok).toBe(true);
    if (!captured.ok) return;
    const decoded = PNG.sync.read(Buffer.from(captured.value.png));
    expect([decoded.width, decoded.height]).toEqual([width, height]);
    expect(captured.value).toMatchObject({
      widthPx: width,
      heightPx: height,
      deviceWidthPx: 1080,
      deviceHeightPx: 2400,
      appliedScale: scale,
    });
  });

  it('fails with EVIDENCE_CAPTURE_FAILED and the device message when screencap fails', async () => {
    sim.faults.screencap = { delayMs: 0, fail: true };
    try {
      const captured = await captureScreen(adb.client, serial, { scale: 100 });
      expect(captured).toMatchObject({ ok: false, error: { code: 'EVIDENCE_CAPTURE_FAILED' } });
      if (captured.ok) return;
      expect(captured.error.message).toContain('SurfaceFlinger capture failed');
    } finally {
      sim.faults.screencap = { delayMs: 0, fail: false };
    }
  });

  it('gives up after its timeout when screencap hangs', async () => {
    sim.faults.screencap = { delayMs: 2000, fail: false };
    try {
      const started = Date.now();
      const captured = await captureScreen(adb.client, serial, { scale: 100, timeoutMs: 300 });
      expect(Date.now() - started).toBeLessThan(1500);
      expect(captured).toMatchObject({
        ok: false,
        error: { code: 'EVIDENCE_CAPTURE_FAILED', details: { reason: 'timeout' } },
      });
    } finally {
      sim.faults.screencap = { delayMs: 0, fail: false };
    }
  });

  it('reports an unknown serial as a device error', async () => {
    const captured = await captureScreen(adb.client, 'no-such-device', { scale: 100 });
    expect(captured.ok).toBe(false);
    if (captured.ok) return;
    expect(captured.error.code).toBe('DEVICE_NOT_FOUND');
  });

  it('bounds opening the stream too: an adb server that never answers the open ends in a timeout', async () => {
    // A fake adb whose open never completes (a wedged server); the test's own timeout catches a capture that waits.
    const wedged = { openLocal: () => new Promise<never>(() => undefined) } as unknown as AdbClient;
    const captured = await captureScreen(wedged, 'emulator-5554', { scale: 100, timeoutMs: 200 });
    expect(captured).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_CAPTURE_FAILED', details: { reason: 'timeout', serial: 'emulator-5554' } },
    });
  });

  it('does not start a capture when the execution has no time left', async () => {
    const captured = await captureScreen(adb.client, serial, { scale: 100, timeoutMs: 0 });
    expect(captured).toMatchObject({ ok: false, error: { details: { reason: 'timeout', timeoutMs: 0 } } });
  });
});
