// bench/logcat's Chromium stage: the browser console following the flood phone, measured in the page, against the
// same page with the follow stopped (the baseline, same run). Per frame: the main thread's work time from a
// Chromium timeline trace (bench/logcatFrames.ts: the target's measure) and the requestAnimationFrame interval
// (16.7 ms at 60 Hz unless vsyncs are missed, so it shows missed frames, not how full a frame is); lines rendered
// per second and write-to-screen latency (each frame, the newest flood line in the list's DOM, on the wall clock both
// sides share), watched while writing and on through the drain (lines that reach the page late were still shown;
// session 13's "on screen stopped" was lines arriving after the writing phase); the viewer's own counts (arrived,
// while writing and in all, skipped by the follow's cap, dropped) and its JS heap.
// BENCH_VIEWER_TRACE=0 skips the trace (rAF intervals only). BENCH_VIEWER_CAP=<lines/s> has the page's follow ask
// for that cap (logcat:start's `maxLinesPerSecond`; the console's default otherwise), to measure the viewer over it.
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/fixtures/chromium';
import type { SimulatedAndroid } from '../src/simulator/simulatedAndroid';
import { Arrivals, FloodWriter, summarize, type StageResult } from './logcatStages';
import { frameWork, type FrameWork, type TraceEvent } from './logcatFrames';

const TRACE = process.env.BENCH_VIEWER_TRACE !== '0';
const CAP = process.env.BENCH_VIEWER_CAP === undefined ? undefined : Number(process.env.BENCH_VIEWER_CAP);
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
];

export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN
  );
}

interface Frames {
  intervals: number[];
  longTasks: number;
  /** The bench's own rAF callback (the DOM probe below), ms per frame: part of the traced work, not the viewer's. */
  probe: number[];
  /** Main-thread work per frame from the trace, when traced. */
  work?: FrameWork;
  /** [wall ms, newest flood line number in the DOM, the viewer's "of M lines" count] per frame. */
  newest: [number, number, number][];
}

/**
 * Per frame for `ms` (or, with `settle`, until the viewer accounts for that many lines: arrived + skipped +
 * dropped): rAF intervals, long tasks (> 50 ms), the newest flood line of run `label` in the list's DOM, and the
 * viewer's count of lines arrived. The list is looked up each frame (a list the page replaced is never read stale).
 */
function frames(page: Page, ms: number, label: string, settle?: number): Promise<Frames> {
  return page.evaluate(
    async ({ duration, label, settle }) => {
      let longTasks = 0;
      const observer = new PerformanceObserver((list) => {
        longTasks += list.getEntries().length;
      });
      observer.observe({ entryTypes: ['longtask'] });
      const intervals: number[] = [];
      const probe: number[] = [];
      const newest: [number, number, number][] = [];
      const count = (text: string, pattern: RegExp): number =>
        Number((pattern.exec(text)?.[1] ?? '0').replace(/,/g, ''));
      await new Promise<void>((resolve) => {
        console.timeStamp('bench-frames-start');
        let last = performance.now();
        const end = last + duration;
        const tick = (now: number): void => {
          const started = performance.now();
          intervals.push(now - last);
          last = now;
          let top = -1;
          const list = document.getElementById('logcat-lines');
          for (const element of list?.querySelectorAll('.log-message') ?? []) {
            const match = /flood ([a-z]+) line (\d+)\b/.exec(element.textContent ?? '');
            if (match !== null && match[1] === label) top = Math.max(top, Number(match[2]));
          }
          const counts = document.getElementById('logcat-counts')?.textContent ?? '';
          const total = count(counts, /of ([\d,]+) lines/);
          const accounted = total + count(counts, /([\d,]+) skipped/) + count(counts, /([\d,]+) dropped/);
          newest.push([performance.timeOrigin + performance.now(), top, total]);
          probe.push(performance.now() - started);
          if (now < end && (settle === undefined || accounted < settle)) requestAnimationFrame(tick);
          else {
            console.timeStamp('bench-frames-end');
            resolve();
          }
        };
        requestAnimationFrame(tick);
      });
      observer.disconnect();
      return { intervals, longTasks, probe, newest };
    },
    { duration: ms, label, settle },
  );
}

/**
 * frames() under a timeline trace of the page (unless BENCH_VIEWER_TRACE=0), with each frame's main-thread work;
 * `ended` runs as soon as the frames are in, before the trace is collected (which can take seconds).
 */
async function tracedFrames(
  browser: Browser,
  page: Page,
  ms: number,
  label: string,
  ended: () => void = () => undefined,
): Promise<Frames> {
  if (!TRACE) {
    const value = await frames(page, ms, label);
    ended();
    return value;
  }
  await browser.startTracing(page, { categories: CATEGORIES });
  const value = await frames(page, ms, label);
  ended();
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const work = frameWork(trace.traceEvents, { start: 'bench-frames-start', end: 'bench-frames-end' });
  return work === undefined ? value : { ...value, work };
}

