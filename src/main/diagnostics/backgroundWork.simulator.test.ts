// android_background_work through runTool on simulated phones over a real adb server: the simctl job, alarm, doze
// and standby scenarios switched on the device, what the tool reports and the exact adb services it sent, on
// Android 15, on Android 6 (Doze but no standby buckets, legacy jobs dump) and on Android 5 (neither).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { loadProfile } from '../../simulator/profiles';
import type { Result } from '../../shared/errors';
import { NO_APPROVER } from '../approval/approval';
import { runTool } from '../android/runTool';
import { androidBackgroundWork } from './backgroundWork';

interface Device {
  sim: SimulatedAndroid;
  serial: string;
}

let adb: IsolatedAdb;
let phone: Device;
let marshmallow: Device;
let lollipop: Device;
const PKG = 'com.atlasmaps.app';

beforeAll(async () => {
  adb = await startIsolatedAdb();
  phone = await bootSimulated(adb, { profile: 'phone' });
  const base = loadProfile('phone');
  if (!base.ok) throw new Error(base.error.message);
  marshmallow = await bootSimulated(adb, { profile: { ...base.value, name: 'phone23', sdk: 23 } });
  lollipop = await bootSimulated(adb, { profile: 'legacy21' });
}, 30_000);

afterAll(async () => {
  for (const device of [phone, marshmallow, lollipop]) await device?.sim.close();
  await adb?.stop();
});

/** A scenario switch on the device (simctl, or a shell command a tester would type), through adb. */
async function scenario(device: Device, command: string): Promise<void> {
  const run = await adb.adb(['-s', device.serial, 'shell', command], { timeoutMs: 20_000 });
  expect(run.code, `${command}: ${run.stderr}`).toBe(0);
}

