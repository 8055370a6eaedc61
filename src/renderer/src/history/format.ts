// How history entries read: time (the console's one format, ui/time.ts), device, label. Pure.
import type { RunSummary } from '../../../shared/api/evidence';

import { formatRunTime } from '../ui/time';

export { formatRunTime };

/** The name a run goes by in buttons and dialogs: its label, else its id. */
export function runName(run: Pick<RunSummary, 'id' | 'label'>): string {
  return run.label !== undefined && run.label.trim() !== '' ? run.label : run.id;
}

/** "Pixel 7 (emulator-5554)" or the serial. */
export function runDevice(run: Pick<RunSummary, 'deviceSerial' | 'deviceModel'>): string {
  return run.deviceModel === undefined ? run.deviceSerial : `${run.deviceModel} (${run.deviceSerial})`;
}

/**
 * What each History card's buttons are called: "<label> on <device>, <time>", so two runs with the same label on the
 * same device never share a button name. Runs that would still read the same (started in the same minute or second
 * that the time shows) get " #2", " #3"... in start order. Keyed by run id.
 */
export function runTitles(
  runs: ReadonlyArray<Pick<RunSummary, 'id' | 'label' | 'deviceSerial' | 'deviceModel' | 'startedAt'>>,
  now: Date,
  locale?: string,
): Map<string, string> {
  const byStart = [...runs].sort(
    (a, b) => a.startedAt.localeCompare(b.startedAt) || a.id.localeCompare(b.id),
  );
  const seen = new Map<string, number>();
  const titles = new Map<string, string>();
  for (const run of byStart) {
    const base = `${runName(run)} on ${runDevice(run)}, ${formatRunTime(run.startedAt, now, locale)}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    titles.set(run.id, count === 1 ? base : `${base} #${count}`);
  }
  return titles;
}
