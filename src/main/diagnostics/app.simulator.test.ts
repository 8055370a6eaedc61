// inspect_android_app through runTool on simulated Android 15 and Android 5 phones: the status word, the commands the
// device received and the parsed summary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { NO_APPROVER } from '../approval/approval';
import { runTool } from '../android/runTool';
import { appStatus, inspectAndroidApp } from './app';
import type { ProbeSection } from './sections';

let adb: IsolatedAdb;
const sims: SimulatedAndroid[] = [];

beforeAll(async () => {
  adb = await startIsolatedAdb();
});

afterAll(async () => {
  await Promise.all(sims.map((sim) => sim.close()));
  await adb.stop();
});

describe.each(['phone', 'legacy21'])('inspect_android_app on %s', (profile) => {
  let sim: SimulatedAndroid;
  let serial: string;

  beforeAll(async () => {
    ({ sim, serial } = await bootSimulated(adb, { profile }));
    sims.push(sim);
  });

  const call = (args: Record<string, unknown>) =>
    runTool(inspectAndroidApp, {
      arguments: { device: serial, ...args },
      resolver: isolatedResolver(adb),
      approve: NO_APPROVER,
    });

  it('answers status complete (a status word, not ok) for an installed package', async () => {
    const result = await call({ package: 'com.android.settings' });
    expect(result).toMatchObject({
      ok: true,
      value: { kind: 'android_app', status: 'complete', package: 'com.android.settings' },
    });
    const value = result.ok
      ? (result.value as { summary: { version_code: unknown; apk_paths: string[] } })
      : null;
    expect(value?.summary.version_code).not.toBeNull();
    expect(value?.summary.apk_paths.length).toBeGreaterThan(0);
    const received = sim.device.received().map((entry) => entry.service);
    expect(received.some((service) => service.includes("dumpsys package 'com.android.settings'"))).toBe(true);
  });

  it('refuses a package that is not installed with NOT_FOUND', async () => {
    const result = await call({ package: 'com.example.absent' });
    expect(result).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('appStatus', () => {
  const section = (status: ProbeSection['status']): ProbeSection => ({
    command: 'x',
    truncated: false,
    status,
    exit_code: status === 'complete' ? 0 : 1,
    stdout: 'out',
    stderr: '',
  });
  const all = {
    memory: section('complete'),
    package_info: section('complete'),
    process: section('complete'),
  };

  it('is complete only when every counted command completed and the version parsed', () => {
    expect(appStatus('complete', all, true)).toBe('complete');
    expect(appStatus('complete', all, false)).toBe('partial');
    expect(appStatus('partial', all, true)).toBe('partial');
    expect(appStatus('complete', { ...all, memory: section('failed') }, true)).toBe('partial');
  });
});
