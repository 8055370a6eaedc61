import { spawn } from 'node:child_process';
import { mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApk } from '../../test-support/apkBuild';
import { startIsolatedAdb, waitForDeviceState, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { filesOf } from '../device/files';
import { SimulatedDevice, type DeviceFeature } from './simulatedDevice';

// `adb install` as the real adb CLI does it: streamed to `cmd package install -S <size>` over `abb_exec:` (or
// `exec:cmd` when only `cmd` is advertised), pushed and `pm install`ed on a device without `cmd`.

let adb: IsolatedAdb;
let local: string;
let apkPath: string;
const devices: SimulatedDevice[] = [];

async function attached(
  features?: readonly DeviceFeature[],
): Promise<{ device: SimulatedDevice; serial: string }> {
  const device = await SimulatedDevice.start(features === undefined ? {} : { features });
  devices.push(device);
  const result = await device.attach({ adbPort: adb.port });
  if (!result.ok) throw new Error(result.error.message);
  await waitForDeviceState(adb.client, result.value.serial, 'device', 3000);
  return { device, serial: result.value.serial };
}

/** Runs adb against one device and returns stdout+stderr as text with the exit code. */
async function adbOn(
  serial: string,
  args: readonly string[],
): Promise<{ output: string; code: number | null }> {
  const run = await adb.adb(['-s', serial, ...args], { timeoutMs: 20_000 });
  return { output: run.stdout.toString('utf8') + run.stderr, code: run.code };
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
  local = await mkdtemp(join(tmpdir(), 'sim-install-'));
  apkPath = join(local, 'shop.apk');
  await writeFile(
    apkPath,
    buildApk({ packageName: 'com.example.streamed', versionCode: 7, versionName: '7.0' }),
  );
});
afterEach(async () => {
  for (const device of devices.splice(0)) await device.close();
});
afterAll(async () => {
  await adb?.stop();
  await rm(local, { recursive: true, force: true });
});

describe('adb install against the features a device advertises', () => {
  it('streams the APK over abb_exec on a device advertising it: installed, nothing left in /data/local/tmp', async () => {
    const { device, serial } = await attached();
    const installed = await adbOn(serial, ['install', apkPath]);
    expect(installed.output).toBe('Performing Streamed Install\nSuccess\n');
    expect(installed.code).toBe(0);
    expect(device.state.getPackage('com.example.streamed')?.versionCode).toBe(7);
    expect(
      filesOf(device.state)
        .list('/data/local/tmp')
        .map(([name]) => name),
    ).toEqual([]);
    const path = await adbOn(serial, ['shell', 'pm', 'path', 'com.example.streamed']);
    expect(path.output).toMatch(/^package:\/data\/app\/.*base\.apk\n$/);
  });

  it('streams over exec:cmd when the device advertises cmd without abb_exec', async () => {
    const { device, serial } = await attached(['shell_v2', 'cmd', 'stat_v2', 'ls_v2', 'fixed_push_mkdir']);
    const installed = await adbOn(serial, ['install', apkPath]);
    expect(installed.output).toBe('Performing Streamed Install\nSuccess\n');
    expect(device.state.getPackage('com.example.streamed')?.versionName).toBe('7.0');
  });

  it('pushes and runs pm install on a device without cmd (pre-API 24 style)', async () => {
    const { device, serial } = await attached(['shell_v2', 'stat_v2', 'ls_v2', 'fixed_push_mkdir']);
    const installed = await adbOn(serial, ['install', apkPath]);
    expect(installed.output).toMatch(/^Performing Push Install\n[^]*Success\n$/);
    expect(device.state.getPackage('com.example.streamed')?.versionCode).toBe(7);
  });

  it('refuses a reinstall without -r, accepts it with -r, and uninstall removes the package', async () => {
    const { device, serial } = await attached();
    expect((await adbOn(serial, ['install', apkPath])).code).toBe(0);
    const again = await adbOn(serial, ['install', apkPath]);
    expect(again.output).toContain('INSTALL_FAILED_ALREADY_EXISTS');
    expect(again.code).not.toBe(0);
    expect((await adbOn(serial, ['install', '-r', apkPath])).output).toContain('Success');
    const removed = await adbOn(serial, ['uninstall', 'com.example.streamed']);
    expect(removed.output).toContain('Success');
    expect(device.state.getPackage('com.example.streamed')).toBeUndefined();
  });

  it('a streamed file that is not an APK fails as pm does and installs nothing', async () => {
    const { device, serial } = await attached();
    const notApk = join(local, 'notes.apk');
    await writeFile(notApk, 'not a zip at all\n');
    const installed = await adbOn(serial, ['install', notApk]);
    expect(installed.output).toContain('INSTALL_PARSE_FAILED_NOT_APK');
    expect(installed.code).not.toBe(0);
    expect(device.state.listPackages().some((info) => info.packageName === 'com.example.streamed')).toBe(
      false,
    );
  });

  it('cmd package install -S reads the APK from adb shell stdin (shell v2 stdin packets)', async () => {
    const { device, serial } = await attached();
    const { size } = await stat(apkPath);
    const streamed = await adbShellWithInput(serial, `cmd package install -S ${size}`, apkPath);
    expect(streamed).toContain('Success');
    expect(device.state.getPackage('com.example.streamed')?.versionCode).toBe(7);
  });
});

/** `adb shell <command> < file`: the host's stdin reaches the device as shell v2 stdin packets. */
async function adbShellWithInput(serial: string, command: string, inputPath: string): Promise<string> {
  const input = await open(inputPath, 'r');
  try {
    return await new Promise<string>((resolve, reject) => {
      const child = spawn(adb.bin, ['-P', String(adb.port), '-s', serial, 'shell', command], {
        env: adb.env,
        stdio: [input.fd, 'pipe', 'pipe'],
      });
      if (!child.stdout || !child.stderr) throw new Error('adb was spawned without output pipes');
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.on('error', reject);
      child.on('close', () => resolve(output));
    });
  } finally {
    await input.close();
  }
}
