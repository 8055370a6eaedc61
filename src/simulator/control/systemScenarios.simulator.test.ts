import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../simulatedAndroid';

// simctl's system scenario events over a real adb server, observed through the device commands a diagnostic runs:
// dumpsys jobscheduler|alarm|deviceidle|thermalservice|battery|usagestats|power and am get-standby-bucket.

let adb: IsolatedAdb;
const sims: SimulatedAndroid[] = [];
let phone: string;
let pie: string;
let tablet: string;
let lollipop: string;

async function shell(
  serial: string,
  command: string,
): Promise<{ stdout: string; stderr: string; code: number | null }> {
  const run = await adb.adb(['-s', serial, 'shell', command], { timeoutMs: 20_000 });
  return { stdout: run.stdout.toString('utf8'), stderr: run.stderr, code: run.code };
}

async function out(serial: string, command: string): Promise<string> {
  const run = await shell(serial, command);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return run.stdout;
}

/** The `JOB #...` block of one job in `dumpsys jobscheduler`. */
function jobBlock(dump: string, packageName: string, jobId: number): string {
  const start = dump.search(
    new RegExp(`\\n  JOB #u0a\\d+/${jobId}: [0-9a-f]{7} ${packageName.replace(/\./g, '\\.')}/`),
  );
  expect(start).toBeGreaterThanOrEqual(0);
  const rest = dump.slice(start + 1);
  const end = rest.slice(1).search(/\n {2}JOB #|\n\n/);
  return end < 0 ? rest : rest.slice(0, end + 2);
}

async function until(serial: string, command: string, done: (text: string) => boolean): Promise<string> {
  for (;;) {
    const text = await out(serial, command);
    if (done(text)) return text;
  }
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
  for (const profile of ['phone', 'cutout28', 'tablet', 'legacy21'] as const) {
    const booted = await bootSimulated(adb, { profile });
    sims.push(booted.sim);
    if (profile === 'phone') phone = booted.serial;
    else if (profile === 'cutout28') pie = booted.serial;
    else if (profile === 'tablet') tablet = booted.serial;
    else lollipop = booted.serial;
  }
}, 30_000);

afterAll(async () => {
  for (const sim of sims) await sim.close();
  await adb?.stop();
});

