import { describe, expect, it } from 'vitest';
import { output, profileDevice } from '../../../../test-support/profileDevice';
import { DeviceState } from '../../../device/state';
import { systemStateOf } from '../../../device/systemState';
import { frameColumns } from './gfxinfo';

describe('dumpsys connectivity, wifi, ethernet, netstats', () => {
  it('follows the Wi-Fi, mobile data and airplane settings', async () => {
    const phone = profileDevice('phone');
    const connected = await output(phone, 'dumpsys connectivity');
    expect(connected).toContain('\nActive default network: 100\n');
    expect(connected).toMatch(
      /\n {2}NetworkAgentInfo\{network\{100\} .* ni\{WIFI CONNECTED .*InterfaceName: wlan0 LinkAddresses: \[ 192\.168\.1\.23\/24 \] DnsAddresses: \[ \/192\.168\.1\.1 \]/,
    );
    expect(await output(phone, 'dumpsys wifi')).toMatch(
      /^Wi-Fi is enabled\n[\s\S]*mWifiInfo SSID: "SimNet-5G", BSSID: /,
    );
    await output(phone, 'settings put global wifi_on 0');
    expect(await output(phone, 'dumpsys connectivity')).toContain('\nActive default network: 101\n');
    expect(await output(phone, 'dumpsys wifi')).toMatch(/^Wi-Fi is disabled\n/);
    await output(phone, 'settings put global airplane_mode_on 1');
    const offline = await output(phone, 'dumpsys connectivity');
    expect(offline).toContain('\nActive default network: none\n');
    expect(offline).not.toContain('NetworkAgentInfo');
  });

  it('answers as an Android TV box: Ethernet default, no battery', async () => {
    const tv = new DeviceState({
      features: ['android.software.leanback'],
      properties: { 'ro.build.version.sdk': '34' },
    });
    expect(await output(tv, 'dumpsys connectivity')).toContain('\nActive default network: 99\n');
    expect(await output(tv, 'dumpsys ethernet')).toContain('    Tracking interfaces: [eth0]\n');
    expect(await output(tv, 'dumpsys battery')).toContain('  AC powered: true\n');
    expect(await output(tv, 'dumpsys battery')).toContain('  present: false\n');
    expect(await output(tv, 'dumpsys wifi')).toContain('current StateMachine mode: DisconnectedState\n');
  });

  it('has an ethernet service with no interface on an API 35 phone, none on API 28', async () => {
    expect(await output(profileDevice('phone'), 'dumpsys ethernet')).toContain(
      '    Tracking interfaces: []\n',
    );
    expect(await output(profileDevice('cutout28'), 'dumpsys ethernet 2>&1')).toBe(
      "Can't find service: ethernet\n",
    );
  });

  it('netstats detail lists uid stats for the uids packages have, in the ident format of the API level', async () => {
    const phone = profileDevice('phone');
    const detail = await output(phone, 'dumpsys netstats detail');
    const appId = /appId=(\d+)/.exec(await output(phone, 'dumpsys package com.atlasmaps.app'))?.[1];
    expect(detail).toContain(
      `uid=${appId ?? 'missing'} set=DEFAULT tag=0x0\n    NetworkStatsHistory: bucketDuration=7200\n`,
    );
    expect(detail).toContain(
      'iface=wlan0 ident=[{type=WIFI, ratType=COMBINED, wifiNetworkKey="SimNet-5G", metered=false, defaultNetwork=true, oemManaged=OEM_NONE, subId=-1}]',
    );
    expect(await output(phone, 'dumpsys netstats')).not.toContain('UID stats:');
    expect(await output(profileDevice('legacy21'), 'dumpsys netstats')).toContain(
      'iface=wlan0 ident=[{type=WIFI, subType=COMBINED, networkId="SimNet-5G"}]',
    );
  });
});

describe('dumpsys notification and dropbox', () => {
  it('redacts notification text unless --noredact', async () => {
    const phone = profileDevice('phone');
    systemStateOf(phone).postNotification({
      packageName: 'com.simmail.android',
      id: 7,
      channelId: 'inbox',
      title: 'Ada Lovelace',
      text: 'Lunch tomorrow?',
      postTimeMs: phone.now(),
      importance: 4,
      ongoing: false,
    });
    const plain = await output(phone, 'dumpsys notification --noredact');
    expect(plain).toMatch(
      /^Current Notification Manager state:\n {2}Notification List:\n {4}NotificationRecord\(0x[0-9a-f]{7}: pkg=com\.simmail\.android user=UserHandle\{0\} id=7 tag=null importance=4 key=0\|com\.simmail\.android\|7\|null\|\d+: Notification\(channel=inbox /,
    );
    expect(plain).toContain(
      '          android.title=String (Ada Lovelace)\n          android.text=String (Lunch tomorrow?)\n',
    );
    const redacted = await output(phone, 'dumpsys notification');
    expect(redacted).toContain('          android.title=String [length=12]\n');
    expect(redacted).not.toContain('Lunch tomorrow?');
  });

  it('prints crash and ANR entries, filtered by tag', async () => {
    const phone = profileDevice('phone');
    systemStateOf(phone).addDropboxEntry({
      tag: 'system_app_crash',
      timeMs: phone.now(),
      text: 'Process: com.android.systemui\n',
    });
    const all = await output(phone, 'dumpsys dropbox');
    expect(all).toMatch(/^Drop box contents: 4 entries\nMax entries: 1000\n\n/);
    expect(all).toMatch(
      /\n2025-02-05 \d\d:\d\d:\d\d data_app_crash \(text, \d+ bytes\)\n {4}Process: com\.atlasmaps\.app\/PID: 2107\//,
    );
    const printed = await output(phone, 'dumpsys dropbox --print data_app_crash data_app_anr');
    expect(printed).toContain('Searching for: data_app_crash data_app_anr\n');
    expect(printed).toContain('java.lang.NullPointerException');
    expect(printed).toMatch(/data_app_anr \(text, \d+ bytes\)\nProcess: com\.shoply\.android\nPID: 2213\n/);
    expect(printed).not.toContain('system_app_crash');
    expect(await output(phone, 'dumpsys dropbox --print SYSTEM_TOMBSTONE')).toContain(
      '(No entries found.)\n',
    );
  });
});

describe('dumpsys gfxinfo', () => {
  it('prints framestats with the columns of the API level', async () => {
    const phone = profileDevice('phone');
    await output(phone, 'am start -n com.simmail.android/.InboxActivity');
    const text = await output(phone, 'dumpsys gfxinfo com.simmail.android framestats');
    const data = /---PROFILEDATA---\n([\s\S]*?)---PROFILEDATA---/.exec(text)?.[1] ?? '';
    const [header = '', ...rows] = data.trim().split('\n');
    expect(header).toBe(`${frameColumns(35).join(',')},`);
    expect(rows).toHaveLength(120);
    const columns = header.split(',');
    const at = (row: string, name: string): number => Number(row.split(',')[columns.indexOf(name)]);
    const janky = rows.filter(
      (row) => at(row, 'FrameCompleted') - at(row, 'IntendedVsync') > 16_666_666,
    ).length;
    expect(text).toContain(`Janky frames: ${janky} (`);
    systemStateOf(phone).setJankRatio('com.simmail.android', 0.5);
    const jank = Number(
      /Janky frames: (\d+)/.exec(await output(phone, 'dumpsys gfxinfo com.simmail.android'))?.[1],
    );
    expect(jank).toBeGreaterThan(janky + 30);
    expect(frameColumns(28)).toEqual(expect.arrayContaining(['OldestInputEvent', 'NewestInputEvent']));
    expect(frameColumns(28)).not.toContain('DequeueBufferDuration');
    expect(await output(phone, 'dumpsys gfxinfo com.shoply.android')).toBe(
      'No process found for: com.shoply.android\n',
    );
  });
});

describe('dumpsys meminfo', () => {
  it('sizes the app table from the RSS ps shows', async () => {
    const phone = profileDevice('phone');
    await output(phone, 'am start -n com.simmail.android/.InboxActivity');
    const [, pid = '', , , rss = ''] = (await output(phone, 'ps -A | grep com.simmail.android')).split(/\s+/);
    const text = await output(phone, `dumpsys meminfo ${pid}`);
    expect(text).toContain(`** MEMINFO in pid ${pid} [com.simmail.android] **\n`);
    expect(text).toMatch(new RegExp(`TOTAL PSS: +\\d+ +TOTAL RSS: +${rss} +TOTAL SWAP PSS: +0\\n`));
    expect(await output(phone, 'dumpsys meminfo com.shoply.android')).toBe(
      'No process found for: com.shoply.android\n',
    );
    const system = await output(phone, 'dumpsys meminfo');
    const kilobytes = Number(rss).toLocaleString('en-US');
    expect(system).toContain(
      `\n${`${kilobytes}K`.padStart(12)}: com.simmail.android (pid ${pid} / activities)\n`,
    );
    expect(system).toMatch(/\n\nTotal RSS by process:\n {4}[\d,]+K: system \(pid 1215\)\n/);
    expect(system).toMatch(
      /\nTotal RSS by OOM adjustment:\n +[\d,]+K: Native\n +[\d,]+K: zygote64 \(pid 823\)\n/,
    );
    expect(system).toMatch(
      /\n +[\d,]+K: Home\n +[\d,]+K: com\.google\.android\.apps\.nexuslauncher \(pid \d+ \/ activities\)\n/,
    );
    expect(system).not.toContain('Total PSS by process:');
    const older = await output(profileDevice('cutout28'), 'dumpsys meminfo');
    expect(older).toContain('\nTotal PSS by process:\n');
    expect(older).not.toContain('Total RSS');
  });
});

describe('dumpsys SurfaceFlinger', () => {
  it('gives the display id dumpsys display names, from API 29', async () => {
    const phone = profileDevice('phone');
    const uniqueId = /uniqueId='local:(\d+)'/.exec(await output(phone, 'dumpsys display'))?.[1];
    expect(await output(phone, 'dumpsys SurfaceFlinger --display-id')).toBe(
      `Display ${uniqueId ?? 'missing'} (HWC display 0): port=0 pnpId=GGL displayName="Common Panel"\n`,
    );
    expect(await output(phone, 'dumpsys SurfaceFlinger --list')).toContain(
      'com.google.android.apps.nexuslauncher/com.google.android.apps.nexuslauncher.NexusLauncherActivity#',
    );
    expect(await output(profileDevice('cutout28'), 'dumpsys SurfaceFlinger --display-id')).not.toContain(
      'HWC display 0',
    );
  });
});

describe('dumpsys input, input_method, display', () => {
  it('follow the foreground app, the selected IME and the rotation', async () => {
    const phone = profileDevice('phone');
    await output(phone, 'am start -n com.simmail.android/.InboxActivity');
    expect(await output(phone, 'dumpsys input')).toMatch(
      /FocusedWindows:\n {4}displayId=0, name='[0-9a-f]{7} com\.simmail\.android\/com\.simmail\.android\.InboxActivity'\n/,
    );
    await output(phone, 'settings put system user_rotation 3');
    expect(await output(phone, 'dumpsys input')).toContain('      InputDeviceOrientation: 3\n');
    expect(await output(profileDevice('cutout28'), 'dumpsys input')).toContain(
      '      SurfaceOrientation: 0\n',
    );
    await output(phone, 'settings put system user_rotation 0');
    expect(await output(profileDevice('legacy21'), 'dumpsys input')).toContain(
      "  FocusedWindow: name='Window{",
    );
    await output(phone, 'settings put secure default_input_method com.example.keys/.KeysIme');
    expect(await output(phone, 'dumpsys input_method')).toContain(
      '  mCurMethodId=com.example.keys/.KeysIme\n',
    );
    await output(phone, 'settings put system user_rotation 1');
    const display = await output(phone, 'dumpsys display');
    expect(display).toContain('orientation=1, logicalFrame=Rect(0, 0 - 2400, 1080)');
    expect(await output(profileDevice('cutout28'), 'dumpsys display')).toContain(
      '  mDefaultViewport=DisplayViewport{valid=true',
    );
  });
});
