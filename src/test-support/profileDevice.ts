// Simulated device states of a profile on a settable clock, and a command runner that fails loudly (unit tests).
import { runShell } from './runShell';
import { DeviceState } from '../simulator/device/state';
import { toDeviceStateInput } from '../simulator/profiles/deviceStateInput';
import { loadProfile } from '../simulator/profiles/loadProfile';

/** 2025-02-05 14:00:00 UTC */
export const FIXED_NOW = Date.UTC(2025, 1, 5, 14, 0, 0);

export function profileDevice(name: string, clock: { now: number } = { now: FIXED_NOW }): DeviceState {
  const profile = loadProfile(name);
  if (!profile.ok) throw new Error(profile.error.message);
  return new DeviceState({ ...toDeviceStateInput(profile.value), now: () => clock.now });
}

/** stdout of one command line; throws with stderr when the status is not 0. */
export async function output(state: DeviceState, commandLine: string): Promise<string> {
  const run = await runShell(commandLine, { state });
  if (run.status !== 0) throw new Error(`${commandLine} exited ${run.status}: ${run.stderr}`);
  return run.stdout.toString();
}
