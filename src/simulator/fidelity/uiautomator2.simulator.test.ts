import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApk } from '../../test-support/apkBuild';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated } from '../../test-support/isolatedResolver';
import { PYTHON, pythonVenvPresent, runPythonProbe } from '../../test-support/pythonProbe';
import { filesOf } from '../device/files';
import { systemStateOf } from '../device/systemState';
import type { SimulatedAndroid } from '../simulatedAndroid';

// Fidelity measured with uiautomator2 3.7 (requirements-test.txt), the Python UI-automation client: its adb-level
// calls (shell, app_* through pm/am/monkey/dumpsys/ps, window_size, wlan_ip, push/pull, screencap) go through adbutils
// to the real adb server. Its UI calls need its own on-device server (u2.jar run by app_process, HTTP on tcp:9008),
// which the simulator does not run: `u2.connect` pushes and checks the jar, then fails to launch it (a fidelity limit).
// On the tv profile it walks Settings by d.keyevent and reads the window through `uiautomator dump` and its XPath.

const probeScript = join(__dirname, 'uiautomator2Probe.py');
const tvProbeScript = join(__dirname, 'uiautomator2TvProbe.py');
if (!pythonVenvPresent)
  console.warn(
    `uiautomator2 fidelity test skipped: ${PYTHON} is missing; run scripts/setup-python-test-env.sh`,
  );

let adb: IsolatedAdb;
let sim: SimulatedAndroid | undefined;
let tv: SimulatedAndroid | undefined;
let work: string;

beforeAll(async () => {
  if (!pythonVenvPresent) return;
  adb = await startIsolatedAdb();
  work = await mkdtemp(join(tmpdir(), 'sim-u2-'));
});

