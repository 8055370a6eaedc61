// Logcat viewer pipeline under load: a simulated phone writing 20,000 lines/s for BENCH_SECONDS (default 30) into
// followLogcat (parse + redact + batch) and the viewer's 200,000-line ring with a query applied to each batch.
// Prints lines dropped, per-batch ingest+filter cost p95 (Node, not a Chromium frame time), heap with a full ring,
// and a baseline in the same run: `adb logcat -v threadtime` with its stdout drained (lines/s).
// Then the viewer itself in Chromium (BENCH_VIEWER=0 skips it): the browser console against a second simulated phone
// (no background traffic) into which this process writes BENCH_VIEWER_RATE lines/s (default 20,000) for
// BENCH_VIEWER_SECONDS (default 10) while the viewer follows; requestAnimationFrame intervals p50/p95 and long
// tasks, against the same page with the follow stopped (the baseline, same run), lines that arrived / were dropped,
// and the renderer's JS heap.
// Run: npm run build && npm run bench:logcat   (the viewer part needs the built renderer and Debian's chromium)
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/fixtures/chromium';
import { spawnConsole } from '../e2e/fixtures/stack';
import type { IsolatedAdb } from '../src/test-support/isolatedAdb';
import { startIsolatedAdb } from '../src/test-support/isolatedAdb';
import { bootSimulated } from '../src/test-support/isolatedResolver';
import { followLogcat } from '../src/main/logcat/stream';
import { LogRing, RING_CAPACITY } from '../src/renderer/src/logcat/ring';
import { LogcatModel } from '../src/renderer/src/logcat/logcatModel';
import { matchesLogQuery, parseLogQuery } from '../src/shared/logcat/query';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const RATE = 20_000;

async function baseline(adbRun: { bin: string; env: Record<string, string>; port: number }, serial: string) {
  const child = spawn(
    adbRun.bin,
    ['-P', String(adbRun.port), '-s', serial, 'logcat', '-v', 'threadtime', '-T', '1'],
    {
      env: { ...process.env, ...adbRun.env },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  let lines = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    for (const byte of chunk) if (byte === 10) lines += 1;
  });
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  child.kill();
  await new Promise((resolve) => child.once('close', resolve));
  return lines / SECONDS;
}

const adb = await startIsolatedAdb();
const { sim, serial } = await bootSimulated(adb, {
  logTraffic: { ratePerSecond: RATE, seed: 7, historyMs: 0 },
});
try {
  const baselineRate = await baseline(adb, serial);
  const ring = new LogRing();
  const query = parseLogQuery('-tag:Choreographer level:D');
  const context = { packageOf: () => undefined, nowMs: Date.now() };
  const costs: number[] = [];
  let received = 0;
  let emitted = 0;
  let counting = false;
  const off = sim.state.on('log', () => {
    if (counting) emitted += 1;
  });
  const follow = await followLogcat(adb.client, serial, {
    tail: 1,
    onBatch: (batch) => {
      const started = performance.now();
      ring.push(batch.lines);
      let visible = 0;
      for (const line of batch.lines) if (matchesLogQuery(query, line.entry, context)) visible += 1;
      costs.push(performance.now() - started + visible * 0);
      if (counting) received += batch.lines.length;
    },
  });
  if (!follow.ok) throw new Error(follow.error.message);
  counting = true;
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  counting = false;
  const deadline = Date.now() + 5000;
  while (received < emitted && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  await follow.value.stop();
  off();
  costs.sort((a, b) => a - b);
  const p95 = costs[Math.floor(costs.length * 0.95)] ?? 0;
  const heapMb = process.memoryUsage().heapUsed / 1024 / 1024;
  const viewerRate = received / SECONDS;
  console.log(`seconds ${SECONDS}, device rate target ${RATE}/s`);
  console.log(`baseline adb logcat drained: ${baselineRate.toFixed(0)} lines/s`);
  console.log(
    `viewer pipeline: ${viewerRate.toFixed(0)} lines/s (${(viewerRate / baselineRate).toFixed(2)}x baseline)`,
  );
  console.log(`lines dropped while following: ${Math.max(0, emitted - received)} of ${emitted} (target 0)`);
  console.log(
    `ingest+filter cost per batch p95: ${p95.toFixed(2)} ms over ${costs.length} batches (Node, target <= 16)`,
  );
  console.log(
    `ring ${ring.size} lines (evicted ${ring.evicted}); Node heap ${heapMb.toFixed(0)} MB (target < 150)`,
  );
} finally {
  await sim.close();
}
fullRingHeap();
try {
  if (process.env.BENCH_VIEWER !== '0') await viewerBench(adb);
} finally {
  await adb.stop();
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN
  );
}

