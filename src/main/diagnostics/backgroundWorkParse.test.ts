// The background-work parsers on dumps in the layouts AOSP prints per release (fixtures in
// backgroundWork.fixtures/, written from JobSchedulerService/JobStatus, AlarmManagerService and
// DeviceIdleController dump code; packages and numbers invented).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJobScheduler } from './backgroundWorkJobs';
import { parseAlarms, parseDozeWhitelist, parseStandbyBucket } from './backgroundWorkParse';

const fixture = (name: string): string =>
  readFileSync(join(import.meta.dirname, 'backgroundWork.fixtures', name), 'utf8');
const PKG = 'com.example.notes';

describe('parseJobScheduler', () => {
  it('reads the package jobs of an Android 14 dump: constraints without masks, implicit ones, runs, reasons', () => {
    const evidence = parseJobScheduler(fixture('jobscheduler-api34.txt'), PKG, 200);
    expect(evidence.registered_jobs).toBe(3);
    expect(evidence.jobs.map((job) => job.unique_id)).toEqual(['u0a187/1001', 'u0a187/1002']);
    const [work, sync] = evidence.jobs;
    expect(work).toMatchObject({
      job_id: 1001,
      uid: 'u0a187',
      component: 'com.example.notes/androidx.work.impl.background.systemjob.SystemJobService',
      source_package: PKG,
      persisted: true,
      requires: { charging: false, battery_not_low: true, device_idle: false },
      min_latency: '+15m0s0ms',
      required_constraints: ['BATTERY_NOT_LOW', 'TIMING_DELAY', 'CONNECTIVITY'],
      unsatisfied_constraints: ['TIMING_DELAY'],
      standby_bucket: 'WORKING_SET',
      enqueue_time: '-4m12s10ms',
      earliest_run: '+10m47s990ms',
      latest_run: 'none',
      num_failures: 1,
      last_successful_run: '2026-12-02 09:14:05',
      last_failed_run: '2026-12-02 10:02:41',
      ready: false,
      pending: false,
      running: false,
      layout: 'detailed',
    });
    expect(work?.network_type).toContain('NetworkRequest [ NONE id=0');
    expect(work?.ready_flags).toMatchObject({ job: false, '!pending': true, comp: true });
    expect(work?.pending_reasons).toEqual(['TIMING_DELAY']);
    expect(sync).toMatchObject({
      periodic: { interval: '+1h0m0s0ms', flex: '+15m0s0ms' },
      implicit_constraints: { readyNotDozing: false, readyNotRestrictedInBg: true },
      doze_whitelisted: false,
    });
    expect(sync?.pending_reasons).toEqual(['DEADLINE', 'DEVICE_NOT_DOZING', 'readyNotDozing']);
    // Rows: both blocks and the history lines of the package's jobs; never the other app's job.
    expect(evidence.rows).toContain(
      '       -1h4m10s12ms   START: #u0a187/1001 com.example.notes/androidx.work.impl.background.systemjob.SystemJobService',
    );
    expect(evidence.rows.some((row) => row.includes('com.example.other'))).toBe(false);
    expect(evidence.limit_reached).toBe(false);
  });

  it('marks a running job from its active slot and caps rows and jobs at limit', () => {
    const other = parseJobScheduler(fixture('jobscheduler-api34.txt'), 'com.example.other', 50);
    expect(other.jobs).toHaveLength(1);
    expect(other.jobs[0]).toMatchObject({ unique_id: 'u0a120/17', running: true, pending: false });
    expect(other.jobs[0]?.pending_reasons).toEqual(['!active=false']);
    const capped = parseJobScheduler(fixture('jobscheduler-api34.txt'), PKG, 5);
    expect(capped.rows).toHaveLength(5);
    expect(capped.matched).toBeGreaterThan(50);
    expect(capped.limit_reached).toBe(true);
    expect(capped.jobs).toHaveLength(2);
    expect(parseJobScheduler(fixture('jobscheduler-api34.txt'), PKG, 1)).toMatchObject({
      jobs_limit_reached: true,
    });
  });

  it('reads the Android 7 layout: Earliest/Latest run time, no bucket, and a sync job run by android for the app', () => {
    const evidence = parseJobScheduler(fixture('jobscheduler-api25.txt'), PKG, 50);
    expect(evidence.jobs.map((job) => job.unique_id)).toEqual(['u0a64/42', '1000/9']);
    expect(evidence.jobs[0]).toMatchObject({
      requires: { charging: true, battery_not_low: null, device_idle: false },
      network_type: '2',
      unsatisfied_constraints: ['CHARGING'],
      earliest_run: 'none',
      latest_run: 'none',
      standby_bucket: null,
      enqueue_time: null,
      ready_flags: { job: false, pending: false, active: false, user: true },
      pending: false,
    });
    expect(evidence.jobs[1]).toMatchObject({
      component: 'android/com.android.server.content.SyncJobService',
      source_package: PKG,
      earliest_run: '-00:12',
      pending: true,
    });
  });

  it('reads the Android 5-6 toString lines: component, id, run window, READY; no constraint lists', () => {
    const evidence = parseJobScheduler(fixture('jobscheduler-api22.txt'), PKG, 50);
    expect(evidence.registered_jobs).toBeNull();
    expect(evidence.jobs).toEqual([
      expect.objectContaining({
        layout: 'legacy',
        unique_id: null,
        job_id: 42,
        component: 'com.example.notes/com.example.notes.sync.NotesSyncService',
        earliest_run: '04:12',
        latest_run: '1:04:12',
        network_type: '2',
        requires: { charging: false, battery_not_low: null, device_idle: false },
        persisted: true,
        ready: false,
        required_constraints: null,
        pending: null,
      }),
      expect.objectContaining({ job_id: 7, num_failures: 2, persisted: false, ready: true }),
    ]);
    expect(evidence.rows).toEqual([
      expect.stringContaining('jId=42'),
      expect.stringContaining('jId=7'),
      '  103848216: com.example.notes RUN CONNECTED',
    ]);
  });
});