afterAll(async () => {
  await sim?.close();
  await tv?.close();
  await adb?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe.skipIf(!pythonVenvPresent)('uiautomator2 3.7 (adb-level calls) against a simulated Pixel 7', () => {
  it('every probed call answers as a phone would', { timeout: 90_000 }, async () => {
    const booted = await bootSimulated(adb, { profile: 'phone' });
    sim = booted.sim;
    const { serial } = booted;
    await writeFile(
      join(work, 'u2.apk'),
      buildApk({ packageName: 'com.example.u2', versionCode: 3, versionName: '0.3' }),
    );
    const results = await runPythonProbe(probeScript, [String(adb.port), serial, work], 80_000);

    // connect pushed u2.jar after `toybox md5sum` found no copy, then could not start the server.
    const jar = filesOf(sim.state).read('/data/local/tmp/u2.jar');
    expect(jar && createHash('md5').update(jar.data).digest('hex')).toBe(
      (results.jar_md5 as { value: string }).value,
    );
    const services = sim.device.received().map((entry) => entry.service);
    expect(services.some((service) => service.includes('toybox md5sum /data/local/tmp/u2.jar'))).toBe(true);
    expect(results.connect).toEqual({
      error: expect.stringMatching(/^LaunchUiAutomationError: \('server quit unexpectly'.*app_process/),
    });

    expect(results.serial).toEqual({ value: serial });
    expect(results.device_info).toEqual({
      value: {
        serial: sim.state.getProperty('ro.serialno'),
        sdk: 35,
        brand: 'google',
        model: 'Pixel 7',
        arch: 'arm64-v8a',
        version: 15,
      },
    });
    // adbutils' wlan_ip asks `ifconfig wlan0` first, as on a phone.
    expect(results.wlan_ip).toEqual({ value: '192.168.1.23' });
    expect(services.some((service) => service.endsWith(':ifconfig wlan0'))).toBe(true);
    expect(results.window_size).toEqual({ value: [1080, 2400] });
    expect(results.shell).toEqual({
      value: { ok: ['hello\n', 0], failed: ['ls: /nope: No such file or directory\n', 1] },
    });
    expect(results.app_list_third_party).toEqual({
      value: expect.arrayContaining(['com.shoply.android']),
    });
    expect((results.app_list_third_party as { value: string[] }).value).not.toContain('com.android.settings');
    expect(results.app_info).toEqual({ value: { versionName: '5.12.0', versionCode: 4294967297 } });
    expect(results.app_info_missing).toEqual({ value: 'AppNotFoundError' });
    // monkey launches the app; app_current reads `dumpsys activity top` and ps for the pid.
    expect(results.app_start_monkey).toEqual({
      value: { package: 'com.android.settings', activity: '.Settings', pid: expect.any(Number) },
    });
    const started = (results.app_start_activity as { value: { current: { pid: number }; pid: number } })
      .value;
    expect(started.current).toEqual({
      package: 'com.shoply.android',
      activity: '.MainActivity',
      pid: started.pid,
    });
    expect(started.pid).toBeGreaterThan(0);
    expect(results.app_list_running).toEqual({
      value: expect.arrayContaining(['com.android.settings', 'com.shoply.android']),
    });
    // `am force-stop` ended the process: ps no longer lists it.
    expect(results.app_stop).toEqual({ value: false });
    expect(results.push_pull).toEqual({ value: 'pushed by uiautomator2\n' });
    expect(filesOf(sim.state).read('/sdcard/Download/u2.txt')?.data.toString()).toBe(
      'pushed by uiautomator2\n',
    );
    // screenshot(display_id=0) resolves the display through `dumpsys SurfaceFlinger --display-id`, then screencap.
    expect(results.screenshot).toEqual({ value: [1080, 2400, 'RGB'] });
    expect(results.show_touch_trace).toEqual({ value: '1\n' });
    expect(sim.state.getSetting('system', 'pointer_location')).toBe('1');
    expect(results.app_clear).toEqual({ value: 'cleared' });
    // app_auto_grant_permissions reads `granted=false` runtime permissions from dumpsys package and `pm grant`s them.
    expect(results.app_auto_grant_permissions).toEqual({ value: false });
    expect(
      systemStateOf(sim.state)
        .permissions('com.shoply.android')
        .filter((grant) => grant.runtime)
        .every((grant) => grant.granted),
    ).toBe(true);
    expect(results.app_install_uninstall).toEqual({
      value: { info: { versionName: '0.3', versionCode: 3 }, uninstalled: true },
    });
    expect(sim.state.getPackage('com.example.u2')).toBeUndefined();
  });
});

const SETTINGS = 'com.android.tv.settings';

describe.skipIf(!pythonVenvPresent)(
  'uiautomator2 3.7 on the simulated TV (API 34): Settings to Factory reset',
  () => {
    it('walks there by keyevents and finds the node with its XPath engine', { timeout: 90_000 }, async () => {
      const booted = await bootSimulated(adb, { profile: 'tv', logTraffic: { ratePerSecond: 0, seed: 5 } });
      tv = booted.sim;
      const from = tv.device.received().length;
      const results = await runPythonProbe(tvProbeScript, [String(adb.port), booted.serial], 80_000);

      // The focused node's labels after each step, read from `uiautomator dump` by d.xpath.
      expect(results.home_focus).toEqual({ value: ['Settings'] });
      expect(results.walk).toEqual({
        value: [
          ['Accounts & Sign In'],
          ['System'],
          ['About'],
          ['System update'],
          ['Reset'],
          ['Cancel'],
          ['Factory reset'],
        ],
      });
      // d.keyevent sends the name without KEYCODE_, which Android 10+ input accepts; one shell command a key.
      const keys = tv.device
        .received()
        .slice(from)
        .map((entry) => entry.service)
        .filter((service) => service.includes('input keyevent'))
        .map((service) => /input keyevent (\w+)/.exec(service)?.[1]);
      expect(keys).toEqual([
        'DPAD_CENTER',
        ...Array<string>(6).fill('DPAD_DOWN'),
        'DPAD_CENTER',
        'DPAD_CENTER',
        'DPAD_DOWN',
        'DPAD_DOWN',
        'DPAD_CENTER',
        'DPAD_UP',
      ]);
      expect(results.app_current).toEqual({
        value: { package: SETTINGS, activity: '.device.storage.ResetActivity', pid: expect.any(Number) },
      });
      expect(tv.state.foreground.activity).toBe(`${SETTINGS}.device.storage.ResetActivity`);
      // "Factory reset" twice: the guidance title on the left and the action; the action is the focused row's title.
      expect(results.factory_reset).toEqual({
        value: expect.objectContaining({ count: 2, text: 'Factory reset' }),
      });
      const row = results.factory_reset_focused_row as { value: { bounds: number[]; count: number } };
      expect(row.value.count).toBe(1);
      const title = results.focused_title as {
        value: { bounds: number[]; text: string; resource_id: string };
      };
      expect(title.value).toMatchObject({
        count: 1,
        text: 'Factory reset',
        resource_id: `${SETTINGS}:id/guidedactions_item_title`,
      });
      const [left = 0, top = 0, right = 0, bottom = 0] = row.value.bounds;
      const [l = -1, t = -1, r = -1, b = -1] = title.value.bounds;
      expect(l >= left && t >= top && r <= right && b <= bottom).toBe(true);
      expect(results.guided_title).toEqual({
        value: expect.objectContaining({ count: 2, text: 'Factory reset' }),
      });
      // d(text=...) and d.dump_hierarchy() are JSON-RPC to u2's on-device server, which the simulator does not run.
      for (const call of ['dump_hierarchy', 'selector_exists'])
        expect(results[call]).toEqual({
          error: expect.stringMatching(/^HTTPError: Unable to connect to uiautomator2 server/),
        });
      // The walk changed nothing on the device: the apps stay installed.
      expect(tv.state.getPackage('com.shoply.android')).toBeDefined();
    });
  },
);
