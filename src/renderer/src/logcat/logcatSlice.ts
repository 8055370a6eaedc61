// The logcat viewer's state: one live follow of the selected device (logcat:start/stop/redaction), its batches
// into the LogcatModel (the lines live there, not in React state; `version` moves on with each batch), the query
// box (a malformed query shows its error and the last good filter stays), pause/resume, redaction and export.
import type { LogcatBatchEvent, LogcatFollowInfo } from '../../../shared/api/logcatSchemas';
import type { AppError } from '../../../shared/errors';
import { REDACTION_CAVEAT } from '../../../shared/logcat/redact';
import { parseLogQuery, type QueryError } from '../../../shared/logcat/query';
import type { SliceCreator } from '../store/types';
import { LogcatModel, withSkipMarkers, type TimeWindow } from './logcatModel';

export type LogcatStatus = 'idle' | 'starting' | 'following' | 'ended' | 'failed';

/** The time-window presets: every line, the last minute / 5 / 15 minutes / hour, or since the selected run began. */
export type TimeWindowChoice = 'all' | '1m' | '5m' | '15m' | '1h' | 'run';

const LAST_MS: Record<Exclude<TimeWindowChoice, 'all' | 'run'>, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
};

/** The model's window for a choice (`run` needs the run's start, host ms). */
export function timeWindowOf(choice: TimeWindowChoice, runStartMs: number | null): TimeWindow | null {
  if (choice === 'all') return null;
  if (choice === 'run') return runStartMs === null ? null : { kind: 'since', hostMs: runStartMs };
  return { kind: 'last', ms: LAST_MS[choice] };
}

/** How often a time window is moved on when no lines arrive. */
export const WINDOW_TICK_MS = 1000;

export interface LogcatViewState {
  serial: string | null;
  status: LogcatStatus;
  follow: LogcatFollowInfo | null;
  /** Why the follow could not start or why it ended (device unplugged...). */
  error: AppError | null;
  queryText: string;
  /** The filter in effect: the last query that parsed. */
  appliedQuery: string;
  queryError: QueryError | null;
  paused: boolean;
  /** Matching lines that arrived since the pause. */
  newWhilePaused: number;
  /** Redaction for the next lines (on by default). */
  redact: boolean;
  caveat: string;
  /** Values redacted in the lines held now. */
  redactions: number;
  /** Lines of the follow the viewer never received and no skip marker accounts for (lost on the way). */
  dropped: number;
  /** Lines the follow skipped because its cap was exceeded: each skip is a marker row in the list. */
  skipped: number;
  /** Oldest lines that left the viewer's ring (it keeps the newest RING_CAPACITY). */
  evicted: number;
  rows: number;
  /** Rows that are device lines (rows less skip markers): the "N" of "N of M lines". */
  lineRows: number;
  total: number;
  packages: string[];
  /** The time-window preset, and the run start it measures from for `run`. */
  timeWindow: TimeWindowChoice;
  runStartMs: number | null;
  /** A time window or `age:` is in effect (the view says when the device clock is unknown). */
  timed: boolean;
  /** Moves on whenever the lines change. */
  version: number;
}

export interface LogcatSlice {
  logcat: LogcatViewState;
  /** The lines; stable for the store's life. */
  logcatModel: LogcatModel;
  logcatStart(serial: string): Promise<void>;
  logcatStop(): Promise<void>;
  logcatSetQuery(text: string): void;
  logcatPause(): void;
  logcatResume(): void;
  logcatSetRedaction(on: boolean): Promise<void>;
  /** Applies a time-window preset; `run` measures from `runStartMs` (the selected run's start, host ms). */
  logcatSetTimeWindow(choice: TimeWindowChoice, runStartMs?: number | null): void;
  /** The matching lines as a .txt: file name and text. */
  logcatExport(): { fileName: string; text: string };
}

export const INITIAL_LOGCAT: LogcatViewState = {
  serial: null,
  status: 'idle',
  follow: null,
  error: null,
  queryText: '',
  appliedQuery: '',
  queryError: null,
  paused: false,
  newWhilePaused: 0,
  redact: true,
  caveat: REDACTION_CAVEAT,
  redactions: 0,
  dropped: 0,
  skipped: 0,
  evicted: 0,
  rows: 0,
  lineRows: 0,
  total: 0,
  packages: [],
  timeWindow: 'all',
  runStartMs: null,
  timed: false,
  version: 0,
};

/** React re-renders the lines at most this often. */
export const UI_INTERVAL_MS = 100;

/** Starts with the newest this many lines of the device's buffer. */
export const FOLLOW_TAIL = 2000;

/** A file-name-safe stamp of `ms`: 20251203-142501. */
function stamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
}

