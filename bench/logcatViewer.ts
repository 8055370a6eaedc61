// bench/logcat's Chromium stage: the browser console following the flood phone, measured in the page. Frame
// intervals (requestAnimationFrame) against the same page with the follow stopped (the baseline, same run); lines
// rendered per second and write-to-screen latency (each frame, the newest flood line in the list's DOM, on the wall
// clock both sides share); the viewer's own counts (arrived, skipped by the follow's cap, dropped) and its JS heap.
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/fixtures/chromium';
import type { SimulatedAndroid } from '../src/simulator/simulatedAndroid';
import { Arrivals, FloodWriter, summarize, type StageResult } from './logcatStages';

export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN
  );
}

interface Frames {
  intervals: number[];
  longTasks: number;
  /** [wall ms, newest flood line number in the DOM] per frame. */
  newest: [number, number][];
}

/** rAF intervals, long tasks (> 50 ms) and, per frame, the newest flood line shown, for `ms`. */
function frames(page: Page, ms: number, label: string): Promise<Frames> {
  return page.evaluate(
    async ({ duration, label }) => {
      let longTasks = 0;
      const observer = new PerformanceObserver((list) => {
        longTasks += list.getEntries().length;
      });
      observer.observe({ entryTypes: ['longtask'] });
      const intervals: number[] = [];
      const newest: [number, number][] = [];
      const list = document.getElementById('logcat-lines');
      await new Promise<void>((resolve) => {
        let last = performance.now();
        const end = last + duration;
        const tick = (now: number): void => {
          intervals.push(now - last);
          last = now;
          let top = -1;
          for (const element of list?.querySelectorAll('.log-message') ?? []) {
            const match = /flood ([a-z]+) line (\d+)\b/.exec(element.textContent ?? '');
            if (match !== null && match[1] === label) top = Math.max(top, Number(match[2]));
          }
          newest.push([performance.timeOrigin + performance.now(), top]);
          if (now < end) requestAnimationFrame(tick);
          else resolve();
        };
        requestAnimationFrame(tick);
      });
      observer.disconnect();
      return { intervals, longTasks, newest };
    },
    { duration: ms, label },
  );
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

function frameLine(name: string, value: Frames, base?: Frames): string {
  const p95 = percentile(value.intervals, 0.95);
  const ratio =
    base === undefined ? '' : ` (${(p95 / percentile(base.intervals, 0.95)).toFixed(2)}x baseline)`;
  return `${name}: frame interval p50 ${percentile(value.intervals, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms${ratio}, ${value.intervals.length} frames, ${value.longTasks} long tasks`;
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
    await page.goto(url);
    await page.getByRole('tab', { name: 'Diagnostics' }).click();
    const status = page.getByRole('status', { name: 'Logcat status' });
    await status.filter({ hasText: 'Following' }).waitFor();
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await status.filter({ hasText: 'Stopped' }).waitFor();
    const idle = await frames(page, seconds * 1000, '-');

    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await status.filter({ hasText: 'Following' }).waitFor();
    const before = await viewerCounts(page);
    const writer = new FloodWriter(phone, rate, seconds);
    const arrivals = new Arrivals(writer);
    writer.start();
    const following = await frames(page, seconds * 1000, writer.label);
    const wrote = writer.stop();
    // Lines still in flight arrive (or are skipped, marked); then the viewer's counts are final.
    let after = await viewerCounts(page);
    const drainStarted = performance.now();
    const settled = (): boolean =>
      after.total - before.total + after.skipped + after.dropped >= writer.written;
    while (!settled() && performance.now() - drainStarted < 15_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = await viewerCounts(page);
    }
    const drainS = (performance.now() - drainStarted) / 1000;
    // Rendered: each frame, every line up to the newest one shown has been on screen (or scrolled past).
    let shown = -1;
    for (const [at, top] of following.newest)
      for (let n = shown + 1; n <= top; n += 1) {
        arrivals.add(n, at);
        shown = n;
      }
    arrivals.writing = false;
    const heapMb = await page.evaluate(
      () =>
        ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0) /
        1048576,
    );
    const arrived = after.total - before.total;
    const stage = summarize(
      'rendered in the page (Chromium)',
      writer,
      arrivals,
      wrote,
      drainS,
      `the viewer counted ${arrived} arrived, ${after.skipped} skipped by the follow cap (marked), ${after.dropped} dropped; latency from the frames while writing`,
    );
    return {
      stage,
      lines: [
        frameLine('  baseline (same page, follow stopped)', idle),
        frameLine('  following', following, idle) + ' (target p95 <= 16.7 ms, one 60 Hz frame)',
        `  renderer JS heap ${heapMb.toFixed(0)} MB with ${Math.min(after.total, 200_000)} lines held (target < 150 MB)`,
      ],
    };
  } finally {
    await browser.close();
  }
}
