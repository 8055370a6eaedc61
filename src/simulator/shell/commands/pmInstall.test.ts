import { describe, expect, it } from 'vitest';
import { buildApk, buildZip } from '../../../test-support/apkBuild';
import { filesOf } from '../../device/files';
import { DeviceState } from '../../device/state';
import { runShell } from '../../../test-support/runShell';

const APK = { packageName: 'com.example.tool', versionCode: 5, versionName: '5.0' };

function deviceWith(path: string, data: Buffer): DeviceState {
  const state = new DeviceState();
  filesOf(state).write(path, { data, mode: 0o644, mtimeSeconds: 0 });
  return state;
}

describe('pm install', () => {
  it('installs a pushed APK so pm path and pm list find it', async () => {
    const state = deviceWith('/data/local/tmp/tool.apk', buildApk(APK));
    const run = await runShell('pm install -r /data/local/tmp/tool.apk', { state });
    expect(run.stdout.toString()).toBe('Success\n');
    expect(run.status).toBe(0);
    expect((await runShell('pm path com.example.tool', { state })).stdout.toString()).toBe(
      'package:/data/app/com.example.tool-1/base.apk\n',
    );
    expect(state.getPackage('com.example.tool')).toMatchObject({ versionCode: 5, versionName: '5.0' });
  });

  it('refuses a reinstall without -r and a downgrade without -d', async () => {
    const state = deviceWith('/data/local/tmp/tool.apk', buildApk(APK));
    await runShell('pm install /data/local/tmp/tool.apk', { state });
    const again = await runShell('pm install /data/local/tmp/tool.apk', { state });
    expect(again.stdout.toString()).toMatch(/^Failure \[INSTALL_FAILED_ALREADY_EXISTS: /);
    expect(again.status).toBe(1);
    filesOf(state).write('/data/local/tmp/old.apk', {
      data: buildApk({ ...APK, versionCode: 2 }),
      mode: 0o644,
      mtimeSeconds: 0,
    });
    const older = await runShell('pm install -r /data/local/tmp/old.apk', { state });
    expect(older.stdout.toString()).toMatch(/^Failure \[INSTALL_FAILED_VERSION_DOWNGRADE: /);
    expect((await runShell('pm install -r -d /data/local/tmp/old.apk', { state })).stdout.toString()).toBe(
      'Success\n',
    );
    expect(state.getPackage('com.example.tool')?.versionCode).toBe(2);
  });

  it('fails like pm for a missing file, a zip that is not an APK, and bad usage', async () => {
    const state = deviceWith('/data/local/tmp/x.apk', buildZip([{ name: 'a', data: Buffer.from('a') }]));
    expect((await runShell('pm install /nope.apk', { state })).stdout.toString()).toBe(
      "Failure [INSTALL_FAILED_INVALID_URI: Can't open file: /nope.apk]\n",
    );
    expect((await runShell('pm install /data/local/tmp/x.apk', { state })).stdout.toString()).toMatch(
      /^Failure \[INSTALL_PARSE_FAILED_NOT_APK: /,
    );
    expect((await runShell('pm install --bogus /x.apk', { state })).status).toBe(255);
    expect((await runShell('pm install', { state })).status).toBe(1);
  });
});
