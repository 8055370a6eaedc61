// The device's background work as JobScheduler, AlarmManager, DeviceIdleController's whitelist and UsageStats'
// buckets keep it: part of SystemState (its `work`), which supplies the clocks, the screen and the Doze state.
import type { AlarmRecord, DozeState, JobHistoryEntry, JobRecord, StandbyBucket } from './systemTypes';

/** What background work reads from the rest of the system state. */
export interface WorkContext {
  /** Milliseconds since boot (SystemClock.elapsedRealtime). */
  elapsedNow(): number;
  /** The device's wall clock. */
  wallNow(): number;
  screenOn(): boolean;
  doze(): DozeState;
}

export class BackgroundWork {
  private readonly jobHistoryList: JobHistoryEntry[] = [];
  /** Standby buckets a scenario (or `am set-standby-bucket`) set, per package. */
  private readonly bucketOverrides = new Map<string, StandbyBucket>();
  private readonly whitelist = new Set<string>();

  constructor(
    private readonly clock: WorkContext,
    private readonly jobList: JobRecord[],
    private readonly alarmList: AlarmRecord[],
  ) {}

  jobs(): JobRecord[] {
    return this.jobList.map((job) => ({ ...job }));
  }

  /** JobScheduler.schedule: a job with the same package and id is replaced. */
  scheduleJob(job: JobRecord): void {
    const index = this.jobIndex(job.packageName, job.jobId);
    if (index >= 0) this.jobList.splice(index, 1, { ...job });
    else this.jobList.push({ ...job });
  }

  /** JobScheduler.cancel; false when no such job is registered. */
  cancelJob(packageName: string, jobId: number): boolean {
    const index = this.jobIndex(packageName, jobId);
    if (index < 0) return false;
    this.jobList.splice(index, 1);
    return true;
  }

  /**
   * Runs a registered job to completion now (as `cmd jobscheduler run -f` does): it starts and finishes in the
   * job history; a one-off job is then dropped, a periodic one stays with its last run now. False when unknown.
   */
  runJob(packageName: string, jobId: number): boolean {
    const index = this.jobIndex(packageName, jobId);
    const job = this.jobList[index];
    if (job === undefined) return false;
    const elapsedMs = this.clock.elapsedNow();
    const entry = { elapsedMs, packageName, jobId, service: job.service };
    this.jobHistoryList.push({ ...entry, event: 'START' }, { ...entry, event: 'STOP' });
    this.jobHistoryList.splice(0, Math.max(0, this.jobHistoryList.length - 100));
    if (job.periodicMs === undefined) this.jobList.splice(index, 1);
    else this.jobList.splice(index, 1, { ...job, lastRunElapsedMs: elapsedMs });
    return true;
  }

  /** Jobs started and stopped since boot, oldest first (JobSchedulerService keeps the last 100). */
  jobHistory(): JobHistoryEntry[] {
    return this.jobHistoryList.map((entry) => ({ ...entry }));
  }

  private jobIndex(packageName: string, jobId: number): number {
    return this.jobList.findIndex((job) => job.packageName === packageName && job.jobId === jobId);
  }

  /** The idle constraint JobScheduler's IdlenessTracker reports: screen off and the device in (light) Doze. */
  get deviceIdleForJobs(): boolean {
    return (
      !this.clock.screenOn() && (this.clock.doze().deep !== 'ACTIVE' || this.clock.doze().light !== 'ACTIVE')
    );
  }

  /** Jobs wait while the device is in deep or light Doze (DeviceIdleJobsController). */
  get dozingForJobs(): boolean {
    return this.clock.doze().deep === 'IDLE' || this.clock.doze().light === 'IDLE';
  }

  /** Pending alarms, soonest first; the due ones went off first (one-off: gone; repeating: the next time). */
  alarms(): AlarmRecord[] {
    this.deliverDueAlarms();
    return this.alarmList.map((alarm) => ({ ...alarm })).sort((a, b) => a.whenElapsedMs - b.whenElapsedMs);
  }

