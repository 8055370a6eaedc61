import { randomBytes } from 'node:crypto';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readAll, toAppError } from '../../node/adb/adbkit';
import {
  freePort,
  startIsolatedAdb,
  waitForDeviceState,
  type IsolatedAdb,
} from '../../test-support/isolatedAdb';
import { SimulatedDevice, type SimulatedDeviceOptions } from './simulatedDevice';

// The real adb server (isolated) and adbkit (through the adapter) against simulated devices.

let adb: IsolatedAdb;
const devices: SimulatedDevice[] = [];

function tinyPng(): Buffer {
  const png = new PNG({ width: 3, height: 2 });
  for (let index = 0; index < png.data.length; index += 1) png.data[index] = (index * 37) % 256;
  return PNG.sync.write(png);
}

async function attached(
  options: SimulatedDeviceOptions = {},
  mode: 'connect' | 'emulator' = 'connect',
  state = 'device',
): Promise<{ device: SimulatedDevice; serial: string }> {
  const device = await SimulatedDevice.start(options);
  devices.push(device);
  const result = await device.attach({ adbPort: adb.port, mode });
  if (!result.ok) throw new Error(result.error.message);
  await waitForDeviceState(adb.client, result.value.serial, state, 3000);
  return { device, serial: result.value.serial };
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
});

afterEach(async () => {
  for (const device of devices.splice(0)) await device.close();
});

afterAll(async () => {
  await adb?.stop();
});

