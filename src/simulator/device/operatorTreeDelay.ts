// A slow Operator tree (simctl fault ui-tree delay MS): every get_ui_tree answer waits MS before it is written, as a
// busy app's accessibility tree can on a real device. A host that closes the agent stream first ends the wait;
// nothing is written and the call is listed (what `simctl status` shows as uiTreeClosedEarly).
import type { DeviceState } from './state';

export interface UiTreeClosedEarly {
  requestId: string;
  /** Wall time the stream was closed, and how long the answer had waited by then. */
  atMs: number;
  waitedMs: number;
  delayMs: number;
}

const CLOSED_EARLY_LIMIT = 50;
const delays = new WeakMap<DeviceState, number>();
const closedEarlyLogs = new WeakMap<DeviceState, UiTreeClosedEarly[]>();

/** Sets the delay of every get_ui_tree answer on this device; 0 clears it. */
export function setUiTreeDelay(state: DeviceState, delayMs: number): void {
  if (delayMs > 0) delays.set(state, delayMs);
  else delays.delete(state);
}

export function uiTreeDelayOf(state: DeviceState): number {
  return delays.get(state) ?? 0;
}

/** The delayed get_ui_tree requests whose stream the host closed before the answer, oldest first (the last 50). */
export function uiTreeClosedEarly(state: DeviceState): readonly UiTreeClosedEarly[] {
  return [...(closedEarlyLogs.get(state) ?? [])];
}

export function noteUiTreeClosedEarly(state: DeviceState, entry: UiTreeClosedEarly): void {
  const log = closedEarlyLogs.get(state) ?? [];
  log.push(entry);
  closedEarlyLogs.set(state, log.slice(-CLOSED_EARLY_LIMIT));
}
