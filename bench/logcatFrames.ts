// Frame work time from a Chromium timeline trace (bench/logcat's viewer stage). rAF intervals cannot show whether
// the page fits in a frame: at 60 Hz they are 16.7 ms whenever no vsync is missed, however busy the main thread.
// Here a frame is the interval between two consecutive BeginMainThreadFrame events on the page's main thread
// (CrRendererMain: Chromium starts one per vsync that the page needs a frame for, and the bench's rAF loop asks for
// every one); its work is the time that thread spent in top-level tasks (RunTask, the union of them) inside that
// interval: script (SSE events, JSON, the viewer's update), style, layout, paint and commit, everything the thread
// did. A frame whose work is <= 16 ms left the thread idle for part of that vsync; a long task shows as one long
// frame (the next BeginMainThreadFrame waits for it).

/** The fields of Chromium's JSON trace events used here. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Microseconds. */
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { message?: string } };
}

export interface FrameWork {
  /** Main-thread work per frame, ms. */
  work: number[];
  /** Frame lengths (BeginMainThreadFrame to the next), ms. */
  lengths: number[];
  /** Busy time over the traced span, ms, and the span itself. */
  busyMs: number;
  spanMs: number;
  /** Time in the direct children of top-level tasks, by event name, ms (what the work was). */
  byName: Map<string, number>;
}

const TASK = 'RunTask';
const FRAME = 'BeginMainThreadFrame';

/** The page's main thread: the CrRendererMain thread with the most BeginMainThreadFrame events. */
function mainThread(events: readonly TraceEvent[]): string | undefined {
  const renderers = new Set<string>();
  for (const event of events)
    if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      renderers.add(`${event.pid}:${event.tid}`);
  const frames = new Map<string, number>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (event.name === FRAME && renderers.has(key)) frames.set(key, (frames.get(key) ?? 0) + 1);
  }
  return [...frames].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** Merged [start, end] µs intervals of the top-level tasks, in order. */
function busyIntervals(tasks: readonly TraceEvent[]): [number, number][] {
  const sorted = [...tasks].sort((a, b) => a.ts - b.ts);
  const merged: [number, number][] = [];
  for (const task of sorted) {
    const end = task.ts + (task.dur ?? 0);
    const last = merged.at(-1);
    if (last !== undefined && task.ts <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([task.ts, end]);
  }
  return merged;
}

/** The ts of the page's `console.timeStamp(label)`, if traced. */
function stamp(events: readonly TraceEvent[], label: string): number | undefined {
  return events.find((event) => event.name === 'TimeStamp' && event.args?.data?.message === label)?.ts;
}

/**
 * Per-frame main-thread work of the page in `events` (see the file comment); undefined without frames. With
 * `window` labels, only the frames between the page's console.timeStamp(start) and console.timeStamp(end) count.
 */
export function frameWork(
  events: readonly TraceEvent[],
  window?: { start: string; end: string },
): FrameWork | undefined {
  const thread = mainThread(events);
  if (thread === undefined) return undefined;
  const own = events.filter((event) => `${event.pid}:${event.tid}` === thread);
  const from = window === undefined ? undefined : stamp(events, window.start);
  const to = window === undefined ? undefined : stamp(events, window.end);
  const frames = own
    .filter(
      (event) =>
        event.name === FRAME &&
        (from === undefined || event.ts >= from) &&
        (to === undefined || event.ts <= to),
    )
    .map((event) => event.ts)
    .sort((a, b) => a - b);
  const complete = own.filter((event) => event.ph === 'X');
  const busy = busyIntervals(complete.filter((event) => event.name === TASK));
  const work: number[] = [];
  const lengths: number[] = [];
  let cursor = 0;
  for (let index = 0; index + 1 < frames.length; index += 1) {
    const start = frames[index] as number;
    const end = frames[index + 1] as number;
    while (cursor < busy.length && (busy[cursor] as [number, number])[1] <= start) cursor += 1;
    let sum = 0;
    for (let at = cursor; at < busy.length; at += 1) {
      const [from, to] = busy[at] as [number, number];
      if (from >= end) break;
      sum += Math.min(to, end) - Math.max(from, start);
    }
    work.push(sum / 1000);
    lengths.push((end - start) / 1000);
  }
  const first = frames[0] ?? 0;
  const last = frames.at(-1) ?? 0;
  let busyUs = 0;
  for (const [from, to] of busy) busyUs += Math.max(0, Math.min(to, last) - Math.max(from, first));
  const inSpan = complete.filter((event) => event.ts >= first && event.ts < last);
  return { work, lengths, busyMs: busyUs / 1000, spanMs: (last - first) / 1000, byName: children(inSpan) };
}

/** Durations of the events directly inside a top-level task, by name (nesting from ts/dur on one thread). */
function children(complete: readonly TraceEvent[]): Map<string, number> {
  const sorted = [...complete].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const byName = new Map<string, number>();
  const stack: { end: number; task: boolean }[] = [];
  for (const event of sorted) {
    const end = event.ts + (event.dur ?? 0);
    while (stack.length > 0 && (stack.at(-1) as { end: number }).end <= event.ts) stack.pop();
    const parent = stack.at(-1);
    const inTask = stack.some((entry) => entry.task);
    const isTask = event.name === TASK && !inTask;
    // ThreadControllerImpl::RunTask wraps RunTask at the same time span: it never counts as a child.
    if (parent?.task === true && event.name !== 'ThreadControllerImpl::RunTask')
      byName.set(event.name, (byName.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
    stack.push({ end, task: isTask });
  }
  return byName;
}
