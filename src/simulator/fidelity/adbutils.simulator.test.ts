import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PYTHON, pythonVenvPresent, runPythonProbe } from '../../test-support/pythonProbe';
import { startIsolatedAdb, waitForDeviceState, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { SimulatedAndroid } from '../simulatedAndroid';

// Fidelity measured with a real third-party client: Python adbutils 2.12 (requirements-test.txt, installed into
// out/pyenv by scripts/setup-python-test-env.sh) drives a simulated phone on an isolated adb server.

const probeScript = join(__dirname, 'adbutilsProbe.py');
if (!pythonVenvPresent)
  console.warn(`adbutils fidelity test skipped: ${PYTHON} is missing; run scripts/setup-python-test-env.sh`);

let adb: IsolatedAdb;
let sim: SimulatedAndroid | undefined;

beforeAll(async () => {
  if (pythonVenvPresent) adb = await startIsolatedAdb();
});

afterAll(async () => {
  await sim?.device.close();
  await adb?.stop();
});

describe.skipIf(!pythonVenvPresent)('adbutils 2.12 against a simulated Pixel 7 (API 35)', () => {
  it('every probed call answers as a phone would', { timeout: 60_000 }, async () => {
    const started = await SimulatedAndroid.start({ profile: 'phone' });
    if (!started.ok) throw new Error(started.error.message);
    sim = started.value;
    const attached = await sim.attach(adb.port);
    if (!attached.ok) throw new Error(attached.error.message);
    await waitForDeviceState(adb.client, attached.value.serial, 'device', 3000);

    const results = await runPythonProbe(probeScript, [String(adb.port), attached.value.serial]);
    expect(results.shell2_false).toEqual({ value: { returncode: 1, output: '' } });
    expect(results.sdk).toEqual({ value: '35' });
    expect(results.airplane).toEqual({ value: '0' });
    const packages = (results.packages as { value: string[] }).value;
    expect(packages).toEqual(expect.arrayContaining(['com.android.settings', 'com.shoply.android']));
    expect(results.app_current).toEqual({
      value: { package: sim.state.foreground.packageName, activity: sim.state.foreground.activity },
    });
    expect(results.window_size).toEqual({ value: [1080, 2400] });
    expect(results.push_list).toEqual({ value: expect.arrayContaining(['adbutils.txt']) });
    expect(results.pull).toEqual({ value: 'pushed by adbutils\n' });
  });
});
