import { describe, expect, it } from 'vitest';
import { runShell } from '../../../../test-support/runShell';
import { output, profileDevice } from '../../../../test-support/profileDevice';
import { systemStateOf } from '../../../device/systemState';

const FOCUS =
  /\n {2}mCurrentFocus=Window\{[0-9a-f]{7} u0 com\.simmail\.android\/com\.simmail\.android\.InboxActivity\}\n/;

describe('dumpsys window', () => {
  it('prints focus per display from API 29 and at the end of windows before', async () => {
    const phone = profileDevice('phone');
    await output(phone, 'am start -n com.simmail.android/.InboxActivity');
    const displays = await output(phone, 'dumpsys window displays');
    expect(displays).toMatch(FOCUS);
    expect(displays).toMatch(
      /\n {2}mFocusedApp=ActivityRecord\{[0-9a-f]{7} u0 com\.simmail\.android\/\.InboxActivity t\d+\}\n/,
    );
    expect(await output(phone, 'dumpsys window windows')).not.toContain('mCurrentFocus');
    expect((await output(phone, 'dumpsys window | grep -c mCurrentFocus')).trim()).toBe('1');

    const notched = profileDevice('cutout28');
    await output(notched, 'am start -n com.simmail.android/.InboxActivity');
    const windows = await output(notched, 'dumpsys window windows');
    expect(windows).toMatch(FOCUS);
    expect(windows).toMatch(
      /\n {2}mFocusedApp=AppWindowToken\{[0-9a-f]{7} token=Token\{[0-9a-f]{7} ActivityRecord\{[0-9a-f]{7} u0 com\.simmail\.android\/\.InboxActivity t\d+\}\}\}\n/,
    );
    expect(windows).toContain('stackId=');
    expect(await output(notched, 'dumpsys window displays')).not.toContain('mCurrentFocus');
  });

  it('shows wm overrides as base= and the window of the foreground app', async () => {
    const phone = profileDevice('phone');
    await output(phone, 'wm size 720x1600 && wm density 320');
    expect(await output(phone, 'dumpsys window displays')).toContain(
      'init=1080x2400 420dpi mMinSizeOfResizeableTaskDp=220 base=720x1600 320dpi cur=720x1600 app=720x1600',
    );
    await output(phone, 'monkey -p com.atlasmaps.app -c android.intent.category.LAUNCHER 1');
    const windows = await output(phone, 'dumpsys window windows');
    expect(windows).toMatch(
      /^WINDOW MANAGER WINDOWS \(dumpsys window windows\)\n {2}Window #0 Window\{[0-9a-f]{7} u0 NavigationBar0\}:\n/,
    );
    expect(windows).toMatch(
      /\n {2}Window #2 Window\{[0-9a-f]{7} u0 com\.atlasmaps\.app\/com\.atlasmaps\.app\.MapActivity\}:\n/,
    );
    expect(windows).toContain('package=com.atlasmaps.app');
    expect(windows).toContain('sw360dp w360dp h800dp 320dpi');
  });

  it('loses focus when the power key turns the screen off', async () => {
    const phone = profileDevice('phone');
    await output(phone, 'input keyevent KEYCODE_POWER');
    expect(await output(phone, 'dumpsys window displays')).toContain('  mCurrentFocus=null\n');
    // Appium's lock management reads the keyguard delegate of `dumpsys window`.
    expect(await output(phone, 'dumpsys window policy')).toMatch(
      /\n {4}KeyguardServiceDelegate\n {6}showing=false\n[\s\S]*\n {6}screenState=SCREEN_STATE_OFF\n {6}interactiveState=INTERACTIVE_STATE_SLEEP\n/,
    );
    expect(await output(phone, 'dumpsys power')).toMatch(
      /mWakefulness=Asleep\n[\s\S]*Display Power: state=OFF\n/,
    );
    await output(phone, 'input keyevent 224');
    expect(await output(phone, 'dumpsys power')).toContain('mWakefulness=Awake\n');
  });
});

