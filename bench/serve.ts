// The Serve API under load: 1000 POST /execute (set/clear, alternating over 4 simulated phones) at concurrency 16.
// Prints p50/p99 latency, throughput and counts by status; 423 (device busy) is counted as a conflict, any other
// non-200 is an error. Open sockets and file descriptors are compared before and after: a leak fails the run.
// Run: npm run build:node && node out/bench/serve.js   (needs Debian's adb on PATH)
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startServe, type RunningServe } from '../src/main/serve/startServe';
import { startIsolatedAdb, type IsolatedAdb } from '../src/test-support/isolatedAdb';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const DEVICES = 4;

/** Simulated phones in their own process, as real phones are their own hardware. */
async function startDevices(adb: IsolatedAdb): Promise<{ serials: string[]; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['out/cli/androperator.js', 'simulator', 'start', '--count', String(DEVICES)],
    {
      env: { ...process.env, ...adb.env, ANDROID_ADB_SERVER_PORT: String(adb.port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const serials: string[] = [];
  const lines = createInterface({ input: child.stdout });
  await new Promise<void>((resolve) =>
    lines.on('line', (line) => {
      serials.push((JSON.parse(line) as { serial: string }).serial);
      if (serials.length === DEVICES) resolve();
    }),
  );
  return {
    serials,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function execution(index: number): object {
  const set = Math.floor(index / DEVICES) % 2 === 0;
  return {
    commandId: `bench-${index}`,
    taskId: 'bench-serve',
    source: 'bench',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 10000,
    actions: [
      set
        ? { id: 's', type: 'set_on_screen_log', params: { text: `BENCH ${index}`, anchor: 'right' } }
        : { id: 'c', type: 'clear_on_screen_log' },
    ],
  };
}

function post(serve: RunningServe, agent: Agent, body: object): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: serve.port,
        method: 'POST',
        path: '/execute',
        agent,
        headers: {
          authorization: `Bearer ${serve.token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Open (not destroyed) sockets and file descriptors of this process. */
function resources(): { sockets: number; fds: number } {
  // Why the private API: Node has no public count of open handles; this is what leak checkers use.
  const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
  return {
    sockets: handles.filter((handle) => handle instanceof Socket && !handle.destroyed).length,
    fds: readdirSync('/proc/self/fd').length,
  };
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function main(): Promise<number> {
  const adb = await startIsolatedAdb();
  const home = await mkdtemp(join(tmpdir(), 'androperator-bench-serve-'));
  const devices = await startDevices(adb);
  const started = await startServe({
    env: { ANDROID_ADB_SERVER_PORT: String(adb.port), ANDROPERATOR_ADB: adb.bin, ANDROPERATOR_HOME: home },
    port: 0,
    operatorPackage: 'com.androperator.operator',
    discovery: false,
  });
  if (!started.ok) throw new Error(started.error.message);
  const serve = started.value;
  let failed = false;
  try {
    // Warm-up: one execution per phone on a throwaway connection (adb transports, first frames).
    const warm = new Agent({ keepAlive: false });
    for (const [index, serial] of devices.serials.entries())
      await post(serve, warm, { deviceId: serial, execution: execution(index) });
    warm.destroy();
    await waitFor(() => serve.server.connections() === 0, 5000);
    const before = resources();

    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const latencies: number[] = [];
    const completed: number[] = [];
    const statuses = new Map<number, number>();
    const samples = new Map<number, string>();
    let next = 0;
    const began = performance.now();
    const worker = async (): Promise<void> => {
      for (let index = next++; index < REQUESTS; index = next++) {
        const deviceId = devices.serials[index % DEVICES] ?? '';
        const sent = performance.now();
        const answer = await post(serve, agent, { deviceId, execution: execution(index) });
        const elapsed = performance.now() - sent;
        latencies.push(elapsed);
        if (answer.status === 200) completed.push(elapsed);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (!samples.has(answer.status)) samples.set(answer.status, answer.text.slice(0, 300));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - began) / 1000;
    agent.destroy();
    await waitFor(() => serve.server.connections() === 0, 5000);
    const after = resources();

    const sorted = [...latencies].sort((a, b) => a - b);
    const sortedCompleted = [...completed].sort((a, b) => a - b);
    const ok = statuses.get(200) ?? 0;
    const conflicts = statuses.get(423) ?? 0;
    const errors = REQUESTS - ok - conflicts;
    console.log(
      `bench/serve: ${REQUESTS} POST /execute over ${DEVICES} simulated phones, concurrency ${CONCURRENCY}, keep-alive`,
    );
    console.log(
      `latency p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms; ` +
        `throughput ${(REQUESTS / seconds).toFixed(1)} req/s (${seconds.toFixed(2)} s)`,
    );
    console.log(
      `executed (200) only: p50 ${percentile(sortedCompleted, 0.5).toFixed(1)} ms, ` +
        `p99 ${percentile(sortedCompleted, 0.99).toFixed(1)} ms, ${(completed.length / seconds).toFixed(1)} executions/s`,
    );
    console.log(
      `status: ${[...statuses].map(([status, count]) => `${status} x${count}`).join(', ')}; ` +
        `ok ${ok}, conflicts (423) ${conflicts}, errors ${errors}`,
    );
    for (const [status, sample] of samples)
      if (status !== 200 && status !== 423) console.log(`  ${status}: ${sample}`);
    console.log(
      `resources before/after: sockets ${before.sockets}/${after.sockets}, file descriptors ${before.fds}/${after.fds}`,
    );
    const leaked = after.sockets !== before.sockets || after.fds !== before.fds;
    if (leaked) console.log('LEAK: open sockets or file descriptors differ');
    failed = errors > 0 || leaked;
  } finally {
    await serve.close();
    await devices.stop();
    await adb.stop();
    await rm(home, { recursive: true, force: true });
  }
  return failed ? 1 : 0;
}

process.exitCode = await main();
