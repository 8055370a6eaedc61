import { describe, expect, it } from 'vitest';
import { output, profileDevice } from '../../../../test-support/profileDevice';
import { systemStateOf } from '../../../device/systemState';

describe('dumpsys battery', () => {
  it('reports the battery and follows set, unplug and reset', async () => {
    const phone = profileDevice('phone');
    const before = await output(phone, 'dumpsys battery');
    expect(before).toContain('  USB powered: true\n');
    expect(before).toContain('  level: 78\n');
    expect(await output(phone, 'dumpsys battery set level 12 && dumpsys battery unplug')).toBe('');
    const changed = await output(phone, 'dumpsys battery');
    expect(changed).toContain(
      "Current Battery Service state:\n  (UPDATES STOPPED -- use 'reset' to restart)\n",
    );
    expect(changed).toContain('  USB powered: false\n');
    expect(changed).toContain('  status: 3\n');
    expect(changed).toContain('  level: 12\n');
    expect(await output(phone, 'dumpsys power')).toContain(
      '  mIsPowered=false\n  mPlugType=0\n  mBatteryLevel=12\n',
    );
    await output(phone, 'dumpsys battery reset');
    expect(await output(phone, 'dumpsys battery')).toBe(before);
  });

  it('has the API 21 fields only on API 21', async () => {
    const text = await output(profileDevice('legacy21'), 'dumpsys battery');
    expect(text).not.toContain('Max charging current');
    expect(text).not.toContain('Charge counter');
    expect(text.split('\n')).toHaveLength(13);
  });
});

describe('dumpsys deviceidle and thermalservice', () => {
  it('steps into Doze and back, as power and jobscheduler see it', async () => {
    const phone = profileDevice('phone');
    expect(await output(phone, 'dumpsys deviceidle')).toContain('  mState=ACTIVE mLightState=ACTIVE\n');
    expect(await output(phone, 'dumpsys deviceidle step')).toBe('Stepped to deep: INACTIVE\n');
    expect(await output(phone, 'dumpsys deviceidle force-idle')).toBe('Now forced in to deep idle mode\n');
    expect(await output(phone, 'dumpsys deviceidle get deep')).toBe('IDLE\n');
    expect(await output(phone, 'dumpsys power')).toContain('  mDeviceIdleMode=true\n');
    expect(await output(phone, 'dumpsys jobscheduler')).not.toContain('DEVICE_NOT_DOZING');
    expect(await output(phone, 'dumpsys deviceidle unforce')).toBe(
      'Light state: ACTIVE, deep state: ACTIVE\n',
    );
    expect(await output(phone, 'dumpsys deviceidle')).toContain('  mState=ACTIVE mLightState=ACTIVE\n');
    expect(await output(profileDevice('legacy21'), 'dumpsys deviceidle 2>&1')).toBe(
      "Can't find service: deviceidle\n",
    );
  });

  it('reports the thermal status the device is in', async () => {
    const phone = profileDevice('phone');
    expect(await output(phone, 'dumpsys thermalservice')).toContain('Thermal Status: 0\n');
    systemStateOf(phone).thermalStatus = 3;
    const hot = await output(phone, 'dumpsys thermalservice');
    expect(hot).toContain('Thermal Status: 3\n');
    expect(hot).toContain('\tTemperature{mValue=45.0, mType=3, mName=skin, mStatus=3}\n');
  });
});

describe('dumpsys jobscheduler, alarm and usagestats', () => {
  it('lists each app job with its constraints and drops them on uninstall', async () => {
    const phone = profileDevice('phone');
    const jobs = await output(phone, 'dumpsys jobscheduler');
    expect(jobs).toMatch(/^Started users: \[0\]\nRegistered 4 jobs:\n/);
    expect(jobs).toMatch(/ {2}JOB #u0a\d+\/1001: [0-9a-f]{7} com\.shoply\.android\/\.sync\.SyncJobService\n/);
    expect(jobs).toContain('    Required constraints: CHARGING CONNECTIVITY\n');
    await output(phone, 'dumpsys battery unplug');
    expect(await output(phone, 'dumpsys jobscheduler')).toContain(
      '    Required constraints: CHARGING CONNECTIVITY\n    Dynamic constraints:\n    Satisfied constraints: CONNECTIVITY DEVICE_NOT_DOZING BACKGROUND_NOT_RESTRICTED WITHIN_QUOTA\n    Unsatisfied constraints: CHARGING\n',
    );
    phone.uninstallPackage('com.shoply.android');
    expect(await output(phone, 'dumpsys jobscheduler')).not.toContain('com.shoply.android');
    expect(await output(phone, 'dumpsys alarm')).not.toContain('com.shoply.android');
  });

  it('prints dates in the device time zone, as date does', async () => {
    const phone = profileDevice('phone');
    await output(phone, 'setprop persist.sys.timezone Asia/Kolkata');
    const now = (await output(phone, "date '+%Y-%m-%d %H:%M:%S'")).trim();
    expect(now).toBe('2025-02-05 19:30:00');
    expect(await output(phone, 'dumpsys alarm')).toContain(`  nowRTC=${phone.now()}=${now}.000 nowELAPSED=`);
  });

  it('lists pending alarms soonest first, in batches before API 31', async () => {
    const phone = profileDevice('phone');
    const alarms = await output(phone, 'dumpsys alarm');
    expect(alarms).toContain('  Pending alarms: 5\n    RTC #0: Alarm{');
    expect(alarms).toMatch(/\n {2}Next wakeup alarm: \+6m0s0ms = 2025-02-05 14:06:00\.000\n/);
    const old = await output(profileDevice('cutout28'), 'dumpsys alarm');
    expect(old).toContain('  Pending alarm batches: 5\nBatch{');
  });

  it('gives the standby bucket am get-standby-bucket gives', async () => {
    const phone = profileDevice('phone');
    await output(phone, 'am start -n com.simmail.android/.InboxActivity');
    const states = await output(phone, 'dumpsys usagestats');
    for (const packageName of ['com.simmail.android', 'com.atlasmaps.app', 'com.android.settings']) {
      const bucket = (await output(phone, `am get-standby-bucket ${packageName}`)).trim();
      expect(states).toMatch(
        new RegExp(`\\n {4}package=${packageName.replace(/\./g, '\\.')} u=0 bucket=${bucket} `),
      );
    }
    expect(states).toContain(
      'type=ACTIVITY_RESUMED package=com.simmail.android class=com.simmail.android.InboxActivity',
    );
    expect(await output(profileDevice('legacy21'), 'dumpsys usagestats')).not.toContain('App Standby States');
  });
});

describe('dumpsys batterystats', () => {
  it('summarises history and since-charge statistics', async () => {
    const phone = profileDevice('phone');
    const text = await output(phone, 'dumpsys batterystats');
    expect(text).toMatch(/^Battery History \(/);
    expect(text).toContain(' 078 status=charging health=good plug=usb temp=291 volt=4172 ');
    expect(text).toContain('  Total run time: 1h 0m 5s 210ms realtime, 1h 0m 5s 210ms uptime\n');
    expect(await output(phone, 'dumpsys batterystats --reset')).toBe('Battery stats reset.\n');
  });
});