interface Frames {
  intervals: number[];
  longTasks: number;
}

/** requestAnimationFrame intervals and long tasks (> 50 ms) on the page for `ms`. */
function frames(page: Page, ms: number): Promise<Frames> {
  return page.evaluate(async (duration) => {
    let longTasks = 0;
    const observer = new PerformanceObserver((list) => {
      longTasks += list.getEntries().length;
    });
    observer.observe({ entryTypes: ['longtask'] });
    const intervals: number[] = [];
    await new Promise<void>((resolve) => {
      let last = performance.now();
      const end = last + duration;
      const tick = (now: number): void => {
        intervals.push(now - last);
        last = now;
        if (now < end) requestAnimationFrame(tick);
        else resolve();
      };
      requestAnimationFrame(tick);
    });
    observer.disconnect();
    return { intervals, longTasks };
  }, ms);
}

/** The viewer's "N of M lines · D dropped" counts. */
async function viewerCounts(page: Page): Promise<{ rows: number; total: number; dropped: number }> {
  const text = (await page.locator('#logcat-counts').textContent()) ?? '';
  const number = (pattern: RegExp): number => Number((pattern.exec(text)?.[1] ?? '0').replace(/,/g, ''));
  return {
    rows: number(/^([\d,]+) of/),
    total: number(/of ([\d,]+) lines/),
    dropped: number(/([\d,]+) dropped/),
  };
}

function frameLine(name: string, value: Frames, base?: Frames): string {
  const p95 = percentile(value.intervals, 0.95);
  const ratio =
    base === undefined ? '' : ` (${(p95 / percentile(base.intervals, 0.95)).toFixed(2)}x baseline)`;
  return `${name}: frame interval p50 ${percentile(value.intervals, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms${ratio}, ${value.intervals.length} frames, ${value.longTasks} long tasks`;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}

