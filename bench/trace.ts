// Trace analysis cost: a 64 MiB raw trace (the analyser's file cap, less 32 KiB) analysed from a file vs a baseline that only walks the protobuf tags of
// the same bytes (packet -> bundle -> event -> body, no decoding). Targets: ratio <= 3x, peak RSS <= 4x file size.
// Run: npm run build:node && npm run bench:trace   (the analysis runs in a child process so its RSS is its own)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeTraceFile } from '../src/node/trace/analyzeTrace';
import { LIMITS } from '../src/node/trace/limits';
import { walkFields } from '../src/node/trace/wireReader';
import { MS, TraceBuilder, type FtraceEventSpec } from '../src/test-support/traceBuilder';

const ROUNDS = 5;
/** As close to the 64 MiB file cap as bundles allow (the events stay under the 500,000 cap). */
const TARGET_BYTES = LIMITS.fileBytes - 32 * 1024;

function generate(): Buffer {
  const builder = new TraceBuilder();
  builder.processTree(
    [{ pid: 10, cmdline: 'com.example.bench' }],
    Array.from({ length: 64 }, (_, i) => ({
      tid: 11 + i,
      name: i === 0 ? 'RenderThread' : `worker-${i}`,
      tgid: 10,
    })),
  );
  const label = 'x'.repeat(420);
  let ts = 0;
  // A bundle adds ~13.5 kB; stop before the next one could cross TARGET_BYTES.
  for (let bundle = 0; builder.byteLength() < TARGET_BYTES - 16 * 1024; bundle++) {
    const events: FtraceEventSpec[] = [];
    for (let i = 0; i < 100; i++) {
      ts += 50_000;
      const tid = 10 + ((bundle + i) % 64);
      if (i % 4 === 0) events.push({ ts, kind: 'wakeup', pid: tid, comm: `worker-${tid}` });
      else if (i % 4 === 1) {
        events.push({
          ts,
          kind: 'switch',
          prevPid: 0,
          prevState: 0,
          nextPid: tid,
          nextComm: `worker-${tid}`,
        });
      } else if (i % 4 === 2)
        events.push({ ts, kind: 'print', tid, buf: `B|10|Choreographer#doFrame ${label}` });
      else events.push({ ts: ts + (bundle % 7 === 0 ? 20 * MS : 0), kind: 'print', tid, buf: 'E|10' });
    }
    builder.ftrace(bundle % 8, events);
  }
  return builder.bytes();
}

/** The baseline: every tag of the same messages the decoder visits, skipped without interpretation. */
function walkTags(bytes: Uint8Array): number {
  let tags = 0;
  walkFields(bytes, 0, bytes.length, (packet) => {
    tags++;
    walkFields(bytes, packet.start, packet.end, (field) => {
      tags++;
      if (field.field !== 1 || field.wireType !== 2) return;
      walkFields(bytes, field.start, field.end, (bundleField) => {
        tags++;
        if (bundleField.field !== 2 || bundleField.wireType !== 2) return;
        walkFields(bytes, bundleField.start, bundleField.end, (eventField) => {
          tags++;
          if (eventField.wireType === 2 && eventField.field >= 3) {
            walkFields(bytes, eventField.start, eventField.end, () => tags++);
          }
        });
      });
    });
  });
  return tags;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function child(path: string): Promise<void> {
  let heapPeak = 0;
  const timer = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 5);
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const result = await analyzeTraceFile(path, { package: 'com.example.bench' });
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuStarted);
  clearInterval(timer);
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  if (!result.ok) throw new Error(result.error.message);
  process.stdout.write(
    JSON.stringify({
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000,
      maxRssBytes: process.resourceUsage().maxRSS * 1024,
      heapPeak,
      frames: result.value.frame_anomalies.count,
    }),
  );
}

async function main(): Promise<void> {
  if (process.argv[2] === '--child') return child(process.argv[3] ?? '');
  const load = loadavg().map((value) => value.toFixed(2));
  const dir = mkdtempSync(join(tmpdir(), 'bench-trace-'));
  try {
    const file = join(dir, 'bench.pftrace');
    writeFileSync(file, generate());
    const fileBytes = statSync(file).size;
    const bytes = readFileSync(file);
    const baseline: number[] = [];
    const baselineCpu: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const cpuStarted = process.cpuUsage();
      const started = performance.now();
      walkTags(bytes);
      baseline.push(performance.now() - started);
      const cpu = process.cpuUsage(cpuStarted);
      baselineCpu.push((cpu.user + cpu.system) / 1000);
    }
    const runs: { ms: number; cpuMs: number; maxRssBytes: number; heapPeak: number; frames: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const out = spawnSync(process.execPath, [process.argv[1] ?? '', '--child', file], { encoding: 'utf8' });
      if (out.status !== 0) throw new Error(out.stderr);
      runs.push(JSON.parse(out.stdout) as (typeof runs)[number]);
    }
    const walk = median(baseline);
    const analyse = median(runs.map((run) => run.ms));
    const rss = Math.max(...runs.map((run) => run.maxRssBytes));
    const heap = Math.max(...runs.map((run) => run.heapPeak));
    const mib = (value: number): string => `${(value / 1024 / 1024).toFixed(1)} MiB`;
    console.log(`trace file            ${mib(fileBytes)} (${runs[0]?.frames ?? 0} frame anomalies found)`);
    console.log(
      `tag walk (baseline)   median ${walk.toFixed(0)} ms over ${ROUNDS} rounds (in memory; runs ${baseline
        .map((value) => value.toFixed(0))
        .join(', ')} ms)`,
    );
    console.log(
      `analyzeTraceFile      median ${analyse.toFixed(0)} ms over ${ROUNDS} child processes (runs ${runs
        .map((run) => run.ms.toFixed(0))
        .join(', ')} ms; CPU time median ${median(runs.map((run) => run.cpuMs)).toFixed(0)} ms, all threads)`,
    );
    const cpuRatio = median(runs.map((run) => run.cpuMs)) / median(baselineCpu);
    console.log(`ratio                 ${(analyse / walk).toFixed(2)}x (target <= 3x)`);
    console.log(
      `CPU time ratio        ${cpuRatio.toFixed(2)}x (walk CPU median ${median(baselineCpu).toFixed(0)} ms; on a loaded machine)`,
    );
    console.log(`peak RSS              ${mib(rss)} = ${(rss / fileBytes).toFixed(2)}x file (target <= 4x)`);
    console.log(
      `load average          ${load.join(' ')} before the run (1, 5, 15 min; ${cpus().length} cores)`,
    );
    console.log(`peak heap used        ${mib(heap)} = ${(heap / fileBytes).toFixed(2)}x file`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
