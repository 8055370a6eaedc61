import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PYTHON, pythonVenvPresent, runPythonProbe } from '../../test-support/pythonProbe';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../simulatedAndroid';

// Fidelity measured with a real third-party client: Python adbutils 2.12 (requirements-test.txt, installed into
// out/pyenv by scripts/setup-python-test-env.sh) drives a simulated phone on an isolated adb server.

const probeScript = join(__dirname, 'adbutilsProbe.py');
if (!pythonVenvPresent)
  console.warn(`adbutils fidelity test skipped: ${PYTHON} is missing; run scripts/setup-python-test-env.sh`);

let adb: IsolatedAdb;
const sims: SimulatedAndroid[] = [];

beforeAll(async () => {
  if (pythonVenvPresent) adb = await startIsolatedAdb();
});

afterAll(async () => {
  for (const sim of sims) await sim.device.close();
  await adb?.stop();
});

describe.skipIf(!pythonVenvPresent)(
  'adbutils 2.12 against a simulated Pixel 7 (API 35) and TV (API 34)',
  () => {
    it('every probed call answers as a phone would', { timeout: 60_000 }, async () => {
      const { sim, serial } = await bootSimulated(adb, { profile: 'phone' });
      sims.push(sim);

      const results = await runPythonProbe(probeScript, [String(adb.port), serial]);
      expect(results.shell2_false).toEqual({ value: { returncode: 1, output: '' } });
      expect(results.sdk).toEqual({ value: '35' });
      expect(results.airplane).toEqual({ value: '0' });
      const packages = (results.packages as { value: string[] }).value;
      expect(packages).toEqual(expect.arrayContaining(['com.android.settings', 'com.shoply.android']));
      // API 29+ prints no mCurrentFocus in `dumpsys window windows`, so adbutils falls back to `dumpsys activity top`,
      // whose ACTIVITY line names the activity in short form, as on a real Android 15 phone.
      const { packageName, activity } = sim.state.foreground;
      expect(results.app_current).toEqual({
        value: { package: packageName, activity: activity.slice(packageName.length) },
      });
      expect(results.window_size).toEqual({ value: [1080, 2400] });
      // dumpsys package, battery, power and display as adbutils parses them.
      expect(results.app_info).toEqual({
        value: {
          version_name: '5.12.0',
          version_code: 4294967297,
          first_install_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
          last_update_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
          // adbutils' greedy regex was written for the API < 28 `PackageSignatures{id [sig]}`; on API 28+ it keeps the
          // tail of `signatures:[sig], past signatures:[]`, on a real phone too.
          signature: expect.stringMatching(/^[0-9a-f]{7}\], past signatures:\[$/),
          flags: ['HAS_CODE', 'ALLOW_CLEAR_USER_DATA', 'ALLOW_BACKUP'],
          path: '/data/app/com.shoply.android/base.apk',
        },
      });
      expect(results.battery).toEqual({ value: { usb_powered: true, level: 78, temperature: 29.1 } });
      expect(results.screen_on).toEqual({ value: true });
      expect(results.rotation).toEqual({ value: 0 });
      expect(results.push_list).toEqual({ value: expect.arrayContaining(['adbutils.txt']) });
      expect(results.pull).toEqual({ value: 'pushed by adbutils\n' });
      // screenshot() decoded screencap's PNG (error_ok=False: no black stand-in) at the profile's size.
      expect(results.screenshot).toEqual({
        value: { size: [1080, 2400], mode: 'RGB', colours: expect.any(Number) },
      });
      expect((results.screenshot as { value: { colours: number } }).value.colours).toBeGreaterThan(1);
    });

    it(
      'screenshot() on the tv profile is its 1920x1080 screen, taken by screencap',
      { timeout: 60_000 },
      async () => {
        const { sim, serial } = await bootSimulated(adb, { profile: 'tv' });
        sims.push(sim);
        const results = await runPythonProbe(probeScript, [
          String(adb.port),
          serial,
          'sdk,window_size,screenshot',
        ]);
        expect(results).toEqual({
          sdk: { value: '34' },
          window_size: { value: [1920, 1080] },
          screenshot: { value: { size: [1920, 1080], mode: 'RGB', colours: expect.any(Number) } },
        });
        expect((results.screenshot as { value: { colours: number } }).value.colours).toBeGreaterThan(1);
        const services = sim.device.received().map((entry) => entry.service);
        expect(services.some((service) => /screencap -p$/.test(service))).toBe(true);
      },
    );
  },
);
