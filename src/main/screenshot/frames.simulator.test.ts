// Live-screen frames on simulated devices through the real adb server: raw screencap decoded and PNG-encoded here
// gives the same pixels as the device's own `screencap -p` (Android 15's 16-byte header and Android 5's 12-byte
// one), and `auto` measures both once, then sends only the chosen service.
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { captureScreenFrame, decodeRawScreencap, forgetFrameMethod, frameMethodOf } from './frames';

let adb: IsolatedAdb;
const devices: Record<string, { sim: SimulatedAndroid; serial: string }> = {};

beforeAll(async () => {
  adb = await startIsolatedAdb();
  devices.phone = await bootSimulated(adb, { profile: 'phone' });
  devices.legacy21 = await bootSimulated(adb, { profile: 'legacy21' });
});

afterAll(async () => {
  for (const device of Object.values(devices)) await device.sim.close();
  await adb?.stop();
});

function servicesDuring(profile: string) {
  const { sim } = devices[profile]!;
  const before = sim.device.received().length;
  return () =>
    sim.device
      .received()
      .slice(before)
      .map((entry) => entry.service)
      .filter((service) => !service.startsWith('host'));
}

describe.each([
  ['phone', 1080, 2400],
  ['legacy21', 720, 1280],
])('captureScreenFrame on %s', (profile, width, height) => {
  it('raw screencap, encoded here, has the pixels of the device PNG', async () => {
    const { serial } = devices[profile]!;
    // The status bar clock turns at the minute: the raw frame is compared only when the device's PNGs taken just
    // before and just after it are equal (a busy machine can take seconds over the three captures).
    for (let attempt = 1; ; attempt += 1) {
      const sent = servicesDuring(profile);
      const before = await captureScreenFrame(adb.client, serial, { method: 'screencap-p' });
      const raw = await captureScreenFrame(adb.client, serial, { method: 'raw' });
      const after = await captureScreenFrame(adb.client, serial, { method: 'screencap-p' });
      expect(sent()).toEqual(['exec:screencap -p', 'exec:screencap', 'exec:screencap -p']);
      if (!raw.ok || !before.ok || !after.ok) throw new Error('capture failed');
      expect(raw.value).toMatchObject({ method: 'raw', widthPx: width, heightPx: height });
      expect(raw.value.encodeMs).toBeGreaterThanOrEqual(0);
      expect(after.value).toMatchObject({ method: 'screencap-p', encodeMs: null });
      const a = PNG.sync.read(Buffer.from(raw.value.png));
      const b0 = PNG.sync.read(Buffer.from(before.value.png));
      const b1 = PNG.sync.read(Buffer.from(after.value.png));
      expect([a.width, a.height]).toEqual([width, height]);
      if (!b0.data.equals(b1.data) && attempt < 3) continue;
      expect(a.data.equals(b1.data)).toBe(true);
      return;
    }
  });

  it('auto measures both methods once, then sends only the one it chose', async () => {
    const { serial } = devices[profile]!;
    forgetFrameMethod(serial);
    const first = servicesDuring(profile);
    const frame = await captureScreenFrame(adb.client, serial);
    expect(first()).toEqual(['exec:screencap -p', 'exec:screencap', 'exec:screencap -p']);
    const choice = frameMethodOf(serial);
    expect(choice).toMatchObject({ widthPx: width, heightPx: height });
    expect(frame.ok && frame.value.method).toBe(choice?.method);
    const [faster, slower] =
      choice?.method === 'raw' ? (['raw', 'screencap-p'] as const) : (['screencap-p', 'raw'] as const);
    expect(choice!.measuredMs[faster]).toBeLessThanOrEqual(choice!.measuredMs[slower]);
    const next = servicesDuring(profile);
    const again = await captureScreenFrame(adb.client, serial);
    expect(again.ok && again.value.method).toBe(choice?.method);
    expect(next()).toEqual([choice?.method === 'raw' ? 'exec:screencap' : 'exec:screencap -p']);
  });
});

describe('decodeRawScreencap', () => {
  const header = (width: number, height: number, format: number, words = 3) => {
    const bytes = Buffer.alloc(words * 4);
    bytes.writeUInt32LE(width, 0);
    bytes.writeUInt32LE(height, 4);
    bytes.writeUInt32LE(format, 8);
    return bytes;
  };

  it('reads both header sizes and makes RGBX opaque', () => {
    const pixels = Buffer.from([1, 2, 3, 0, 4, 5, 6, 0]);
    const old = decodeRawScreencap(Buffer.concat([header(2, 1, 2), pixels]));
    expect(old.ok && [...old.value.rgba]).toEqual([1, 2, 3, 255, 4, 5, 6, 255]);
    const modern = decodeRawScreencap(Buffer.concat([header(1, 1, 1, 4), Buffer.from([9, 8, 7, 6])]));
    expect(modern.ok && [...modern.value.rgba]).toEqual([9, 8, 7, 6]);
  });

  it('refuses a cut-off frame, a short header and 16-bit formats', () => {
    expect(decodeRawScreencap(Buffer.concat([header(2, 2, 1), Buffer.alloc(5)]))).toMatchObject({
      ok: false,
      error: { details: { reason: 'raw_length' } },
    });
    expect(decodeRawScreencap(Buffer.alloc(6))).toMatchObject({
      ok: false,
      error: { details: { reason: 'raw_header' } },
    });
    expect(decodeRawScreencap(Buffer.concat([header(1, 1, 4), Buffer.alloc(4)]))).toMatchObject({
      ok: false,
      error: { details: { reason: 'raw_format', format: 4 } },
    });
  });
});