describe('adb CLI against a simulated device', () => {
  it('adb devices -l shows the banner with _ for spaces', async () => {
    const { serial } = await attached({
      state: {
        properties: {
          'ro.product.model': 'Pixel Sim 9',
          'ro.product.name': 'simname',
          'ro.product.device': 'simdev',
        },
      },
    });
    const listing = (await adb.adb(['devices', '-l'])).stdout.toString();
    const line = listing.split('\n').find((row) => row.startsWith(serial));
    expect(line).toMatch(
      new RegExp(
        `^${serial.replace(/\./g, '\\.')}\\s+device product:simname model:Pixel_Sim_9 device:simdev transport_id:\\d+$`,
      ),
    );
  });

  it('adb shell runs commands with exit statuses (shell_v2) and the not-found message', async () => {
    const { serial } = await attached();
    const model = await adb.adb(['-s', serial, 'shell', 'getprop', 'ro.product.model']);
    expect(model).toMatchObject({ code: 0, stderr: '' });
    expect(model.stdout.toString()).toBe('Simulated Pixel\n');
    const missing = await adb.adb(['-s', serial, 'shell', 'no-such-tool', '--flag']);
    expect(missing.code).toBe(127);
    expect(missing.stderr).toBe('/system/bin/sh: no-such-tool: inaccessible or not found\n');
    expect((await adb.adb(['-s', serial, 'shell', 'false'])).code).toBe(1);
  });

  it('adb exec-out screencap -p returns the provider bytes exactly, 3 MB included', async () => {
    const small = tinyPng();
    const large = randomBytes(3 * 1024 * 1024);
    let image = small;
    const { serial } = await attached({ captureScreen: async () => image });
    expect((await adb.adb(['-s', serial, 'exec-out', 'screencap', '-p'])).stdout.equals(small)).toBe(true);
    image = large;
    const run = await adb.adb(['-s', serial, 'exec-out', 'screencap', '-p']);
    expect(run.code).toBe(0);
    expect(run.stdout.length).toBe(large.length);
    expect(run.stdout.equals(large)).toBe(true);
  });

  it('an unauthorized device shows unauthorized until allowed', async () => {
    const { device, serial } = await attached({ unauthorized: true }, 'connect', 'unauthorized');
    expect((await adb.adb(['-s', serial, 'shell', 'id'])).code).not.toBe(0);
    device.setUnauthorized(false);
    await waitForDeviceState(adb.port, serial, 'device', 3000);
  });

  it('unplug turns the device offline; it comes back by itself or after a new connect', async () => {
    const { device, serial } = await attached();
    await device.unplug({ keepListening: false });
    await waitForDeviceState(adb.port, serial, 'offline', 3000);
    await device.replug();
    const again = await device.attach({ adbPort: adb.port });
    expect(again.ok).toBe(true);
    await waitForDeviceState(adb.port, serial, 'device', 3000);
    await device.unplug();
    // Still listening, the device is reconnected by the adb server on its own. Right after the unplug the server
    // may still list it as `device` over the dead connection, so wait for a shell that answers, not for a state.
    // Each try is short: on a busy machine one shell over the dead connection could otherwise use up the whole wait.
    // If the server gave up reconnecting (the device is no longer listed), a new connect brings it back.
    const deadline = Date.now() + 20_000;
    let answer = '';
    while (answer !== 'back\n' && Date.now() < deadline) {
      answer = (
        await adb.adb(['-s', serial, 'shell', 'echo', 'back'], { timeoutMs: 2000 })
      ).stdout.toString();
      if (answer === 'back\n') break;
      const listed = (await adb.adb(['devices'], { timeoutMs: 2000 })).stdout.toString();
      if (!listed.includes(serial)) await device.attach({ adbPort: adb.port });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answer).toBe('back\n');
  });

  it('an emulator registration is removed as soon as its connection closes', async () => {
    const { device, serial } = await attached({}, 'emulator');
    expect(serial).toBe(`emulator-${device.port - 1}`);
    expect((await adb.adb(['-s', serial, 'shell', 'getprop', 'ro.product.device'])).stdout.toString()).toBe(
      'sim\n',
    );
    const closedAt = Date.now();
    await device.close();
    await waitForDeviceState(adb.port, serial, 'absent', 2000);
    expect(Date.now() - closedAt).toBeLessThan(2000);
  });

  it('detach removes a connected device from the server', async () => {
    const { device, serial } = await attached();
    const result = await device.detach();
    expect(result.ok).toBe(true);
    await waitForDeviceState(adb.port, serial, 'absent', 2000);
  });

  it('attach and detach report failures as values', async () => {
    const device = await SimulatedDevice.start();
    devices.push(device);
    await device.unplug({ keepListening: false });
    const refused = await device.attach({ adbPort: adb.port });
    expect(refused.ok ? undefined : refused.error).toMatchObject({
      code: 'DEVICE_OFFLINE',
      message: expect.stringContaining('failed to connect'),
    });
    await device.replug();
    const noServer = await device.attach({ adbPort: await freePort() });
    expect(noServer.ok).toBe(false);
    const attachedResult = await device.attach({ adbPort: adb.port });
    expect(attachedResult.ok).toBe(true);
    await adb.adb(['disconnect', `127.0.0.1:${device.port}`]);
    const detached = await device.detach(adb.port);
    expect(detached.ok ? undefined : detached.error.code).toBe('DEVICE_NOT_FOUND');
  });

  it('two devices on one server answer independently', async () => {
    const first = await attached({ state: { properties: { 'ro.product.model': 'First' } } });
    const second = await attached({ state: { properties: { 'ro.product.model': 'Second' } } });
    const [one, two] = await Promise.all([
      adb.client.shell(first.serial, 'getprop ro.product.model'),
      adb.client.shell(second.serial, 'getprop ro.product.model'),
    ]);
    expect([one.toString(), two.toString()]).toEqual(['First\n', 'Second\n']);
    const serials = (await adb.client.listDevices()).map((entry) => entry.serial);
    expect(serials).toEqual(expect.arrayContaining([first.serial, second.serial]));
  });
});