describe('simctl job', () => {
  it('schedules a job whose constraints follow charging, Wi-Fi and idleness, then runs and cancels it', async () => {
    expect(
      (await shell(phone, 'simctl job schedule com.shoply.android 77 --network unmetered --charging --idle'))
        .code,
    ).toBe(0);
    let block = jobBlock(await out(phone, 'dumpsys jobscheduler'), 'com.shoply.android', 77);
    expect(block).toContain('      Requires: charging=true batteryNotLow=false deviceIdle=true\n');
    expect(block).toContain('&NOT_METERED Uid: ');
    expect(block).toContain('    Required constraints: CHARGING IDLE CONNECTIVITY\n');
    expect(block).toContain('    Unsatisfied constraints: IDLE\n');
    expect(block).toContain('    Ready: false (job=false user=true !restricted=true !pending=true ');

    // Unplugged with Wi-Fi off and the screen off in light Doze: idle holds, the rest does not.
    await out(phone, 'simctl battery 40 --discharging; simctl wifi off; simctl doze light');
    block = jobBlock(await out(phone, 'dumpsys jobscheduler'), 'com.shoply.android', 77);
    expect(block).toContain(
      '    Satisfied constraints: IDLE BACKGROUND_NOT_RESTRICTED WITHIN_QUOTA\n    Unsatisfied constraints: CHARGING CONNECTIVITY\n',
    );
    await out(phone, 'simctl battery 40 --charging; simctl wifi on; simctl doze exit');
    block = jobBlock(await out(phone, 'dumpsys jobscheduler'), 'com.shoply.android', 77);
    expect(block).toContain(
      '    Satisfied constraints: CHARGING CONNECTIVITY DEVICE_NOT_DOZING BACKGROUND_NOT_RESTRICTED WITHIN_QUOTA\n    Unsatisfied constraints: IDLE\n    Tracking: BATTERY CONNECTIVITY IDLE QUOTA\n    Implicit constraints:\n      readyNotDozing: true\n',
    );

    await out(phone, 'simctl job schedule com.shoply.android 78 --delay-ms 600000');
    block = jobBlock(await out(phone, 'dumpsys jobscheduler'), 'com.shoply.android', 78);
    expect(block).toContain('      Minimum latency: +10m0s0ms\n');
    expect(block).toContain('    Required constraints: TIMING_DELAY\n');
    expect(block).toMatch(/\n {4}Run time: earliest=\+9m5\ds\d+ms, latest=none, original latest=none\n/);

    await out(phone, 'simctl job run com.shoply.android 78');
    const ran = await out(phone, 'dumpsys jobscheduler');
    expect(ran).not.toMatch(/JOB #u0a\d+\/78:/);
    expect(ran).toMatch(
      /\n +(0|-[\dhms]+) {3}START: #u0a\d+\/78 com\.shoply\.android\/\.jobs\.AndroidJobService\n/,
    );
    expect(ran).toMatch(
      / {3}STOP: #u0a\d+\/78 com\.shoply\.android\/\.jobs\.AndroidJobService app called jobFinished\n/,
    );

    await out(phone, 'simctl job cancel com.shoply.android 77');
    expect(await out(phone, 'dumpsys jobscheduler')).not.toMatch(/JOB #u0a\d+\/77:/);
    const missing = await shell(phone, 'simctl job cancel com.shoply.android 77');
    expect(missing).toMatchObject({ code: 1, stderr: 'simctl: com.shoply.android has no job 77\n' });
    expect((await shell(phone, 'simctl job schedule com.shoply.android 5 --period-ms 1000')).code).toBe(2);
    expect((await shell(phone, 'simctl job schedule com.not.installed 5')).stderr).toBe(
      'simctl: com.not.installed is not installed\n',
    );
  });

  it('prints the API 28 layout: no original latest, the network request', async () => {
    await out(pie, 'simctl job schedule com.shoply.android 9 --network any --period-ms 900000');
    const block = jobBlock(await out(pie, 'dumpsys jobscheduler'), 'com.shoply.android', 9);
    expect(block).toContain('      PERIODIC: interval=+15m0s0ms flex=+15m0s0ms\n');
    expect(block).toContain('    Required constraints: TIMING_DELAY DEADLINE CONNECTIVITY\n');
    expect(block).toMatch(/\n {4}Run time: earliest=-?[\dms]+, latest=\+1[45]m[\dms]+\n/);
    expect(block).toContain('    Standby bucket: ');
  });
});

describe('simctl alarm', () => {
  it('lists the alarm in dumpsys alarm and makes it go off when due', async () => {
    await out(phone, 'simctl alarm set com.simmail.android 3600000 --wakeup --tag SYNC --window-ms 60000');
    const alarms = await out(phone, 'dumpsys alarm');
    expect(alarms).toMatch(
      /\n {4}ELAPSED_WAKEUP #\d+: Alarm\{[0-9a-f]{7} type 2 origWhen \d+ com\.simmail\.android\}\n {6}tag=\*walarm\*:com\.simmail\.android\.SYNC\n {6}type=ELAPSED_WAKEUP origWhen=\+(59m5\ds\d+ms|1h0m0s0ms) window=\+1m0s0ms repeatInterval=0 count=0 flags=0x0\n/,
    );
    // A one-off alarm due now goes off (gone); a repeating one comes back one interval later.
    await out(phone, 'simctl alarm set com.simmail.android 1 --tag ONCE');
    await out(phone, 'simctl alarm set com.simmail.android 1 --rtc --repeat-ms 600000 --tag POLL');
    const fired = await until(phone, 'dumpsys alarm', (text) => !text.includes('com.simmail.android.ONCE'));
    expect(fired).toMatch(
      /tag=\*alarm\*:com\.simmail\.android\.POLL\n {6}type=RTC origWhen=[\d-]+ [\d:.]+ window=0 repeatInterval=600000 count=1 /,
    );

    await out(phone, 'simctl alarm cancel com.simmail.android SYNC');
    expect(await out(phone, 'dumpsys alarm')).not.toContain('com.simmail.android.SYNC');
    const none = await shell(phone, 'simctl alarm cancel com.simmail.android SYNC');
    expect(none).toMatchObject({ code: 1, stderr: 'simctl: com.simmail.android has no alarm SYNC\n' });
  });

  it('uses alarm batches before API 31', async () => {
    await out(pie, 'simctl alarm set com.shoply.android 120000 --tag LATER');
    expect(await out(pie, 'dumpsys alarm')).toContain('\n  mPendingIdleUntil=null\n');
    expect(await out(pie, 'dumpsys alarm')).toMatch(
      /\nBatch\{[0-9a-f]{7} num=1 start=\d+ end=\d+ flgs=0x0\}:\n {4}ELAPSED #0: Alarm\{[0-9a-f]{7} type 3 origWhen \d+ com\.shoply\.android\}\n {6}tag=\*alarm\*:com\.shoply\.android\.LATER\n/,
    );
  });
});

describe('simctl doze, standby, thermal, battery', () => {
  it('enters light and deep Doze and leaves it, as deviceidle, power and jobscheduler see it', async () => {
    await out(phone, 'simctl doze light');
    let idle = await out(phone, 'dumpsys deviceidle');
    expect(idle).toContain('  mForceIdle=false\n  mScreenOn=false\n');
    expect(idle).toContain('  mState=INACTIVE mLightState=IDLE\n');
    expect(await out(phone, 'dumpsys power')).toContain(
      '  mLightDeviceIdleMode=true\n  mDeviceIdleMode=false\n',
    );
    await out(phone, 'simctl doze deep');
    idle = await out(phone, 'dumpsys deviceidle');
    expect(idle).toContain('  mState=IDLE mLightState=OVERRIDE\n');
    expect(await out(phone, 'dumpsys deviceidle get deep')).toBe('IDLE\n');
    expect(await out(phone, 'dumpsys power')).toContain('  mWakefulness=Dozing\n');
    expect(await out(phone, 'dumpsys alarm')).toMatch(
      /\n {2}Idle mode state:\n {4}Idling until: Alarm\{[0-9a-f]{7} type 2 origWhen \d+ android\}\n {6}tag=\*walarm\*:DeviceIdleController\.deep\n {6}type=ELAPSED_WAKEUP origWhen=\+(59m5\ds|1h0m0s)/,
    );
    expect(await out(phone, 'dumpsys jobscheduler')).not.toContain('DEVICE_NOT_DOZING');
    // A whitelisted app's jobs keep running in Doze.
    expect(await out(phone, 'dumpsys deviceidle whitelist +com.simmail.android')).toBe(
      'Added: com.simmail.android\n',
    );
    expect(await out(phone, 'dumpsys deviceidle whitelist')).toMatch(/\nuser,com\.simmail\.android,\d+\n$/);
    expect(await out(phone, 'dumpsys deviceidle')).toContain(
      '  Whitelist user apps:\n    com.simmail.android\n',
    );
    const dozing = await out(phone, 'dumpsys jobscheduler');
    expect(jobBlock(dozing, 'com.simmail.android', 1001)).toContain(' DEVICE_NOT_DOZING');
    expect(jobBlock(dozing, 'com.atlasmaps.app', 1001)).not.toContain(' DEVICE_NOT_DOZING');
    expect(await out(phone, 'dumpsys deviceidle whitelist -com.simmail.android')).toBe(
      'Removed: com.simmail.android\n',
    );
    await out(phone, 'simctl doze exit');
    expect(await out(phone, 'dumpsys alarm')).not.toContain('Idle mode state:');
    expect(await out(phone, 'dumpsys deviceidle')).toContain('  mScreenOn=true\n');
    expect(await out(phone, 'dumpsys deviceidle get deep')).toBe('ACTIVE\n');
    expect(await out(phone, 'dumpsys jobscheduler')).toContain(' DEVICE_NOT_DOZING');
  });

  it('moves an app between standby buckets, as am get-standby-bucket, usagestats and jobscheduler see it', async () => {
    await out(phone, 'simctl standby com.atlasmaps.app restricted');
    expect(await out(phone, 'am get-standby-bucket com.atlasmaps.app')).toBe('45\n');
    expect(await out(phone, 'dumpsys usagestats')).toMatch(
      /\n {4}package=com\.atlasmaps\.app u=0 bucket=45 reason=f /,
    );
    expect(jobBlock(await out(phone, 'dumpsys jobscheduler'), 'com.atlasmaps.app', 1001)).toContain(
      '    Standby bucket: RESTRICTED\n',
    );
    await out(phone, 'simctl standby com.atlasmaps.app never');
    const never = jobBlock(await out(phone, 'dumpsys jobscheduler'), 'com.atlasmaps.app', 1001);
    expect(never).toMatch(/\n {4}Unsatisfied constraints:( [A-Z_]+)* WITHIN_QUOTA\n/);
    expect(never).toContain('    Standby bucket: NEVER\n');
    expect(never).toContain('    Ready: false (job=false ');
    await out(phone, 'simctl standby com.atlasmaps.app 20');
    expect(await out(phone, 'am get-standby-bucket com.atlasmaps.app')).toBe('20\n');
    expect((await shell(pie, 'simctl standby com.shoply.android restricted')).stderr).toBe(
      'simctl: the RESTRICTED bucket exists from API 30\n',
    );
    expect((await shell(phone, 'simctl standby com.atlasmaps.app 25')).code).toBe(2);
    expect((await shell(lollipop, 'simctl standby com.shoply.android rare')).stderr).toBe(
      'simctl: standby buckets exist from API 28\n',
    );
    expect((await shell(lollipop, 'simctl doze deep')).stderr).toBe('simctl: Doze exists from API 23\n');
  });

  it('sets the thermal status and the battery', async () => {
    await out(phone, 'simctl thermal severe');
    const thermal = await out(phone, 'dumpsys thermalservice');
    expect(thermal.startsWith('IsStatusOverride: true\n')).toBe(true);
    expect(thermal).toContain('Thermal Status: 3\n');
    await out(phone, 'simctl thermal 0');
    expect(await out(phone, 'dumpsys thermalservice')).toContain('Thermal Status: 0\n');
    expect((await shell(pie, 'simctl thermal 2')).stderr).toBe('simctl: thermalservice exists from API 29\n');

    await out(phone, 'simctl battery 14 --discharging --temp 455');
    const battery = await out(phone, 'dumpsys battery');
    expect(battery).toContain('  AC powered: false\n  USB powered: false\n');
    expect(battery).toContain('  status: 3\n');
    expect(battery).toContain('  level: 14\n');
    expect(battery).toContain('  temperature: 455\n');
    expect(await out(phone, 'dumpsys power')).toContain(
      '  mIsPowered=false\n  mPlugType=0\n  mBatteryLevel=14\n',
    );
    expect(JSON.parse(await out(phone, 'simctl status'))).toMatchObject({
      system: { thermalStatus: 0, battery: { level: 14, plugged: 'none', temperatureDeciC: 455 } },
    });
    await out(phone, 'simctl battery 100 --charging');
    expect(await out(phone, 'dumpsys battery')).toContain('  USB powered: true\n');
    expect(await out(phone, 'dumpsys battery')).toContain('  status: 5\n');
  });
});

describe('pm list features', () => {
  async function features(serial: string): Promise<string[]> {
    return (await out(serial, 'pm list features')).trim().split('\n');
  }

  it("lists a phone's camera, telephony, NFC and Vulkan; a tablet has no telephony, GPS or NFC", async () => {
    const pixel = await features(phone);
    expect(pixel[0]).toBe('feature:reqGlEsVersion=0x30002');
    for (const feature of [
      'android.hardware.camera.any',
      'android.hardware.telephony',
      'android.hardware.telephony.calling',
      'android.hardware.nfc',
      'android.hardware.bluetooth_le',
      'android.hardware.fingerprint',
      'android.hardware.vulkan.version=4206592',
      'android.software.credentials',
    ])
      expect(pixel).toContain(`feature:${feature}`);
    const pad = await features(tablet);
    expect(pad).toContain('feature:android.hardware.camera.front');
    expect(pad).toContain('feature:android.hardware.wifi');
    expect(pad.filter((line) => /telephony|\.nfc|location\.gps|camera\.flash/.test(line))).toEqual([]);
  });

  it('lists what an API 28 phone had: Vulkan 1.1, no API 30+ features', async () => {
    const nokia = await features(pie);
    expect(nokia).toContain('feature:android.hardware.vulkan.version=4198400');
    expect(nokia).toContain('feature:android.hardware.telephony.gsm');
    expect(nokia).not.toContain('feature:android.software.app_enumeration');
    expect(nokia).not.toContain('feature:android.hardware.telephony.calling');
  });
});
