// How history entries read: time (the console's one format, ui/time.ts), device, label. Pure.
import type { RunSummary } from '../../../shared/api/evidence';

export { formatRunTime } from '../ui/time';

/** The name a run goes by in buttons and dialogs: its label, else its id. */
export function runName(run: Pick<RunSummary, 'id' | 'label'>): string {
  return run.label !== undefined && run.label.trim() !== '' ? run.label : run.id;
}

/** "Pixel 7 (emulator-5554)" or the serial. */
export function runDevice(run: Pick<RunSummary, 'deviceSerial' | 'deviceModel'>): string {
  return run.deviceModel === undefined ? run.deviceSerial : `${run.deviceModel} (${run.deviceSerial})`;
}
