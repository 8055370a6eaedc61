import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { filesOf } from '../../device/files';
import { DeviceState } from '../../device/state';
import { runShell } from '../../../test-support/runShell';

function tinyPng(): Buffer {
  const png = new PNG({ width: 2, height: 1 });
  png.data.set([255, 0, 0, 255, 0, 0, 255, 128]);
  return PNG.sync.write(png);
}

describe('screencap', () => {
  it('-p writes the provider PNG unchanged', async () => {
    const image = tinyPng();
    const run = await runShell('screencap -p', { captureScreen: async () => image });
    expect(run.status).toBe(0);
    expect(run.stdout.equals(image)).toBe(true);
  });

  it("answers adbkit's line with a newline then the PNG", async () => {
    const image = tinyPng();
    const run = await runShell('echo && screencap -p 2>/dev/null', { captureScreen: async () => image });
    expect(run.stdout.equals(Buffer.concat([Buffer.from('\n'), image]))).toBe(true);
  });

  it('without -p writes the raw format with a dataspace word from API 28', async () => {
    const run = await runShell('screencap', { captureScreen: async () => tinyPng() });
    expect(run.stdout.readUInt32LE(0)).toBe(2);
    expect(run.stdout.readUInt32LE(4)).toBe(1);
    expect(run.stdout.readUInt32LE(8)).toBe(1);
    expect(run.stdout.readUInt32LE(12)).toBe(0x08810000);
    expect([...run.stdout.subarray(16)]).toEqual([255, 0, 0, 255, 0, 0, 255, 128]);
    const old = await runShell('screencap -d 0', {
      captureScreen: async () => tinyPng(),
      state: new DeviceState({ properties: { 'ro.build.version.sdk': '27' } }),
    });
    expect(old.stdout.length).toBe(12 + 8);
  });

  it('fails with status 1 without a provider, on provider errors and invalid PNGs', async () => {
    expect((await runShell('screencap -p')).status).toBe(1);
    expect((await runShell('screencap -p')).stderr).toContain('no display to capture');
    const failing = await runShell('screencap -p', {
      captureScreen: async () => Promise.reject(new Error('renderer down')),
    });
    expect(failing).toMatchObject({
      status: 1,
      stderr: 'Error: capturing the screen failed: renderer down\n',
    });
    const invalid = await runShell('screencap', { captureScreen: async () => Buffer.from('not a png') });
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toMatch(/^Error: the screen provider returned an invalid PNG/);
  });

  it('writes a device file (PNG for -p or a .png name, raw otherwise); refuses read-only paths and unknown options', async () => {
    const state = new DeviceState();
    const provider = { captureScreen: async () => tinyPng(), state };
    expect((await runShell('screencap -p /sdcard/s.png', provider)).status).toBe(0);
    expect(filesOf(state).read('/sdcard/s.png')?.data.equals(tinyPng())).toBe(true);
    expect((await runShell('cd /data/local/tmp && screencap shot.png', provider)).status).toBe(0);
    expect(filesOf(state).read('/data/local/tmp/shot.png')?.data.equals(tinyPng())).toBe(true);
    expect((await runShell('screencap /data/local/tmp/shot.raw', provider)).status).toBe(0);
    const raw = filesOf(state).read('/data/local/tmp/shot.raw')?.data;
    expect(raw?.readUInt32LE(8)).toBe(1);
    const refused = await runShell('screencap -p /system/s.png', provider);
    expect(refused).toMatchObject({
      status: 1,
      stderr: 'Error opening file: /system/s.png (Read-only file system).\n',
    });
    expect((await runShell('screencap -x', provider)).stderr).toBe('screencap: invalid option -- x\n');
    expect((await runShell('screencap -h', provider)).status).toBe(1);
  });
});
