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

/**
 * Groups the runs one "Run sequence" made on several devices: run.json names the start's group (a run without one,
 * such as a single-device run or one from an older release, is its own entry; nothing is guessed from labels or
 * times). Groups keep the list's order (newest first); columns follow the start's device order, as Results showed.
 */
export function groupRuns(runs: readonly RunSummary[]): RunGroup[] {
  const groups: RunGroup[] = [];
  const byId = new Map<string, RunGroup>();
  for (const run of runs) {
    const existing = run.groupId === undefined ? undefined : byId.get(run.groupId);
    if (existing !== undefined) {
      existing.runs.push(run);
      continue;
    }
    const group = { key: run.groupId ?? run.id, runs: [run] };
    if (run.groupId !== undefined) byId.set(run.groupId, group);
    groups.push(group);
  }
  for (const group of groups)
    group.runs.sort(
      (a, b) =>
        (a.groupIndex ?? 0) - (b.groupIndex ?? 0) || Date.parse(a.startedAt) - Date.parse(b.startedAt),
    );
  return groups;
}

/** Whether any filter is set. */
export function isFiltered(filter: HistoryFilter): boolean {
  return filter.query.trim() !== '' || filter.device !== '' || filter.status !== '' || filter.date !== 'any';
}