/** The top self-time functions of a V8 CPU profile (share of samples). */
function printProfile(profile: { nodes: ProfileNode[]; samples?: number[] }): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  for (const id of samples) {
    const frame = byId.get(id)?.callFrame;
    if (frame === undefined) continue;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber}:${frame.columnNumber}`;
    self.set(name, (self.get(name) ?? 0) + 1);
  }
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log(`  renderer CPU profile, ${samples.length} samples, top self time:`);
  for (const [name, count] of top) console.log(`    ${((count / samples.length) * 100).toFixed(1)}% ${name}`);
}

async function viewerBench(adbRun: IsolatedAdb): Promise<void> {
  const seconds = Number(process.env.BENCH_VIEWER_SECONDS ?? 10);
  const rate = Number(process.env.BENCH_VIEWER_RATE ?? 20_000);
  const { sim: phone } = await bootSimulated(adbRun, { logTraffic: { ratePerSecond: 0, seed: 1 } });
  const home = await mkdtemp(join(tmpdir(), 'androperator-bench-logcat-'));
  const running = await spawnConsole({ env: adbRun.env, home });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(running.url);
    await page.getByRole('tab', { name: 'Diagnostics' }).click();
    const status = page.getByRole('status', { name: 'Logcat status' });
    await status.filter({ hasText: 'Following' }).waitFor();
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await status.filter({ hasText: 'Stopped' }).waitFor();
    const idle = await frames(page, seconds * 1000);

    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await status.filter({ hasText: 'Following' }).waitFor();
    const before = await viewerCounts(page);
    let written = 0;
    const perTick = Math.max(1, Math.round(rate / 20));
    const writer = setInterval(() => {
      for (let index = 0; index < perTick; index += 1) {
        phone.state.appendLog({
          priority: index % 50 === 0 ? 'W' : 'D',
          tag: 'BenchFlood',
          message: `flood line ${written} token=abc${written}`,
        });
        written += 1;
      }
    }, 50);
    // BENCH_VIEWER_TRACE=<file>: a Chromium timeline trace of the following phase, to see where frames go.
    const tracePath = process.env.BENCH_VIEWER_TRACE;
    if (tracePath !== undefined) await browser.startTracing(page, { path: tracePath, screenshots: false });
    // BENCH_VIEWER_PROFILE=1: a V8 CPU profile of the renderer while following; prints the top self-time functions.
    const profiler =
      process.env.BENCH_VIEWER_PROFILE === '1' ? await page.context().newCDPSession(page) : null;
    if (profiler !== null) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
      await profiler.send('Profiler.start');
    }
    const following = await frames(page, seconds * 1000);
    if (tracePath !== undefined) await browser.stopTracing();
    if (profiler !== null) printProfile((await profiler.send('Profiler.stop')).profile);
    clearInterval(writer);
    // Lines still in flight arrive; then the viewer's counts are final.
    let after = await viewerCounts(page);
    const deadline = Date.now() + 15_000;
    while (after.total - before.total + after.dropped < written && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = await viewerCounts(page);
    }
    const heapMb = await page.evaluate(
      () =>
        ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0) /
        1048576,
    );
    const arrived = after.total - before.total;
    console.log(`viewer in Chromium, ${seconds} s each, 1440x900:`);
    console.log(frameLine('  baseline (same page, follow stopped)', idle));
    console.log(frameLine('  following', following, idle) + ' (target p95 <= 16.7 ms, one 60 Hz frame)');
    console.log(
      `  written ${written} lines (${(written / seconds).toFixed(0)}/s target ${rate}/s); arrived ${arrived} (${(arrived / seconds).toFixed(0)}/s); dropped ${after.dropped} (target 0); not arrived ${Math.max(0, written - arrived - after.dropped)}`,
    );
    console.log(
      `  renderer JS heap ${heapMb.toFixed(0)} MB with ${Math.min(after.total, 200_000)} lines held (target < 150 MB)`,
    );
  } finally {
    await browser.close();
    await running.stop();
    await phone.close();
    await rm(home, { recursive: true, force: true });
  }
}

/**
 * The viewer's data with a full ring, in Node (the simulated device cannot stream 200,000 lines within the Chromium
 * phase): heap growth of a LogcatModel holding RING_CAPACITY realistic lines with a query applied. Run node with
 * --expose-gc for a settled figure.
 */
function fullRingHeap(): void {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  const before = process.memoryUsage().heapUsed;
  const model = new LogcatModel();
  model.setQuery(parseLogQuery('-tag:Choreographer level:D'));
  const tags = ['ActivityManager', 'OkHttp', 'Choreographer', 'ConnectivityService', 'OpenGLRenderer'];
  for (let start = 0; start < RING_CAPACITY + 10_000; start += 1000) {
    const lines = Array.from({ length: 1000 }, (_unused, offset) => {
      const seq = start + offset;
      return {
        seq,
        entry: {
          time: `12-02 17:00:${String(seq % 60).padStart(2, '0')}.${String(seq % 1000).padStart(3, '0')}`,
          epoch_ms: null,
          pid: 1000 + (seq % 40),
          tid: 1000 + (seq % 90),
          uid: null,
          priority: (['V', 'D', 'I', 'W', 'E'] as const)[seq % 5] ?? 'I',
          tag: tags[seq % tags.length] ?? 'Tag',
          message: `request ${seq} finished in ${seq % 997} ms with status 200 for https://api.example/v1/items/${seq}`,
        },
        redactions: 0,
      };
    });
    model.push(lines);
  }
  collect?.();
  const mb = (process.memoryUsage().heapUsed - before) / 1048576;
  console.log(
    `full ring (Node, ${collect === undefined ? 'no --expose-gc' : 'after gc'}): ${model.ring.size} lines held, ${model.rows} matching, ${model.ring.evicted} evicted; heap +${mb.toFixed(0)} MB (target < 150 MB renderer heap)`,
  );
}