/** Runs the tool on `device`; the adb services the call sent (after the last request before it). */
async function call(device: Device, args: Record<string, unknown>) {
  const last = device.sim.device.received().at(-1);
  const result = await runTool(androidBackgroundWork, {
    arguments: { ...args, device: device.serial },
    resolver: isolatedResolver(adb),
    approve: NO_APPROVER,
  });
  const received = device.sim.device.received();
  const services = received
    .slice(last === undefined ? 0 : received.lastIndexOf(last) + 1)
    .map((entry) => entry.service)
    .filter((service) => service.startsWith('shell'));
  return { result, services };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const value = (result: Result<unknown>): any => {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
};

const READS = (prefix: string, pkg: string): string[] =>
  ['dumpsys jobscheduler', 'dumpsys alarm', `am get-standby-bucket '${pkg}'`, 'dumpsys deviceidle'].map(
    (command) => `${prefix}${command}`,
  );

describe('android_background_work on Android 15', () => {
  it('sends the four reads and reports jobs, alarms, the bucket and Doze of the package', async () => {
    const { result, services } = await call(phone, { package: PKG });
    expect([...services].sort()).toEqual(READS('shell,v2,raw:', PKG).sort());
    const answer = value(result);
    expect(answer).toMatchObject({ kind: 'background_work', package: PKG, limit: 50, status: 'complete' });
    const { jobscheduler, alarm, standby_bucket, deviceidle } = answer.sections;
    expect(jobscheduler).toMatchObject({ status: 'complete', supported: true, registered_jobs: 4 });
    expect(jobscheduler.jobs.map((job: { unique_id: string }) => job.unique_id)).toEqual([
      expect.stringMatching(/^u0a\d+\/1001$/),
      expect.stringMatching(/^u0a\d+\/2002$/),
    ]);
    const upload = jobscheduler.jobs[1];
    expect(upload).toMatchObject({
      source_package: PKG,
      component: `${PKG}/.upload.UploadJobService`,
      required_constraints: ['CHARGING', 'CONNECTIVITY'],
      unsatisfied_constraints: [],
      standby_bucket: 'RARE',
      pending: true,
      ready: false,
      layout: 'detailed',
    });
    expect(upload.pending_reasons).toEqual(['!pending=false']);
    expect(jobscheduler.rows.every((row: string) => !row.includes('com.shoply.android'))).toBe(true);
    expect(alarm.alarms).toEqual([
      expect.objectContaining({
        type: 'ELAPSED_WAKEUP',
        wakeup: true,
        tag: `*walarm*:${PKG}.action.REFRESH`,
        repeat_interval_ms: 3_600_000,
      }),
    ]);
    expect(alarm.next_wakeup_alarm).toMatch(/^\+\S+ = \d{4}-\d\d-\d\d /);
    expect(standby_bucket).toMatchObject({
      command: `am get-standby-bucket '${PKG}'`,
      status: 'complete',
      bucket: 40,
      bucket_name: 'RARE',
      supported: true,
    });
    expect(deviceidle).toMatchObject({ status: 'complete', whitelisted: false, doze: { state: 'ACTIVE' } });
    expect(answer.caveats.join(' ')).toContain('does not prove that a task will run');
    expect(answer.caveats.join(' ')).toContain('OEM power policies');
  });

  it('follows the standby, whitelist and deep Doze scenarios', async () => {
    await scenario(phone, `simctl standby ${PKG} never`);
    await scenario(phone, `dumpsys deviceidle whitelist +${PKG}`);
    await scenario(phone, 'simctl doze deep');
    try {
      const { result, services } = await call(phone, { package: PKG });
      expect([...services].sort()).toEqual(READS('shell,v2,raw:', PKG).sort());
      const { jobscheduler, alarm, standby_bucket, deviceidle } = value(result).sections;
      expect(standby_bucket).toMatchObject({ bucket: 50, bucket_name: 'NEVER' });
      expect(deviceidle).toMatchObject({
        whitelisted: true,
        whitelists: ['Whitelist user apps'],
        rows: [`    ${PKG}`],
        doze: { state: 'IDLE', light_state: 'OVERRIDE', screen_on: false },
      });
      const sync = jobscheduler.jobs[0];
      expect(sync).toMatchObject({ standby_bucket: 'NEVER', doze_whitelisted: true });
      expect(sync.unsatisfied_constraints).toContain('WITHIN_QUOTA');
      expect(sync.pending_reasons).toContain('WITHIN_QUOTA');
      expect(alarm.idle_until).toContain('android}');
    } finally {
      await scenario(phone, 'simctl doze exit');
      await scenario(phone, `dumpsys deviceidle whitelist -${PKG}`);
      await scenario(phone, `simctl standby ${PKG} rare`);
    }
    const after = value((await call(phone, { package: PKG })).result).sections;
    expect(after.deviceidle).toMatchObject({ whitelisted: false, doze: { state: 'ACTIVE' } });
    expect(after.alarm.idle_until).toBeNull();
  });

  it('shows a scheduled job and alarm, then neither once cancelled', async () => {
    await scenario(phone, `simctl job schedule ${PKG} 77 --idle`);
    await scenario(phone, `simctl alarm set ${PKG} 60000 --wakeup --tag PING`);
    const { jobscheduler, alarm } = value((await call(phone, { package: PKG })).result).sections;
    const job = jobscheduler.jobs.find((entry: { job_id: number }) => entry.job_id === 77);
    expect(job).toMatchObject({ required_constraints: ['IDLE'], unsatisfied_constraints: ['IDLE'] });
    expect(job.pending_reasons).toContain('IDLE');
    expect(alarm.alarms.map((entry: { tag: string }) => entry.tag)).toContain(`*walarm*:${PKG}.PING`);

    await scenario(phone, `simctl job cancel ${PKG} 77`);
    await scenario(phone, `simctl alarm cancel ${PKG} PING`);
    const later = value((await call(phone, { package: PKG })).result).sections;
    expect(later.jobscheduler.jobs.map((entry: { job_id: number }) => entry.job_id)).toEqual([1001, 2002]);
    expect(later.alarm.alarms.map((entry: { tag: string }) => entry.tag)).toEqual([
      `*walarm*:${PKG}.action.REFRESH`,
    ]);
  });

  it('keeps at most limit lines per service and clamps limit into 1-200', async () => {
    const capped = value((await call(phone, { package: PKG, limit: 3 })).result).sections;
    expect(capped.jobscheduler.rows).toHaveLength(3);
    expect(capped.jobscheduler.limit_reached).toBe(true);
    expect(capped.jobscheduler.matched).toBeGreaterThan(3);
    expect(capped.alarm.rows).toHaveLength(3);
    expect(value((await call(phone, { package: PKG, limit: 0 })).result).limit).toBe(1);
    expect(value((await call(phone, { package: PKG, limit: 9999 })).result).limit).toBe(200);
  });

  it('answers partial for a package the device does not have, with the bucket failure named', async () => {
    const { result } = await call(phone, { package: 'com.example.absent' });
    const answer = value(result);
    expect(answer.status).toBe('partial');
    expect(answer.sections.standby_bucket).toMatchObject({
      status: 'failed',
      exit_code: 255,
      bucket: null,
      package_found: false,
      note: 'the device says com.example.absent is not installed',
    });
    expect(answer.sections.standby_bucket.stderr).toContain('non existent package (com.example.absent)');
    expect(answer.sections.jobscheduler).toMatchObject({ status: 'complete', jobs: [], rows: [] });
  });

  it.each([
    [{ package: 'com.x;reboot' }, 'package must be a package name'],
    [{ package: 'single' }, 'package must be a package name'],
    [{}, 'package'],
    [{ package: PKG, limit: 1.5 }, 'limit must be an integer'],
    [{ package: PKG, limit: '5' }, 'limit must be an integer'],
    [{ package: PKG, service: 'alarm' }, 'service is not a known field'],
  ])('refuses %j before anything reaches the device', async (args, message) => {
    const { result, services } = await call(phone, args);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(!result.ok && result.error.message).toContain(message);
    expect(services).toEqual([]);
  });
});

describe('android_background_work on old releases', () => {
  it('Android 6: legacy jobs line, Doze whitelist, and standby buckets reported unsupported', async () => {
    await scenario(marshmallow, `dumpsys deviceidle whitelist +${PKG}`);
    const { result, services } = await call(marshmallow, { package: PKG });
    // The simulated phone advertises shell_v2 whatever its API level (a real Android 6 has none).
    expect([...services].sort()).toEqual(READS('shell,v2,raw:', PKG).sort());
    const answer = value(result);
    expect(answer.status).toBe('partial');
    const { jobscheduler, standby_bucket, deviceidle } = answer.sections;
    expect(jobscheduler.registered_jobs).toBeNull();
    expect(jobscheduler.jobs).toEqual([
      expect.objectContaining({ layout: 'legacy', job_id: 1001, required_constraints: null, pending: null }),
      expect.objectContaining({
        layout: 'legacy',
        job_id: 2002,
        component: `${PKG}/${PKG}.upload.UploadJobService`,
        ready: true,
      }),
    ]);
    expect(standby_bucket).toMatchObject({ status: 'failed', supported: false, bucket: null });
    expect(standby_bucket.note).toContain('Android 9 (API 28)');
    expect(deviceidle).toMatchObject({ status: 'complete', whitelisted: true, doze: { state: 'ACTIVE' } });
  });

  it('Android 5: no deviceidle service and no standby buckets, never invented', async () => {
    // The first app of this profile is the shop, which holds the upload and sync jobs there.
    const shop = 'com.shoply.android';
    const { result, services } = await call(lollipop, { package: shop });
    expect([...services].sort()).toEqual(READS('shell,v2,raw:', shop).sort());
    const answer = value(result);
    expect(answer.status).toBe('partial');
    const { jobscheduler, alarm, standby_bucket, deviceidle } = answer.sections;
    expect(jobscheduler).toMatchObject({ status: 'complete', supported: true });
    expect(jobscheduler.jobs.map((job: { layout: string }) => job.layout)).toEqual(['legacy', 'legacy']);
    expect(alarm).toMatchObject({ status: 'complete', supported: true });
    expect(alarm.alarms.map((entry: { tag: string }) => entry.tag)).toEqual([
      `*walarm*:${shop}.action.REFRESH`,
    ]);
    expect(standby_bucket).toMatchObject({ status: 'failed', supported: false, bucket: null });
    expect(deviceidle).toMatchObject({ status: 'failed', supported: false });
    expect(deviceidle.note).toContain('no deviceidle service');
    expect(deviceidle.whitelisted).toBeUndefined();
    expect(deviceidle.doze).toBeUndefined();
  });
});
