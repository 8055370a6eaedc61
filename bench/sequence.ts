// The console's core job against simulated devices over a real adb server, against named baselines in one run:
//   1. screenshot capture through our core vs `adb exec-out screencap -p`          (target ratio <= 1.00)
//   2. the whole sequence through our core vs a minimal plain-adbkit script          (target ratio <= 1.15)
//   3. eight devices running the sequence at once vs one                             (target wall ratio <= 2.00)
// Run: npm run build && node out/bench/sequence.js   (needs Debian's adb on PATH)
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Duplex } from 'node:stream';
import { EvidenceStore } from '../src/main/evidence/evidenceStore';
import { InFlightRegistry } from '../src/main/execution/inFlight';
import { AdbHub } from '../src/main/devices/hub';
import { captureScreen } from '../src/main/screenshot/capture';
import { runSequence } from '../src/main/sequence/runSequence';
import { encodeFrame, FrameDecoder } from '../src/shared/agent/frames';
import { startIsolatedAdb, type IsolatedAdb } from '../src/simulator/testing/isolatedAdb';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const PACKAGE = 'com.androperator.operator';
/** Every run shows a different text, so no side gets a frame the simulator already encoded for the other. */
const design = (label: string) => ({
  text: `FLOW-001: Observe settings (${label})`,
  anchor: 'right' as const,
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Simulated devices, each in its own process, as real phones are each their own hardware. */
async function startDevices(
  adb: IsolatedAdb,
  count: number,
): Promise<{ serials: string[]; stop: () => Promise<void> }> {
  const children = await Promise.all(
    Array.from({ length: count }, async () => {
      const child = spawn(process.execPath, ['out/cli/androperator.js', 'simulator', 'start'], {
        env: { ...process.env, ...adb.env, ANDROID_ADB_SERVER_PORT: String(adb.port) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const line = await new Promise<string>((resolve) =>
        createInterface({ input: child.stdout }).once('line', resolve),
      );
      return { child, serial: (JSON.parse(line) as { serial: string }).serial };
    }),
  );
  return {
    serials: children.map((entry) => entry.serial),
    stop: async () => {
      await Promise.all(
        children.map(
          ({ child }) =>
            new Promise<void>((resolve) => {
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

function adbExecOut(adb: IsolatedAdb, serial: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('adb', ['-P', String(adb.port), '-s', serial, 'exec-out', 'screencap', '-p'], {
      env: { ...process.env, ...adb.env },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let bytes = 0;
    child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length));
    child.once('error', reject);
    child.once('exit', () => resolve(bytes));
  });
}

// --- The baseline: the same three calls with plain adbkit and nothing else. ---
interface PlainDevice {
  openLocal(path: string): Promise<Duplex>;
  screencap(): Promise<NodeJS.ReadableStream>;
}

function plainAdbkit(port: number): { getDevice(serial: string): PlainDevice } {
  // The baseline uses adbkit directly on purpose: it is what a user's own script would do.
  const { Adb } = createRequire(import.meta.url)('@devicefarmer/adbkit') as {
    Adb: { createClient(options: { port: number }): { getDevice(serial: string): PlainDevice } };
  };
  return Adb.createClient({ port });
}

async function agentCall(device: PlainDevice, execution: object): Promise<void> {
  const stream = await device.openLocal(`localabstract:${PACKAGE}.agent`);
  const decoder = new FrameDecoder();
  await new Promise<void>((resolve) => {
    stream.on('data', (chunk: Buffer) => {
      if (decoder.push(chunk).length > 0) resolve();
    });
    stream.write(encodeFrame({ v: 1, type: 'execute', id: 'b', execution }));
  });
  stream.destroy();
}

async function plainSequence(device: PlainDevice, directory: string, round: number): Promise<void> {
  const base = { taskId: 't', source: 'bench', expectedFormat: 'android-ui-automator', timeoutMs: 30000 };
  const params = design(`plain ${round}`);
  await agentCall(device, {
    ...base,
    commandId: `s${round}`,
    actions: [{ id: 's', type: 'set_on_screen_log', params }],
  });
  const stream = await device.screencap();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  await writeFile(join(directory, `plain-${round}.png`), Buffer.concat(chunks));
  await agentCall(device, {
    ...base,
    commandId: `c${round}`,
    actions: [{ id: 'c', type: 'clear_on_screen_log' }],
  });
}

async function main(): Promise<void> {
  const adb = await startIsolatedAdb();
  const directory = await mkdtemp(join(tmpdir(), 'androperator-bench-'));
  const devices = await startDevices(adb, 8);
  const hub = new AdbHub({ env: { ANDROID_ADB_SERVER_PORT: String(adb.port), ANDROPERATOR_ADB: adb.bin } });
  const evidence = new EvidenceStore(join(directory, 'evidence'));
  const inFlight = new InFlightRegistry();
  const first = devices.serials[0] ?? '';
  let runs = 0;
  const ours = (serial: string) =>
    runSequence(
      { design: design(`core ${(runs += 1)}`), deviceId: serial, operatorPackage: PACKAGE },
      { resolver: hub, inFlight, evidence },
    ).then((result) => {
      if (!result.ok || result.value.status !== 'succeeded')
        throw new Error(`sequence failed: ${JSON.stringify(result)}`);
    });
  try {
    const resolved = await hub.resolve(first);
    if (!resolved.ok) throw new Error(resolved.error.message);
    const client = resolved.value.client;
    const plain = plainAdbkit(adb.port).getDevice(first);

    // Warm-up: font registration, first screen renders, adbkit connections.
    await ours(first);
    await plainSequence(plain, directory, -1);
    await captureScreen(client, first, { scale: 100 });
    await adbExecOut(adb, first);

    const captureOurs: number[] = [];
    const captureAdb: number[] = [];
    const sequenceOurs: number[] = [];
    const sequencePlain: number[] = [];
    // Captures of one unchanged screen: both sides read the same frame, so only the transport differs.
    for (let round = 0; round < ROUNDS; round += 1) {
      captureOurs.push(await timed(() => captureScreen(client, first, { scale: 100 })));
      captureAdb.push(await timed(() => adbExecOut(adb, first)));
    }
    let coreCpuMs = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const cpu = process.cpuUsage();
      sequenceOurs.push(await timed(() => ours(first)));
      const used = process.cpuUsage(cpu);
      coreCpuMs += (used.user + used.system) / 1000;
      sequencePlain.push(await timed(() => plainSequence(plain, directory, round)));
    }
    const one: number[] = [];
    const eight: number[] = [];
    for (let round = 0; round < Math.max(3, Math.floor(ROUNDS / 3)); round += 1) {
      one.push(await timed(() => ours(first)));
      eight.push(await timed(() => Promise.all(devices.serials.map((serial) => ours(serial)))));
    }

    const rows: Array<[string, number, string, number, number]> = [
      [
        'screenshot: core captureScreen vs adb exec-out screencap -p',
        median(captureOurs),
        'ms',
        median(captureAdb),
        1.0,
      ],
      [
        'sequence: core runSequence vs plain adbkit script',
        median(sequenceOurs),
        'ms',
        median(sequencePlain),
        1.15,
      ],
      ['8 devices at once vs 1 device (wall time)', median(eight), 'ms', median(one), 2.0],
    ];
    console.log(`bench/sequence: ${ROUNDS} rounds, median times, simulated phones over adb ${adb.port}`);
    console.log(`core CPU per sequence (this process): ${(coreCpuMs / ROUNDS).toFixed(1)} ms`);
    for (const [name, value, unit, baseline, target] of rows) {
      const ratio = value / baseline;
      console.log(
        `${name.padEnd(62)} ${value.toFixed(1).padStart(7)} ${unit} vs ${baseline.toFixed(1).padStart(7)} ${unit}  ratio ${ratio.toFixed(2)}x (target <= ${target.toFixed(2)}x) ${ratio <= target ? 'OK' : 'MISSED'}`,
      );
    }
  } finally {
    await hub.close();
    await devices.stop();
    await adb.stop();
    await rm(directory, { recursive: true, force: true });
  }
}

await main();