describe('dumpsys activity', () => {
  it('names the resumed activity in every layout tools parse', async () => {
    const phone = profileDevice('phone');
    await output(phone, 'am start -n com.shoply.android/.checkout.CheckoutActivity');
    const record = /ActivityRecord\{[0-9a-f]{7} u0 com\.shoply\.android\/\.checkout\.CheckoutActivity t\d+\}/;
    const activities = await output(phone, 'dumpsys activity activities');
    for (const label of ['mResumedActivity: ', '  ResumedActivity: ', 'topResumedActivity='])
      expect(activities).toMatch(
        new RegExp(`${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${record.source}`),
      );
    const legacy = profileDevice('legacy21');
    const old = await output(legacy, 'dumpsys activity activities');
    expect(old).toContain(' mFocusedActivity: ActivityRecord{');
    expect(old).toContain('* TaskRecord{');
    expect(old).not.toContain('topResumedActivity');
  });

  it('top, processes and recents use the pids ps shows', async () => {
    const phone = profileDevice('phone');
    await output(phone, 'am start -n com.simmail.android/.InboxActivity');
    await output(phone, 'am start -n com.atlasmaps.app/.MapActivity');
    const pid = (await output(phone, 'pidof com.atlasmaps.app')).trim();
    expect(await output(phone, 'dumpsys activity top')).toMatch(
      new RegExp(
        `^TASK \\d+:com\\.atlasmaps\\.app id=\\d+ userId=0\\n  ACTIVITY com\\.atlasmaps\\.app/\\.MapActivity [0-9a-f]{7} pid=${pid}\\n`,
      ),
    );
    const processes = await output(phone, 'dumpsys activity processes');
    expect(processes).toMatch(
      new RegExp(`Proc # 0: fg +T/A/TOP +LCM +t: 0 ${pid}:com\\.atlasmaps\\.app/u0a\\d+ \\(top-activity\\)`),
    );
    const user = (await output(phone, 'ps -A | grep com.simmail.android')).split(/\s+/)[0] ?? '';
    expect(processes).toContain(`:com.simmail.android/${user.replace('_', '')}`);
    const recents = await output(phone, 'dumpsys activity recents');
    expect([...recents.matchAll(/realActivity=(\S+)/g)].map((match) => match[1])).toEqual([
      'com.atlasmaps.app/.MapActivity',
      'com.simmail.android/.InboxActivity',
    ]);
  });

  it('lru, oom and a package name rank the same running processes', async () => {
    const phone = profileDevice('phone');
    await output(phone, 'am start -n com.simmail.android/.InboxActivity');
    const pid = (await output(phone, 'pidof com.simmail.android')).trim();
    expect(await output(phone, 'dumpsys activity lru')).toMatch(
      new RegExp(
        `^ACTIVITY MANAGER LRU PROCESSES \\(dumpsys activity lru\\)\\n  Activities:\\n  #3: fg     TOP  LCM ${pid}:com\\.simmail\\.android/u0a\\d+ act:activities\\n`,
      ),
    );
    const oom = await output(phone, 'dumpsys activity oom');
    expect(oom).toContain('       0: FOREGROUND_APP_ADJ (   73,728K)\n');
    expect(oom).toMatch(
      new RegExp(
        `Proc # 0: fg +T/A/TOP +LCM +t: 0 ${pid}:com\\.simmail\\.android/u0a\\d+ \\(top-activity\\)\\n +oom: max=1001 curRaw=0 `,
      ),
    );
    expect(oom).toMatch(/com\.android\.systemui\/u0a178 \(service\)\n +oom: max=1001 curRaw=-800 /);
    // The mail app's :remote service process is a started service, under "Other", with the app's uid.
    const uid = (await output(phone, 'dumpsys activity lru')).match(
      /com\.simmail\.android\/(u0a\d+) act/,
    )?.[1];
    expect(await output(phone, 'dumpsys activity lru')).toMatch(
      new RegExp(
        `  Other:\\n(.*\\n)*  #\\d: svc    SVC  --- \\d+:com\\.simmail\\.android:remote/${uid ?? 'none'}\\n`,
      ),
    );
    const launcher = await output(phone, 'dumpsys activity com.google.android.apps.nexuslauncher');
    expect(launcher).toMatch(/^TASK \d+:com\.google\.android\.apps\.nexuslauncher id=\d+ userId=0\n/);
    expect(launcher).toContain('      mResumed=false mStopped=true mFinished=false\n');
    expect(await output(phone, 'dumpsys activity com.shoply.android')).toBe(
      'Bad activity command, or no activities match: com.shoply.android\nUse -h for help.\n',
    );
  });

  it('lastanr shows the last ANR, services the enabled accessibility service', async () => {
    const phone = profileDevice('phone');
    const system = systemStateOf(phone);
    const anr = system.lastAnr;
    expect(anr).toBeDefined();
    expect(await output(phone, 'dumpsys activity lastanr')).toContain(`  Reason: ${anr?.reason ?? ''}\n`);
    expect(await output(phone, 'dumpsys window lastanr')).toMatch(
      /^WINDOW MANAGER LAST ANR \(dumpsys window lastanr\)\n {2}ANR time: 2025-02-05 13:37:00\.000\n {2}Application at fault: ActivityRecord\{[0-9a-f]{7} u0 com\.shoply\.android\/\.MainActivity t\d+\}\n {2}Reason: Input dispatching timed out/,
    );
    system.recordAnr(
      {
        packageName: 'com.simmail.android',
        pid: 4242,
        activity: undefined,
        reason: 'Broadcast of Intent { act=android.intent.action.SCREEN_ON }',
        timeMs: phone.now(),
      },
      'Process: com.simmail.android\n',
    );
    expect(await output(phone, 'dumpsys activity lastanr')).toContain(
      '  Application at fault: 4242:com.simmail.android/u0a',
    );
    phone.installPackage({ packageName: 'com.example.reader', launchActivity: '.Main' });
    phone.putSetting('secure', 'enabled_accessibility_services', 'com.example.reader/.ReaderService');
    expect(await output(phone, 'dumpsys activity services')).toContain('  * ServiceRecord{');
    expect(await output(phone, 'dumpsys activity services')).toContain(
      'u0 com.example.reader/.ReaderService}',
    );
    expect(await output(profileDevice('legacy21'), 'dumpsys activity lastanr')).toContain(
      'Bad activity command, or no activities match: lastanr',
    );
  });
});

