// Logcat viewer pipeline under load: a simulated phone writing 20,000 lines/s for BENCH_SECONDS (default 30) into
// followLogcat (parse + redact + batch) and the viewer's 200,000-line ring with a query applied to each batch.
// Prints lines dropped, per-batch ingest+filter cost p95 (Node, not a Chromium frame time), heap with a full ring,
// and a baseline in the same run: `adb logcat -v threadtime` with its stdout drained (lines/s).
// Run: npm run build:node && npm run bench:logcat
import { spawn } from 'node:child_process';
import { startIsolatedAdb } from '../src/test-support/isolatedAdb';
import { bootSimulated } from '../src/test-support/isolatedResolver';
import { followLogcat } from '../src/main/logcat/stream';
import { LogRing } from '../src/renderer/src/logcat/ring';
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
  await adb.stop();
}