/** The time window in words, for the export header. */
function windowLabel(state: LogcatViewState): string {
  if (state.timeWindow === 'all') return 'all';
  if (state.timeWindow === 'run')
    return state.runStartMs === null
      ? 'all'
      : `since ${new Date(state.runStartMs).toISOString()} (run start)`;
  return `last ${state.timeWindow}`;
}

export const createLogcatSlice: SliceCreator<LogcatSlice> =
  ({ client, now }) =>
  (set, get) => {
    const model = new LogcatModel(undefined, now);
    // Batches can overtake logcat:start's answer (events and answers travel apart): kept until it lands.
    let early: LogcatBatchEvent[] = [];
    let lastSeq = -1;
    let generation = 0;
    let subscribed = false;

    const update = (change: Partial<LogcatViewState>): void =>
      set((state) => ({ logcat: { ...state.logcat, ...change } }));

    const counts = (): Partial<LogcatViewState> => ({
      timed: model.timed,
      rows: model.rows,
      lineRows: model.lineRows,
      total: model.total,
      evicted: model.ring.evicted,
      redactions: model.ring.redactions,
    });

    // Lines go into the model at once; React hears of them at most every UI_INTERVAL_MS (one render per interval
    // however many batches came), so a fast log never renders more often than that. The render itself runs at the
    // start of an animation frame (requestAnimationFrame), so React's commit, the list's scroll and the browser's
    // own style/layout/paint share one frame instead of a timer task forcing a layout the frame then redoes.
    let pendingGaps = 0;
    let pendingSkipped = 0;
    let carriedSkip = 0;
    let pendingAdded = 0;
    let pendingPackages = false;
    let lastFlushMs = Number.NEGATIVE_INFINITY;
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    let frameRequested = false;

    const inFrame = (callback: () => void): void => {
      if (typeof requestAnimationFrame === 'function') requestAnimationFrame(callback);
      else setTimeout(callback, 0);
    };

    const requestFlush = (): void => {
      if (frameRequested) return;
      frameRequested = true;
      inFrame(() => {
        frameRequested = false;
        flush();
      });
    };

    const flush = (): void => {
      if (flushTimer !== undefined) clearTimeout(flushTimer);
      flushTimer = undefined;
      lastFlushMs = performance.now();
      const state = get().logcat;
      update({
        ...counts(),
        dropped: state.dropped + pendingGaps,
        skipped: state.skipped + pendingSkipped,
        newWhilePaused: state.paused ? state.newWhilePaused + pendingAdded : 0,
        version: state.version + 1,
        ...(pendingPackages ? { packages: model.packages() } : {}),
      });
      pendingGaps = 0;
      pendingSkipped = 0;
      pendingAdded = 0;
      pendingPackages = false;
    };

    const take = (batch: LogcatBatchEvent): void => {
      // A seq gap is a skip when a marker accounts for it (the follow's cap), a loss otherwise.
      // A skip at the end of a batch accounts for the gap before the next batch's first line.
      const marked = new Map<number, number>([[0, carriedSkip]]);
      carriedSkip = 0;
      for (const skip of batch.skips ?? []) {
        const at = Math.min(skip.at, batch.lines.length);
        marked.set(at, (marked.get(at) ?? 0) + skip.count);
        pendingSkipped += skip.count;
      }
      batch.lines.forEach((line, index) => {
        const gap = line.seq - lastSeq - 1;
        if (gap > 0) pendingGaps += Math.max(0, gap - (marked.get(index) ?? 0));
        lastSeq = Math.max(lastSeq, line.seq);
      });
      carriedSkip = marked.get(batch.lines.length) ?? 0;
      pendingPackages ||= batch.processes.length > 0;
      const lines = withSkipMarkers(batch.lines, batch.skips, get().logcat.follow?.maxLinesPerSecond);
      pendingAdded += model.push(lines, batch.processes);
      const wait = lastFlushMs + UI_INTERVAL_MS - performance.now();
      if (wait <= 0) requestFlush();
      else
        flushTimer ??= setTimeout(() => {
          flushTimer = undefined;
          requestFlush();
        }, wait);
    };

    // A time window moves on with the clock even when no lines come: checked every WINDOW_TICK_MS while one is set.
    let windowTimer: ReturnType<typeof setInterval> | undefined;
    const tickWindow = (): void => {
      if (windowTimer !== undefined) clearInterval(windowTimer);
      windowTimer = undefined;
      if (!model.timed) return;
      windowTimer = setInterval(() => {
        if (model.refreshWindow()) update({ ...counts(), version: get().logcat.version + 1 });
      }, WINDOW_TICK_MS);
    };

    const subscribe = (): void => {
      if (subscribed) return;
      subscribed = true;
      client.on('logcat:batch', (batch) => {
        const { follow, status } = get().logcat;
        if (follow?.followId === batch.followId) take(batch);
        else if (status === 'starting' && early.length < 200) early.push(batch);
      });
      client.on('logcat:ended', (ended) => {
        if (get().logcat.follow?.followId !== ended.followId) return;
        update({ status: 'ended', follow: null, error: ended.error });
      });
    };

    return {
      logcat: INITIAL_LOGCAT,
      logcatModel: model,
      async logcatStart(serial) {
        subscribe();
        const mine = ++generation;
        const previous = get().logcat.follow;
        if (previous !== null) void client.call('logcat:stop', { followId: previous.followId });
        model.clear();
        early = [];
        lastSeq = -1;
        pendingGaps = 0;
        pendingSkipped = 0;
        carriedSkip = 0;
        pendingAdded = 0;
        update({
          ...counts(),
          serial,
          status: 'starting',
          follow: null,
          error: null,
          dropped: 0,
          skipped: 0,
          paused: false,
          newWhilePaused: 0,
          packages: [],
          version: get().logcat.version + 1,
        });
        const answer = await client.call('logcat:start', {
          serial,
          redact: get().logcat.redact,
          tail: FOLLOW_TAIL,
        });
        if (mine !== generation) {
          // Stopped or restarted meanwhile: this follow is nobody's.
          if (answer.ok) void client.call('logcat:stop', { followId: answer.value.followId });
          return;
        }
        if (!answer.ok) {
          update({ status: 'failed', error: answer.error });
          return;
        }
        const clock = answer.value.deviceClock;
        model.setClockSkew(clock === undefined || clock === null ? 0 : clock.deviceMs - clock.hostMs);
        update({
          status: 'following',
          follow: answer.value,
          caveat: answer.value.caveat,
          redact: answer.value.redacting,
        });
        const waiting = early.filter((batch) => batch.followId === answer.value.followId);
        early = [];
        for (const batch of waiting) take(batch);
      },
      async logcatStop() {
        generation += 1;
        const { follow, status } = get().logcat;
        update({ status: status === 'following' || status === 'starting' ? 'idle' : status, follow: null });
        if (follow !== null) await client.call('logcat:stop', { followId: follow.followId });
      },
      logcatSetQuery(text) {
        const query = parseLogQuery(text);
        const [error] = query.errors;
        if (error !== undefined) {
          update({ queryText: text, queryError: error });
          return;
        }
        model.setQuery(query);
        tickWindow();
        update({
          ...counts(),
          queryText: text,
          appliedQuery: text,
          queryError: null,
          newWhilePaused: 0,
          version: get().logcat.version + 1,
        });
      },
      logcatSetTimeWindow(choice, runStartMs = null) {
        model.setWindow(timeWindowOf(choice, runStartMs));
        tickWindow();
        update({
          ...counts(),
          timeWindow: choice,
          runStartMs,
          newWhilePaused: 0,
          version: get().logcat.version + 1,
        });
      },
      logcatPause() {
        if (!get().logcat.paused) update({ paused: true, newWhilePaused: 0 });
      },
      logcatResume() {
        update({ paused: false, newWhilePaused: 0, version: get().logcat.version + 1 });
      },
      async logcatSetRedaction(on) {
        update({ redact: on });
        const follow = get().logcat.follow;
        if (follow === null) return;
        const answer = await client.call('logcat:redaction', { followId: follow.followId, redact: on });
        if (answer.ok) update({ redact: answer.value.redacting });
        else update({ redact: !on, error: answer.error });
      },
      logcatExport() {
        const state = get().logcat;
        const taken = now();
        const header = [
          `androperator logcat export of ${state.serial ?? 'no device'} at ${new Date(taken).toISOString()}`,
          `query: ${state.appliedQuery === '' ? '(none)' : state.appliedQuery}; time window: ${windowLabel(state)}; ${model.lineRows} of ${model.total} lines`,
          `redaction ${state.redact ? 'on' : 'off'} for new lines; ${state.redactions} values replaced in the buffer. ${state.caveat}`,
        ];
        if (state.dropped > 0 || state.evicted > 0 || state.skipped > 0)
          header.push(
            `missing: ${state.skipped} skipped by the follow's cap (marked where they were), ${state.dropped} dropped, ${state.evicted} older lines left the buffer`,
          );
        const device = (state.serial ?? 'device').replace(/[^A-Za-z0-9._-]+/g, '_');
        return { fileName: `logcat-${device}-${stamp(taken)}.txt`, text: model.exportText(header) };
      },
    };
  };