describe('adbkit through the adapter', () => {
  it('getProperties, getFeatures, getPackages, isInstalled', async () => {
    const { serial } = await attached({
      state: {
        packages: [{ packageName: 'com.example.app', launchActivity: '.Main' }],
        features: ['android.hardware.touchscreen', 'reqGlEsVersion=0x30002'],
      },
    });
    const properties = await adb.client.getProperties(serial);
    expect(properties['ro.product.model']).toBe('Simulated Pixel');
    expect(properties['ro.build.version.sdk']).toBe('34');
    expect(await adb.client.getFeatures(serial)).toEqual({
      'android.hardware.touchscreen': true,
      reqGlEsVersion: '0x30002',
    });
    expect(await adb.client.getPackages(serial)).toContain('com.example.app');
    expect(await adb.client.getPackages(serial, '-3')).toEqual(['com.example.app']);
    expect(await adb.client.isInstalled(serial, 'com.example.app')).toBe(true);
    expect(await adb.client.isInstalled(serial, 'com.example.absent')).toBe(false);
  });

  it('screencap() returns the valid PNG', async () => {
    const image = tinyPng();
    const { serial } = await attached({ captureScreen: async () => image });
    const captured = await adb.client.screencap(serial);
    expect(captured.equals(image)).toBe(true);
    expect(PNG.sync.read(captured).width).toBe(3);
  });

  it('startActivity changes the foreground app and rejects for a missing package', async () => {
    const { device, serial } = await attached({ state: { packages: [{ packageName: 'com.example.app' }] } });
    await adb.client.startActivity(serial, { component: 'com.example.app/.Main' });
    expect(device.state.foreground).toEqual({
      packageName: 'com.example.app',
      activity: 'com.example.app.Main',
    });
    await expect(adb.client.startActivity(serial, { component: 'com.example.absent/.Main' })).rejects.toThrow(
      'Activity class {com.example.absent/com.example.absent.Main} does not exist.',
    );
    expect((await adb.client.shell(serial, 'dumpsys window | grep mCurrentFocus')).toString()).toContain(
      'com.example.app/com.example.app.Main',
    );
  });

  it('waitBootComplete resolves', async () => {
    const { serial } = await attached();
    await adb.client.waitBootComplete(serial);
  });

  it('30 parallel shells and 10 parallel localabstract round trips', async () => {
    const { device, serial } = await attached();
    device.registerAbstractSocket('test.echo', (stream) => {
      stream.on('data', (chunk: Buffer) => stream.write(chunk));
      stream.on('end', () => stream.end());
    });
    const shells = Array.from({ length: 30 }, (_, index) =>
      adb.client.shell(serial, ['echo', `shell ${index}`]),
    );
    const sockets = Array.from({ length: 10 }, async (_, index) => {
      const stream = await adb.client.openLocal(serial, 'localabstract:test.echo');
      const reply = new Promise<string>((resolve) =>
        stream.once('data', (chunk: Buffer) => resolve(chunk.toString())),
      );
      stream.write(`ping ${index}`);
      const text = await reply;
      stream.end();
      return text;
    });
    expect((await Promise.all(shells)).map((output) => output.toString())).toEqual(
      Array.from({ length: 30 }, (_, index) => `shell ${index}\n`),
    );
    expect(await Promise.all(sockets)).toEqual(Array.from({ length: 10 }, (_, index) => `ping ${index}`));
  });

  it('an unknown service is refused (adbkit rejects with closed)', async () => {
    const { serial } = await attached();
    await expect(adb.client.openLocal(serial, 'localabstract:nobody.home')).rejects.toThrow(/closed/);
  });

  it('an unknown shell command prints the 127 message through legacy shell', async () => {
    const { serial } = await attached();
    expect((await adb.client.shell(serial, 'no-such-tool')).toString()).toBe(
      '/system/bin/sh: no-such-tool: inaccessible or not found\n',
    );
  });

  it('logcat -v time -T 1 streams new lines until the stream is closed', async () => {
    const { device, serial } = await attached();
    device.state.appendLog({ priority: 'I', tag: 'Old', message: 'old line' });
    const stream = await adb.client.openShell(serial, 'logcat -v time -T 1');
    const lines: string[] = [];
    const seen = new Promise<void>((resolve) =>
      stream.on('data', (chunk: Buffer) => {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        if (lines.some((line) => line.includes('fresh line'))) resolve();
      }),
    );
    setTimeout(() => device.state.appendLog({ priority: 'W', tag: 'New', message: 'fresh line' }), 50);
    await seen;
    stream.end();
    expect(lines[0]).toBe('--------- beginning of main');
    expect(lines[1]).toMatch(/^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} I\/Old {5}\( 1000\): old line$/);
    expect(lines[2]).toMatch(/^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} W\/New {5}\( 1000\): fresh line$/);
  });

  it('maps adbkit failures to error codes', async () => {
    const unknown = await adb.client
      .getProperties('127.0.0.1:1')
      .catch((error: unknown) => toAppError(error));
    expect(unknown).toMatchObject({ code: 'DEVICE_NOT_FOUND' });
    const { serial } = await attached({ unauthorized: true }, 'connect', 'unauthorized');
    const unauthorized = await adb.client.shell(serial, 'id').catch((error: unknown) => toAppError(error));
    expect(unauthorized).toMatchObject({ code: 'DEVICE_UNAUTHORIZED' });
    const stream = await adb.client.openShell((await attached()).serial, 'echo direct');
    expect((await readAll(stream)).toString()).toBe('direct\n');
  });
});