describe('dumpsys package', () => {
  it('reports versions, code path, install times and permissions consistently with pm', async () => {
    const clock = { now: Date.UTC(2025, 1, 5, 14, 0, 0) };
    const phone = profileDevice('phone', clock);
    phone.installPackage({
      packageName: 'com.example.cam',
      versionCode: 7,
      versionName: '0.7',
      launchActivity: '.Main',
    });
    clock.now += 3_600_000;
    phone.installPackage({
      packageName: 'com.example.cam',
      versionCode: 8,
      versionName: '0.8',
      launchActivity: '.Main',
    });
    const text = await output(phone, 'dumpsys package com.example.cam');
    expect(text).toContain('    versionCode=8 minSdk=21 targetSdk=35\n    versionName=0.8\n');
    const path = (await output(phone, 'pm path com.example.cam')).trim().replace(/^package:/, '');
    expect(text).toContain(`    codePath=${path.replace(/\/base\.apk$/, '')}\n`);
    expect(text).toContain('    lastUpdateTime=2025-02-05 15:00:00\n');
    expect(text).toContain('      firstInstallTime=2025-02-05 14:00:00\n');
    expect(text).toContain('        android.permission.CAMERA: granted=true, flags=[');
    expect(text).toContain('      android.permission.INTERNET: granted=true\n');
    systemStateOf(phone).revokePermission('com.example.cam', 'android.permission.CAMERA');
    expect(await output(phone, 'dumpsys package com.example.cam')).toContain(
      'android.permission.CAMERA: granted=false',
    );
    expect(await output(phone, 'dumpsys package com.example.absent')).toBe('');
  });

  it('uses the uid ps shows', async () => {
    const phone = profileDevice('phone');
    await output(phone, 'am start -n com.simmail.android/.InboxActivity');
    const user = (await output(phone, 'ps -A | grep com.simmail.android')).split(/\s+/)[0] ?? '';
    const appId = 10_000 + Number.parseInt(user.replace('u0_a', ''), 10);
    expect(await output(phone, 'dumpsys package com.simmail.android')).toContain(`    appId=${appId}\n`);
  });
});

describe('dumpsys', () => {
  it('lists the services of the API level and answers a missing one like Android', async () => {
    const phone = profileDevice('phone');
    const list = await output(phone, 'dumpsys -l');
    expect(list.startsWith('Currently running services:\n  SurfaceFlinger\n  activity\n  alarm\n')).toBe(
      true,
    );
    for (const name of ['deviceidle', 'ethernet', 'thermalservice', 'window', 'gfxinfo'])
      expect(list).toContain(`  ${name}\n`);
    const legacy = await output(profileDevice('legacy21'), 'dumpsys -l');
    for (const name of ['deviceidle', 'ethernet', 'thermalservice'])
      expect(legacy).not.toContain(`  ${name}\n`);
    const missing = await runShell('dumpsys thermalservice', { state: profileDevice('legacy21') });
    expect(missing).toMatchObject({ status: 0, stderr: "Can't find service: thermalservice\n" });
    expect(missing.stdout.toString()).toBe('');
    const all = await output(phone, 'dumpsys');
    expect(all).toContain(
      '-------------------------------------------------------------------------------\nDUMP OF SERVICE battery:\nCurrent Battery Service state:\n',
    );
    expect(all).toMatch(
      /--------- 0\.012s was the duration of dumpsys window, ending at: 2025-02-05 14:00:00\n$/,
    );
  });
});
