import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { filesOf } from '../device/files';
import { startIsolatedAdb, waitForDeviceState, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { SimulatedDevice } from './simulatedDevice';

// The real adb CLI (stat_v2, ls_v2, fixed_push_mkdir) and adbkit's sync client (LIST, STAT) on the sync: service.

interface AdbkitEntry {
  name: string;
  mode: number;
  size: number;
  isDirectory(): boolean;
  isFile(): boolean;
}
interface AdbkitDevice {
  readdir(path: string): Promise<AdbkitEntry[]>;
  stat(path: string): Promise<AdbkitEntry>;
}
interface AdbkitModule {
  Adb: { createClient(options: { port: number }): { getDevice(serial: string): AdbkitDevice } };
}

// Test-only: adbkit's sync client is not part of the production adapter.
const adbkit = createRequire(import.meta.url)('@devicefarmer/adbkit') as AdbkitModule;

let adb: IsolatedAdb;
let local: string;
const devices: SimulatedDevice[] = [];

async function attached(): Promise<{ device: SimulatedDevice; serial: string }> {
  const device = await SimulatedDevice.start();
  devices.push(device);
  const result = await device.attach({ adbPort: adb.port });
  if (!result.ok) throw new Error(result.error.message);
  await waitForDeviceState(adb.client, result.value.serial, 'device', 3000);
  return { device, serial: result.value.serial };
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
  local = await mkdtemp(join(tmpdir(), 'sim-sync-'));
});
afterEach(async () => {
  for (const device of devices.splice(0)) await device.close();
});
afterAll(async () => {
  await adb?.stop();
  await rm(local, { recursive: true, force: true });
});

describe('sync v2 and LIST with the real adb CLI', () => {
  it('adb push of a folder to a new folder makes it; adb pull of the folder brings every file back', async () => {
    const { device, serial } = await attached();
    const source = join(local, 'source');
    await mkdir(join(source, 'inner'), { recursive: true });
    await writeFile(join(source, 'a.txt'), 'alpha\n');
    await writeFile(join(source, 'inner', 'b.bin'), Buffer.from([0, 1, 2, 255]));
    const push = await adb.adb(['-s', serial, 'push', source, '/sdcard/Download/fresh']);
    expect(push.code, push.stderr).toBe(0);
    const files = filesOf(device.state);
    expect(files.read('/sdcard/Download/fresh/a.txt')?.data.toString()).toBe('alpha\n');
    expect(files.read('/sdcard/Download/fresh/inner/b.bin')?.data).toEqual(Buffer.from([0, 1, 2, 255]));
    const target = join(local, 'pulled');
    const pull = await adb.adb(['-s', serial, 'pull', '/sdcard/Download/fresh', target]);
    expect(pull.code, pull.stderr).toBe(0);
    expect((await readdir(target)).sort()).toEqual(['a.txt', 'inner']);
    expect(await readFile(join(target, 'inner', 'b.bin'))).toEqual(Buffer.from([0, 1, 2, 255]));
  });

  it('adb pull of /proc/meminfo reads contents although stat reports size 0', async () => {
    const { serial } = await attached();
    const target = join(local, 'meminfo');
    const pull = await adb.adb(['-s', serial, 'pull', '/proc/meminfo', target]);
    expect(pull.code, pull.stderr).toBe(0);
    expect((await readFile(target, 'utf8')).split('\n')[0]).toMatch(/^MemTotal:\s+\d+ kB$/);
  });

  it('adb push to a read-only or missing place fails as adbd does', async () => {
    const { serial } = await attached();
    const file = join(local, 'one.txt');
    await writeFile(file, 'x');
    const readOnly = await adb.adb(['-s', serial, 'push', file, '/system/bin/one.txt']);
    expect(readOnly.code).toBe(1);
    expect(`${readOnly.stdout.toString()}${readOnly.stderr}`).toContain(
      "couldn't create file: Read-only file system",
    );
    const missing = await adb.adb(['-s', serial, 'pull', '/sdcard/absent.txt', join(local, 'absent')]);
    expect(missing.code).toBe(1);
    expect(`${missing.stdout.toString()}${missing.stderr}`).toContain(
      "'/sdcard/absent.txt': No such file or directory",
    );
  });
});

describe('adbkit sync client on LIST and STAT', () => {
  it('readdir lists . and .., directories and files; stat tells them apart', async () => {
    const { device, serial } = await attached();
    filesOf(device.state).write('/sdcard/Download/report.txt', {
      data: Buffer.from('12345'),
      mode: 0o660,
      mtimeSeconds: 1_700_000_000,
    });
    const client = adbkit.Adb.createClient({ port: adb.port }).getDevice(serial);
    const sdcard = await client.readdir('/sdcard');
    const names = sdcard.map((entry) => entry.name);
    // adbkit drops the . and .. entries LIST sends (the adb CLI's pull skips them too).
    expect(names).not.toContain('.');
    expect(names).toEqual(expect.arrayContaining(['DCIM', 'Download', 'Android', 'Pictures']));
    expect(sdcard.find((entry) => entry.name === 'Download')?.isDirectory()).toBe(true);
    const download = await client.readdir('/sdcard/Download');
    const report = download.find((entry) => entry.name === 'report.txt');
    expect(report?.isFile()).toBe(true);
    expect(report?.size).toBe(5);
    expect((await client.stat('/system/bin/sh')).isFile()).toBe(true);
    expect((await client.stat('/data/local/tmp')).isDirectory()).toBe(true);
    await expect(client.stat('/nowhere')).rejects.toThrow(/ENOENT|no such/i);
  });
});

describe('root: and reverse: with the real adb CLI', () => {
  it('adb root and unroot answer as a production build', async () => {
    const { serial } = await attached();
    const root = await adb.adb(['-s', serial, 'root']);
    expect(`${root.stdout.toString()}${root.stderr}`).toContain(
      'adbd cannot run as root in production builds',
    );
    const unroot = await adb.adb(['-s', serial, 'unroot']);
    expect(`${unroot.stdout.toString()}${unroot.stderr}`).toContain('adbd not running as root');
  });

  it('adb reverse stores forwards; --list shows them, --remove and --remove-all drop them', async () => {
    const { serial } = await attached();
    expect((await adb.adb(['-s', serial, 'reverse', 'tcp:8081', 'tcp:9091'])).code).toBe(0);
    expect((await adb.adb(['-s', serial, 'reverse', 'localabstract:dev', 'tcp:9092'])).code).toBe(0);
    const refused = await adb.adb(['-s', serial, 'reverse', '--no-rebind', 'tcp:8081', 'tcp:1']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('cannot rebind existing socket');
    const listed = (await adb.adb(['-s', serial, 'reverse', '--list'])).stdout.toString();
    // The adb CLI adds a newline after the device's list.
    expect(listed).toBe('host-19 tcp:8081 tcp:9091\nhost-19 localabstract:dev tcp:9092\n\n');
    expect((await adb.adb(['-s', serial, 'reverse', '--remove', 'tcp:8081'])).code).toBe(0);
    const missing = await adb.adb(['-s', serial, 'reverse', '--remove', 'tcp:8081']);
    expect(missing.stderr).toContain("listener 'tcp:8081' not found");
    expect((await adb.adb(['-s', serial, 'reverse', '--remove-all'])).code).toBe(0);
    expect((await adb.adb(['-s', serial, 'reverse', '--list'])).stdout.toString()).toMatch(/^\n?$/);
  });
});
