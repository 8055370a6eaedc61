// Whether a run button may run now, and if not, the reason shown on it. Pure.
import type { DeviceInfo } from '../../../shared/api/devices';
import type { DesignCheck } from '../designer/params';

export type RunAction = 'sequence' | 'set' | 'clear' | 'screenshot';

export interface GateInput {
  action: RunAction;
  serials: readonly string[];
  devices: readonly DeviceInfo[];
  check: DesignCheck;
  running: boolean;
}

/** "Fix 1 field to run" / "Fix 2 fields to run". */
export function fixFieldsText(count: number): string {
  return `Fix ${count} field${count === 1 ? '' : 's'} to run`;
}

/** Why `action` cannot run now, or null when it can. */
export function runBlocker(input: GateInput): string | null {
  if (input.running) return 'A run is in progress';
  if (input.serials.length === 0) return 'Choose a device to run on';
  const needsDesign = input.action === 'sequence' || input.action === 'set';
  if (needsDesign && input.check.issueCount > 0) return fixFieldsText(input.check.issueCount);
  const missing = input.serials.filter((serial) => !input.devices.some((device) => device.serial === serial));
  if (missing.length === 1) return `${missing[0]} is disconnected: reconnect it or choose another device`;
  if (missing.length > 1) return `${missing.length} devices are disconnected: reconnect them or untick them`;
  const offline = input.serials.filter(
    (serial) => input.devices.find((device) => device.serial === serial)?.state !== 'device',
  );
  if (offline.length === 1) return `${offline[0]} is not online`;
  if (offline.length > 1) return `${offline.length} devices are not online`;
  return null;
}

/** The label a run gets in the history when none is typed: the first line of the content, shortened. */
export function defaultRunLabel(content: string): string {
  const line =
    content
      .split('\n')
      .find((candidate) => candidate.trim() !== '')
      ?.trim() ?? '';
  return line.length > 60 ? `${line.slice(0, 59)}\u2026` : line;
}