/** The viewer's "N of M lines · S skipped (follow cap) · D dropped" counts. */
async function viewerCounts(page: Page): Promise<{ total: number; skipped: number; dropped: number }> {
  const text = (await page.locator('#logcat-counts').textContent()) ?? '';
  const number = (pattern: RegExp): number => Number((pattern.exec(text)?.[1] ?? '0').replace(/,/g, ''));
  return {
    total: number(/of ([\d,]+) lines/),
    skipped: number(/([\d,]+) skipped/),
    dropped: number(/([\d,]+) dropped/),
  };
}

function frameLines(name: string, value: Frames, base?: Frames): string[] {
  const ms = (values: readonly number[], fraction: number): string => percentile(values, fraction).toFixed(1);
  const p95 = percentile(value.intervals, 0.95);
  const ratio =
    base === undefined ? '' : ` (${(p95 / percentile(base.intervals, 0.95)).toFixed(2)}x baseline)`;
  const lines = [`${name}:`];
  const work = value.work;
  if (work !== undefined) {
    const top = [...work.byName]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([event, total]) => `${event} ${((total / Math.max(1, work.spanMs)) * 100).toFixed(1)}%`)
      .join(', ');
    const over = work.work.filter((each) => each > 16).length;
    lines.push(
      `    frame work (main-thread busy per frame, trace): p50 ${ms(work.work, 0.5)} ms, p95 ${ms(work.work, 0.95)} ms, max ${ms(work.work, 1)} ms; ${over} of ${work.work.length} frames > 16 ms; busy ${((work.busyMs / Math.max(1, work.spanMs)) * 100).toFixed(0)}% of ${(work.spanMs / 1000).toFixed(1)} s (${top})`,
    );
  }
  lines.push(
    `    rAF interval (missed vsyncs): p50 ${ms(value.intervals, 0.5)} ms, p95 ${p95.toFixed(1)} ms${ratio}, ${value.intervals.length} frames, ${value.longTasks} long tasks; the bench's DOM probe p95 ${ms(value.probe, 0.95)} ms/frame (in the work above)`,
  );
  return lines;
}

export interface ViewerResult {
  stage: StageResult;
  lines: string[];
}

/** Follows `phone` in the console at `url` while `rate` lines/s are written for `seconds`; prints as it goes. */
export async function viewerStage(
  url: string,
  phone: SimulatedAndroid,
  rate: number,
  seconds: number,
): Promise<ViewerResult> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    if (CAP !== undefined)
      await page.route('**/api/logcat:start', async (route) => {
        const input = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
        await route.continue({ postData: JSON.stringify({ ...input, maxLinesPerSecond: CAP }) });
      });
    await page.goto(url);
    await page.getByRole('tab', { name: 'Diagnostics' }).click();
    const status = page.getByRole('status', { name: 'Logcat status' });
    await status.filter({ hasText: 'Following' }).waitFor();
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await status.filter({ hasText: 'Stopped' }).waitFor();
    const idle = await tracedFrames(browser, page, seconds * 1000, '-');

    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await status.filter({ hasText: 'Following' }).waitFor();
    const before = await viewerCounts(page);
    const writer = new FloodWriter(phone, rate, seconds);
    const arrivals = new Arrivals(writer);
    writer.start();
    let wrote = 0;
    const following = await tracedFrames(browser, page, seconds * 1000, writer.label, () => {
      wrote = writer.stop();
    });
    // Lines still in flight arrive (or are skipped, marked), watched frame by frame; then the counts are final.
    const drainStarted = performance.now();
    const draining = await frames(page, 15_000, writer.label, before.total + writer.written);
    const drainS = (performance.now() - drainStarted) / 1000;
    const after = await viewerCounts(page);
    // Rendered: each frame, every line up to the newest one shown has been on screen (or scrolled past).
    let shown = -1;
    const onScreen = (newest: Frames['newest']): void => {
      for (const [at, top] of newest)
        for (let n = shown + 1; n <= top; n += 1) {
          arrivals.add(n, at);
          shown = n;
        }
    };
    onScreen(following.newest);
    const shownWhileWriting = shown + 1;
    const arrivedWhileWriting = (following.newest.at(-1)?.[2] ?? before.total) - before.total;
    arrivals.writing = false;
    onScreen(draining.newest);
    const heapMb = await page.evaluate(
      () =>
        ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0) /
        1048576,
    );
    const statusText = ((await status.textContent()) ?? '').trim();
    const arrived = after.total - before.total;
    const stage = summarize(
      'rendered in the page (Chromium)',
      writer,
      arrivals,
      wrote,
      drainS,
      `the viewer counted ${arrived} arrived (${arrivedWhileWriting} while writing, when lines up to ${shownWhileWriting} had been on screen), ${after.skipped} skipped by the follow cap (marked), ${after.dropped} dropped; latency from the frames`,
    );
    return {
      stage,
      lines: [
        ...frameLines('  baseline (same page, follow stopped)', idle),
        ...frameLines('  following (target: frame work p95 <= 16 ms)', following, idle),
        `  viewer status at the end: "${statusText}"`,
        `  renderer JS heap ${heapMb.toFixed(0)} MB with ${Math.min(after.total, 200_000)} lines held (target < 150 MB)`,
      ],
    };
  } finally {
    await browser.close();
  }
}