  /** AlarmManager.set: an alarm of the same package and intent action is replaced (the same PendingIntent). */
  setAlarm(alarm: AlarmRecord): void {
    this.cancelAlarms(alarm.packageName, actionOf(alarm.tag));
    this.alarmList.push({ ...alarm });
  }

  /**
   * AlarmManager.cancel: the package's alarms whose tag or intent action (`*walarm*:ACTION`) is `action`, all of
   * them without one; how many went.
   */
  cancelAlarms(packageName: string, action?: string): number {
    let removed = 0;
    for (let index = this.alarmList.length - 1; index >= 0; index -= 1) {
      const alarm = this.alarmList[index];
      const matches = action === undefined || alarm?.tag === action || actionOf(alarm?.tag ?? '') === action;
      if (alarm?.packageName === packageName && matches) {
        this.alarmList.splice(index, 1);
        removed += 1;
      }
    }
    return removed;
  }

  // While the device is in deep Doze, apps' alarms wait for it to leave (the platform's own still go off).
  private deliverDueAlarms(): void {
    const now = this.clock.elapsedNow();
    const deferApps = this.clock.doze().deep === 'IDLE';
    for (let index = this.alarmList.length - 1; index >= 0; index -= 1) {
      const alarm = this.alarmList[index];
      if (alarm === undefined || alarm.whenElapsedMs > now) continue;
      if (deferApps && alarm.packageName !== 'android') continue;
      if (alarm.tag.endsWith('android.intent.action.TIME_TICK')) {
        // The system re-arms TIME_TICK for the start of the next minute each time it goes off.
        const wall = this.clock.wallNow();
        this.alarmList.splice(index, 1, { ...alarm, whenElapsedMs: now + 60_000 - (wall % 60_000) });
        continue;
      }
      if (alarm.repeatIntervalMs <= 0) {
        this.alarmList.splice(index, 1);
        continue;
      }
      const missed = Math.floor((now - alarm.whenElapsedMs) / alarm.repeatIntervalMs) + 1;
      this.alarmList.splice(index, 1, {
        ...alarm,
        whenElapsedMs: alarm.whenElapsedMs + missed * alarm.repeatIntervalMs,
        count: (alarm.count ?? 0) + missed,
      });
    }
  }

  /** User apps on the Doze power-save whitelist (`dumpsys deviceidle whitelist +PKG`), in the order added. */
  dozeWhitelist(): string[] {
    return [...this.whitelist];
  }

  /** Adds (true) or removes (false) a package; false when that changed nothing. */
  setDozeWhitelisted(packageName: string, listed: boolean): boolean {
    if (this.whitelist.has(packageName) === listed) return false;
    if (listed) this.whitelist.add(packageName);
    else this.whitelist.delete(packageName);
    return true;
  }

  /** The bucket a scenario set for a package, if any (standbyBucketOf falls back to usage). */
  standbyOverride(packageName: string): StandbyBucket | undefined {
    return this.bucketOverrides.get(packageName);
  }

  setStandbyBucket(packageName: string, bucket: StandbyBucket): void {
    this.bucketOverrides.set(packageName, bucket);
  }

  /** An uninstalled package's jobs, alarms, whitelist entry and bucket go with it. */
  forgetPackage(packageName: string): void {
    for (const list of [this.jobList, this.alarmList] as Array<Array<{ packageName: string }>>)
      for (let index = list.length - 1; index >= 0; index -= 1)
        if (list[index]?.packageName === packageName) list.splice(index, 1);
    this.bucketOverrides.delete(packageName);
    this.whitelist.delete(packageName);
  }
}

/** `*walarm*:com.example.SYNC` → `com.example.SYNC`. */
function actionOf(tag: string): string {
  return tag.slice(tag.indexOf(':') + 1);
}
