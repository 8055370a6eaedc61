// The parsers against the simulator's own dumps at every API level from 21 to 35: every job and alarm the simulated
// device holds for a package is found, with its constraints where the release prints them, so a layout change in
// either the simulator or the parsers shows here.
import { describe, expect, it } from 'vitest';
import { runShell } from '../../test-support/runShell';
import { DeviceState } from '../../simulator/device/state';
import { systemStateOf } from '../../simulator/device/systemState';
import { workPackages } from '../../simulator/device/systemDefaults';
import { loadProfile } from '../../simulator/profiles';
import { toDeviceStateInput } from '../../simulator/profiles/deviceStateInput';
import { parseJobScheduler } from './backgroundWorkJobs';
import { parseAlarms, parseDozeWhitelist, parseStandbyBucket } from './backgroundWorkParse';

const API_LEVELS = Array.from({ length: 15 }, (_, index) => 21 + index);

function phoneAt(sdk: number): DeviceState {
  const profile = loadProfile('phone');
  if (!profile.ok) throw new Error(profile.error.message);
  return new DeviceState(toDeviceStateInput({ ...profile.value, sdk }));
}

const stdout = async (state: DeviceState, command: string): Promise<string> =>
  (await runShell(command, { state })).stdout.toString();

describe.each(API_LEVELS)('the simulated Android at API %i', (sdk) => {
  it('has every job and alarm of each app parsed, and Doze and buckets only where the release has them', async () => {
    const state = phoneAt(sdk);
    const work = systemStateOf(state).work;
    const jobs = await stdout(state, 'dumpsys jobscheduler');
    const alarms = await stdout(state, 'dumpsys alarm');
    const idle = await runShell('dumpsys deviceidle', { state });
    for (const pkg of workPackages(state)) {
      const parsed = parseJobScheduler(jobs, pkg, 200);
      const held = work.jobs().filter((job) => job.packageName === pkg);
      expect(parsed.jobs.map((job) => job.job_id)).toEqual(held.map((job) => job.jobId));
      for (const job of parsed.jobs) {
        expect(job.layout).toBe(sdk < 24 ? 'legacy' : 'detailed');
        expect(job.required_constraints === null).toBe(sdk < 24);
        expect(job.standby_bucket === null).toBe(sdk < 28);
        expect(job.earliest_run).not.toBeNull();
        expect(job.ready).not.toBeNull();
      }
      const heldAlarms = work.alarms().filter((alarm) => alarm.packageName === pkg);
      expect(parseAlarms(alarms, pkg, 200).alarms.map((alarm) => alarm.tag)).toEqual(
        heldAlarms.map((alarm) => alarm.tag),
      );
      const bucket = await runShell(`am get-standby-bucket ${pkg}`, { state });
      const standby = parseStandbyBucket(bucket.stdout.toString(), bucket.stderr);
      expect(standby.supported).toBe(sdk >= 28);
      expect(standby.bucket).toBe(sdk >= 28 ? 40 : null);
    }
    if (sdk >= 23) expect(parseDozeWhitelist(idle.stdout.toString(), 'x.y', 10).doze.state).toBe('ACTIVE');
    else expect(idle.stderr).toBe("Can't find service: deviceidle\n");
  });
});
