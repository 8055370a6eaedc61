// Logcat under load, stage by stage: a simulated phone (no background traffic) into which this process writes
// BENCH_RATE lines/s (default 20,000) for BENCH_SECONDS (default 10) per stage, and what arrives where, each with
// lines/s while writing, write-to-arrival latency p50/p95 and what is missing after a 15 s drain:
//   1. `adb logcat -v threadtime` as a child process (the baseline: what adb itself reads from the device),
//   2. followLogcat in this process (adbkit's stream, the threadtime parser, the epoch, redaction, batches),
//   3. the console's event stream as a browser reads it (web.js: follow, query, FollowPacer, SSE; JSON + schema),
//   4. the viewer in Chromium (BENCH_VIEWER=0 skips it): lines on screen, frame p95 against the same page idle.
// BENCH_STAGES picks stages (e.g. `BENCH_STAGES=4`; default 1234).
// Ratios are against stage 1 in the same run. Then the full-ring heap of the viewer's model in Node.
// The simulated adbd (src/simulator/adb/stream.ts) sends what a stream has queued while a WRTE awaits its OKAY
// together, in WRTEs up to the payload size, as real adbd does reading logcat's pipe.
// Run: npm run build && npm run bench:logcat   (stage 3 and 4 need the built renderer; 4 Debian's chromium)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { spawnConsole } from '../e2e/fixtures/stack';
import { startIsolatedAdb } from '../src/test-support/isolatedAdb';
import { bootSimulated } from '../src/test-support/isolatedResolver';
import { RING_CAPACITY } from '../src/renderer/src/logcat/ring';
import { LogcatModel } from '../src/renderer/src/logcat/logcatModel';
import { parseLogQuery } from '../src/shared/logcat/query';
import { adbStage, followStage, runStage, sseStage, stageLine, type StageResult } from './logcatStages';
import { viewerStage } from './logcatViewer';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 20_000);
/** The stages to run, e.g. `BENCH_STAGES=34` (default all: 1234); ratios need stage 1. */
const STAGES = process.env.BENCH_STAGES ?? '1234';

const load = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`logcat bench: ${RATE} lines/s for ${SECONDS} s per stage; load average ${load()}`);
const adb = await startIsolatedAdb();
const { sim: phone, serial } = await bootSimulated(adb, { logTraffic: { ratePerSecond: 0, seed: 1 } });
const home = await mkdtemp(join(tmpdir(), 'androperator-bench-logcat-'));
const running = await spawnConsole({ env: adb.env, home });
try {
  // Ratios are against stage 1 only (none when it did not run).
  let baseline: StageResult | undefined;
  const stage = async (name: string, attach: Parameters<typeof runStage>[4]): Promise<void> => {
    const cpu = consoleCpuMs(running.process.pid);
    const result = await runStage(name, phone, RATE, SECONDS, attach);
    console.log(stageLine(result, baseline));
    console.log(`    ${consoleCpuLine(running.process.pid, cpu, result.written)}`);
    baseline ??= STAGES.includes('1') ? result : undefined;
  };
  if (STAGES.includes('1')) await stage('1 adb logcat (baseline)', adbStage(adb, serial));
  if (STAGES.includes('2'))
    await stage('2 after parse + redaction (followLogcat)', followStage(adb.client, serial));
  if (STAGES.includes('3'))
    await stage('3 after the transport (SSE, as a browser reads it)', sseStage(running.url, serial));
  if (STAGES.includes('4') && process.env.BENCH_VIEWER !== '0') {
    const cpu = consoleCpuMs(running.process.pid);
    const viewer = await viewerStage(running.url, phone, RATE, SECONDS);
    console.log(stageLine(viewer.stage, baseline));
    console.log(`    ${consoleCpuLine(running.process.pid, cpu, viewer.stage.written)}`);
    for (const line of viewer.lines) console.log(line);
  }
  console.log(`load average at the end ${load()}`);
} finally {
  await running.stop();
  await phone.close();
  await adb.stop();
  await rm(home, { recursive: true, force: true });
}
fullRingHeap();

/** CPU time (user + system, ms) the console process (web.js) has used so far, from /proc; NaN elsewhere. */
function consoleCpuMs(pid: number | undefined): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in clock ticks.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** The console's CPU over a stage: ms, and µs per written line (the whole stage: follow, pacer, SSE, idle work). */
function consoleCpuLine(pid: number | undefined, before: number, lines: number): string {
  const used = consoleCpuMs(pid) - before;
  if (Number.isNaN(used)) return 'console CPU: unknown (no /proc)';
  return `console (web.js) CPU this stage: ${used.toFixed(0)} ms, ${((used * 1000) / Math.max(1, lines)).toFixed(1)} µs per line written`;
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
