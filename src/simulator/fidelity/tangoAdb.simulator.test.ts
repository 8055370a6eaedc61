import { Adb, AdbServerClient, type AdbSyncWriteOptions } from '@yume-chan/adb';
import { AdbServerNodeTcpConnector } from '@yume-chan/adb-server-node-tcp';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated } from '../../test-support/isolatedResolver';
import { filesOf } from '../device/files';
import type { SimulatedAndroid } from '../simulatedAndroid';

// Fidelity measured with a real third-party Node client that speaks the adb protocol itself: Tango
// (@yume-chan/adb 2.6, the library behind the web "Tango ADB" console) through the real adb server. It reads the
// banner's features, runs shell v2 and legacy subprocesses, uses sync v2 (stat/list/read/write) and framebuffer:.

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial: string;
let tango: Adb;

async function bytesOf(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A one-chunk web stream in the type Tango declares (its own alias of the global ReadableStream). */
function streamOf(text: string): AdbSyncWriteOptions['file'] {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
  return stream as unknown as AdbSyncWriteOptions['file'];
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb, { profile: 'phone' }));
  const server = new AdbServerClient(new AdbServerNodeTcpConnector({ host: '127.0.0.1', port: adb.port }));
  tango = await server.createAdb({ serial });
});

afterAll(async () => {
  await tango?.close();
  await sim?.device.close();
  await adb?.stop();
});

describe('Tango (@yume-chan/adb 2.6) against a simulated Pixel 7 (API 35)', () => {
  it('lists the device with its product facts and reads the banner features', async () => {
    const server = new AdbServerClient(new AdbServerNodeTcpConnector({ host: '127.0.0.1', port: adb.port }));
    const devices = await server.getDevices();
    expect(devices).toHaveLength(1);
    // The adb server reports `devices -l` facts with spaces as underscores, and Tango's banner comes from there.
    expect(devices[0]).toMatchObject({ serial, state: 'device', model: 'Pixel_7', product: 'panther' });
    expect(tango.banner.model).toBe('Pixel_7');
    for (const feature of ['shell_v2', 'cmd', 'stat_v2', 'ls_v2', 'abb_exec'] as const)
      expect(tango.canUseFeature(feature)).toBe(true);
    expect(await tango.getProp('ro.build.version.sdk')).toBe('35');
    expect(await tango.getProp('ro.product.cpu.abilist')).toMatch(/^arm64-v8a(,|$)/);
  });

  it('runs shell protocol subprocesses with separate stderr and real exit codes', async () => {
    const shell = tango.subprocess.shellProtocol;
    expect(shell?.isSupported).toBe(true);
    const ok = await shell!.spawnWaitText(['echo', 'out;', 'echo', 'err', '>&2']);
    expect(ok).toEqual({ stdout: 'out\n', stderr: 'err\n', exitCode: 0 });
    const failed = await shell!.spawnWaitText('ls /nope');
    expect(failed.exitCode).toBe(1);
    expect(failed.stderr).toBe('ls: /nope: No such file or directory\n');
    const none = await tango.subprocess.noneProtocol.spawnWaitText('getprop ro.product.manufacturer');
    expect(none).toBe('Google\n');
  });

  it('writes (SND2), stats, lists and reads files over sync', async () => {
    const sync = await tango.sync();
    // Both sides have sendrecv_v2, so Tango pushes with SND2.
    expect(sync.supportsSendReceiveV2).toBe(true);
    try {
      await sync.write({
        filename: '/sdcard/Download/tango.txt',
        file: streamOf('from tango\n'),
        permission: 0o644,
      });
      expect(filesOf(sim.device.state).read('/sdcard/Download/tango.txt')?.data.toString()).toBe(
        'from tango\n',
      );
      const stat = await sync.stat('/sdcard/Download/tango.txt');
      expect(Number(stat.size)).toBe(11);
      expect(await sync.isDirectory('/sdcard/Download')).toBe(true);
      const names = (await sync.readdir('/sdcard/Download')).map((entry) => entry.name);
      expect(names).toContain('tango.txt');
      expect((await bytesOf(sync.read('/sdcard/Download/tango.txt'))).toString()).toBe('from tango\n');
    } finally {
      await sync.dispose();
    }
    expect(await tango.rm('/sdcard/Download/tango.txt')).toBe('');
    expect(filesOf(sim.device.state).read('/sdcard/Download/tango.txt')).toBeUndefined();
  });

  it('reads the framebuffer as a version 2 RGBA image equal to screencap -p', async () => {
    const frame = await tango.framebuffer();
    expect([frame.width, frame.height, frame.bpp]).toEqual([1080, 2400, 32]);
    expect(frame.red_offset).toBe(0);
    expect(frame.green_offset).toBe(8);
    expect(frame.blue_offset).toBe(16);
    const png = PNG.sync.read(Buffer.from(await tango.subprocess.noneProtocol.spawnWait('screencap -p')));
    expect(Buffer.from(frame.data).equals(png.data)).toBe(true);
  });
});
