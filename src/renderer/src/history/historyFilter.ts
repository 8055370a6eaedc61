// Finding a run in History: search (label, id, device), device, status and date filters, and multi-device runs
// grouped as one entry. Pure.
import type { RunStatus, RunSummary } from '../../../shared/api/evidence';
import { runDevice } from './format';

export type DateRange = 'any' | 'today' | 'week' | 'month';

export interface HistoryFilter {
  query: string;
  /** A device serial, or '' for every device. */
  device: string;
  status: RunStatus | '';
  date: DateRange;
}

export const NO_FILTER: HistoryFilter = { query: '', device: '', status: '', date: 'any' };

export const DATE_RANGES: ReadonlyArray<{ value: DateRange; label: string }> = [
  { value: 'any', label: 'Any time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'Last 7 days' },
  { value: 'month', label: 'Last 30 days' },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The earliest start a run in `range` may have, relative to `now` (local midnight for "today"). */
function earliest(range: DateRange, now: Date): number {
  if (range === 'any') return -Infinity;
  if (range === 'today') return new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  return now.getTime() - (range === 'week' ? 7 : 30) * DAY_MS;
}

/** Whether a run passes every filter; the query matches label, id, model and serial (all words, any case). */
export function matchesFilter(run: RunSummary, filter: HistoryFilter, now: Date): boolean {
  if (filter.device !== '' && run.deviceSerial !== filter.device) return false;
  if (filter.status !== '' && run.status !== filter.status) return false;
  const started = Date.parse(run.startedAt);
  if (filter.date !== 'any' && !(started >= earliest(filter.date, now))) return false;
  const words = filter.query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${run.label ?? ''} ${run.id} ${runDevice(run)}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

/** The devices runs were made on, for the device filter: serial and how it reads, in first-seen order. */
export function historyDevices(runs: readonly RunSummary[]): Array<{ serial: string; name: string }> {
  const seen = new Map<string, string>();
  for (const run of runs) if (!seen.has(run.deviceSerial)) seen.set(run.deviceSerial, runDevice(run));
  return [...seen].map(([serial, name]) => ({ serial, name }));
}

/** One History entry: a run, or the runs of one multi-device start (one per device, earliest first). */
export interface RunGroup {
  key: string;
  runs: RunSummary[];
}

/** Runs of one multi-device start begin within this of each other (each device's run starts on its own). */
const GROUP_WINDOW_MS = 10_000;

/**
 * Groups the runs one "Run sequence" made on several devices: adjacent in the list (newest first), same label,
 * each on another device, started within 10 s of the group's first run.
 */
export function groupRuns(runs: readonly RunSummary[]): RunGroup[] {
  const groups: RunGroup[] = [];
  for (const run of runs) {
    const group = groups.at(-1);
    const first = group?.runs[0];
    const joins =
      group !== undefined &&
      first !== undefined &&
      run.label !== undefined &&
      run.label === first.label &&
      !group.runs.some((member) => member.deviceSerial === run.deviceSerial) &&
      Math.abs(Date.parse(first.startedAt) - Date.parse(run.startedAt)) <= GROUP_WINDOW_MS;
    if (joins) group.runs.push(run);
    else groups.push({ key: run.id, runs: [run] });
  }
  // Columns in the order the devices started, as Results showed them.
  for (const group of groups) group.runs.sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt));
  return groups;
}

/** Whether any filter is set. */
export function isFiltered(filter: HistoryFilter): boolean {
  return filter.query.trim() !== '' || filter.device !== '' || filter.status !== '' || filter.date !== 'any';
}
