import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApk } from '../../test-support/apkBuild';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated } from '../../test-support/isolatedResolver';
import { PYTHON, pythonVenvPresent, runPythonProbe } from '../../test-support/pythonProbe';
import type { SimulatedAndroid } from '../simulatedAndroid';

// Fidelity measured with a second real Python client: pure-python-adb 0.3 (ppadb), which parses getprop, pm, wm
// and /proc output its own way and installs by push + `pm install`.

const probeScript = join(__dirname, 'ppadbProbe.py');
if (!pythonVenvPresent)
  console.warn(`ppadb fidelity test skipped: ${PYTHON} is missing; run scripts/setup-python-test-env.sh`);

let adb: IsolatedAdb;
let sim: SimulatedAndroid | undefined;
let work: string;

beforeAll(async () => {
  if (!pythonVenvPresent) return;
  adb = await startIsolatedAdb();
  work = await mkdtemp(join(tmpdir(), 'sim-ppadb-'));
});

afterAll(async () => {
  await sim?.close();
  await adb?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe.skipIf(!pythonVenvPresent)('pure-python-adb 0.3 against a simulated Pixel 7 (API 35)', () => {
  it('every probed call answers as a phone would', { timeout: 60_000 }, async () => {
    const booted = await bootSimulated(adb, { profile: 'phone' });
    sim = booted.sim;
    const serial = booted.serial;
    const apk = join(work, 'ppadb.apk');
    await writeFile(apk, buildApk({ packageName: 'com.example.ppadb', versionCode: 3, versionName: '3.1' }));

    const results = await runPythonProbe(probeScript, [String(adb.port), serial, apk, work]);
    expect(results.devices).toEqual({ value: [serial] });
    expect(results.echo).toEqual({ value: 'hello\n' });
    expect(results.properties).toEqual({
      value: { 'ro.build.version.sdk': '35', 'ro.product.model': 'Pixel 7', 'ro.product.locale': 'en-US' },
    });
    expect(results.packages).toEqual({ value: expect.arrayContaining(['com.android.settings']) });
    expect(results.wm_size).toEqual({ value: [1080, 2400] });
    // ppadb reads `wm density | cut -d ' ' -f 3` (420) and returns int(420 / 160).
    expect(results.wm_density).toEqual({ value: 2 });
    expect(results.push_pull).toEqual({ value: 'pushed by ppadb\n' });
    expect(results.install).toEqual({ value: true });
    expect(results.is_installed).toEqual({ value: true });
    expect(results.version_name).toEqual({ value: '3.1' });
    expect(results.uninstall).toEqual({ value: true });
    expect(results.is_installed_after).toEqual({ value: false });
    expect(results.pid_system_server).toEqual({ value: true });
    expect(results.cpu_count).toEqual({ value: 8 });
    expect(results.screencap).toEqual({ value: { signature: '89504e470d0a1a0a', bytes: true, md5: true } });
    expect(results.keyevent).toEqual({ value: '' });
    expect(sim.state.inputHistory().at(-1)).toMatchObject({ kind: 'keyevent', keyCode: 3 });
  });
});