describe('parseAlarms', () => {
  it('reads the package alarms of an Android 14 dump and the device-wide next alarms', () => {
    const evidence = parseAlarms(fixture('alarm-api34.txt'), PKG, 50);
    expect(evidence).toMatchObject({
      next_wakeup_alarm: '+5m59s827ms = 2026-12-02 16:59:29.198',
      next_non_wakeup_alarm: '+41s827ms = 2026-12-02 16:54:11.198',
      pending_count: 3,
      idle_until: null,
    });
    expect(evidence.alarms).toEqual([
      {
        type: 'ELAPSED_WAKEUP',
        wakeup: true,
        package: PKG,
        tag: '*walarm*:com.example.notes.action.REFRESH',
        orig_when: '+5m59s826ms',
        when_elapsed: '+5m59s826ms',
        max_when_elapsed: '+15m59s826ms',
        window: '+10m0s0ms',
        repeat_interval_ms: 3_600_000,
        count: 0,
        operation: 'PendingIntent{1a3647e: PendingIntentRecord{dc3bd51 com.example.notes broadcastIntent}}',
      },
      expect.objectContaining({
        type: 'RTC',
        wakeup: false,
        orig_when: '2026-12-02 17:04:29.198',
        window: '-1',
        operation: 'com.example.notes.ReminderListener@5b1c8a0',
      }),
    ]);
    // The history and statistics lines naming the package are evidence too.
    expect(evidence.rows).toContain('    u0a187:com.example.notes: -11m2s3ms, -1h11m2s0ms');
    expect(evidence.rows.some((row) => row.includes('TIME_TICK'))).toBe(false);
  });

  it('reads Android 9 batches (Alarm{... when ...}, numeric type) and a null mPendingIdleUntil', () => {
    const evidence = parseAlarms(fixture('alarm-api28.txt'), PKG, 50);
    expect(evidence.pending_count).toBe(2);
    expect(evidence.idle_until).toBeNull();
    expect(evidence.alarms).toEqual([
      expect.objectContaining({
        type: 'ELAPSED_WAKEUP',
        tag: '*walarm*:com.example.notes.action.REFRESH',
        when_elapsed: '+5m59s826ms',
        repeat_interval_ms: 3_600_000,
      }),
    ]);
    expect(parseAlarms(fixture('alarm-api28.txt'), 'com.example.absent', 50)).toMatchObject({
      alarms: [],
      rows: [],
      matched: 0,
    });
  });
});

describe('parseDozeWhitelist', () => {
  it('finds the package on the user whitelist and reads the deep and light state', () => {
    const evidence = parseDozeWhitelist(fixture('deviceidle-api34.txt'), PKG, 50);
    expect(evidence.whitelisted).toBe(true);
    expect(evidence.whitelists).toEqual(['Whitelist user apps']);
    expect(evidence.doze).toMatchObject({ state: 'IDLE', light_state: 'OVERRIDE', charging: false });
    expect(evidence.rows).toEqual(['    com.example.notes']);
    const system = parseDozeWhitelist(fixture('deviceidle-api34.txt'), 'com.android.vending', 50);
    expect(system.whitelists).toEqual(['Whitelist (except idle) system apps']);
    expect(parseDozeWhitelist(fixture('deviceidle-api34.txt'), 'com.example.other', 50)).toMatchObject({
      whitelisted: false,
      whitelists: [],
    });
  });
});

describe('parseStandbyBucket', () => {
  it.each([
    ['10\n', '', { bucket: 10, bucket_name: 'ACTIVE', supported: true, package_found: true }],
    ['45\n', '', { bucket: 45, bucket_name: 'RESTRICTED', supported: true }],
    [
      '',
      "\nException occurred while executing 'get-standby-bucket':\njava.lang.IllegalArgumentException: Cannot get standby bucket for non existent package (com.x.y)\n",
      { bucket: null, supported: true, package_found: false },
    ],
    ['Unknown command: get-standby-bucket\n', '', { bucket: null, supported: false }],
    [
      '',
      "usage: am [subcommand] [options]\n\nError: unknown command 'get-standby-bucket'\n",
      { bucket: null, supported: false, package_found: null },
    ],
  ])('%j / %j', (stdout, stderr, expected) => {
    expect(parseStandbyBucket(stdout, stderr)).toMatchObject(expected);
  });
});
