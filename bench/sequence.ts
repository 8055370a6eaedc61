// The console's core job against simulated devices over a real adb server, against named baselines in one run:
//   1. screenshot capture through our core vs `adb exec-out screencap -p`          (target ratio <= 1.00)
//   2. the whole sequence through our core vs a minimal plain-adbkit script          (target ratio <= 1.15)
//      making the same device calls: execute set, execute take_screenshot then screencap to a file, execute clear
//      (our core also asks hello for run.json and checks the capture; those are its overhead)
//   3. eight devices running the sequence at once vs one                             (target wall ratio <= 2.00)
//      with, as references, the plain-adbkit script's own eight-at-once ratio (the floor this machine allows: the
//      eight simulated phones and adb server share its cores with the client) and our eight vs its eight
// Run: npm run build && node out/bench/sequence.js   (needs Debian's adb on PATH)
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Duplex } from 'node:stream';
import { EvidenceStore } from '../src/main/evidence/evidenceStore';
import { InFlightRegistry } from '../src/main/execution/inFlight';
import { captureScreen } from '../src/main/screenshot/capture';
import { runSequence } from '../src/main/sequence/runSequence';
import { adbSequencePorts } from '../src/main/sequence/adbPorts';
import { createRobotoMeasurer } from '../src/node/fonts/robotoMeasurer';
import { encodeFrame, FrameDecoder } from '../src/shared/agent/frames';
import { startIsolatedAdb, type IsolatedAdb } from '../src/test-support/isolatedAdb';
import { testHub } from '../src/test-support/testHub';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 31);
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

/** CPU time (user + system) a process has used, in ms, from /proc; null where there is no /proc. */
async function processCpuMs(pid: number): Promise<number | null> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
    // utime and stime, in clock ticks of 10 ms (fields 14 and 15 of stat; 12 and 13 after the command).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The adb server process listening on `port` (its command line has `-P <port>` and fork-server), if found. */
async function adbServerPid(port: number): Promise<number | null> {
  const entries = await readdir('/proc').catch(() => [] as string[]);
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const command = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const args = command.split('\0');
    if (args.includes('fork-server') && args.some((arg) => arg.endsWith(`:${port}`))) return Number(entry);
  }
  return null;
}

/** Simulated devices, each in its own process, as real phones are each their own hardware. */
async function startDevices(
  adb: IsolatedAdb,
  count: number,
): Promise<{ serials: string[]; pids: number[]; stop: () => Promise<void> }> {
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
    pids: children.map((entry) => entry.child.pid ?? 0),
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
  // The screenshot execution: the Operator answers take_screenshot, then the host captures.
  await agentCall(device, {
    ...base,
    commandId: `t${round}`,
    actions: [{ id: 't', type: 'take_screenshot' }],
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
  const hub = testHub({ env: { ANDROID_ADB_SERVER_PORT: String(adb.port), ANDROPERATOR_ADB: adb.bin } });
  const evidence = new EvidenceStore(join(directory, 'evidence'));
  const inFlight = new InFlightRegistry();
  const ports = adbSequencePorts(createRobotoMeasurer);
  const first = devices.serials[0] ?? '';
  let runs = 0;
  const ours = (serial: string) =>
    runSequence(
      { design: design(`core ${(runs += 1)}`), deviceId: serial, operatorPackage: PACKAGE },
      { resolver: hub, inFlight, evidence, ports },
    ).then((result) => {
      if (!result.ok || result.value.status !== 'succeeded')
        throw new Error(`sequence failed: ${JSON.stringify(result)}`);
    });
  try {
    const resolved = await hub.resolve(first);
    if (!resolved.ok) throw new Error(resolved.error.message);
    const client = resolved.value.client;
    const plain = plainAdbkit(adb.port).getDevice(first);

    // Warm-up: font registration, first screen renders (a phone's first frame encodes its whole screen), adbkit
    // connections, the capture-check worker; on every phone, so the eight-at-once rounds measure steady state.
    await Promise.all(devices.serials.map((serial) => ours(serial)));
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
    const plainOne: number[] = [];
    const plainEight: number[] = [];
    const plainDevices = devices.serials.map((serial) => plainAdbkit(adb.port).getDevice(serial));
    let plainRound = ROUNDS;
    await Promise.all(plainDevices.map((device) => plainSequence(device, directory, (plainRound += 1))));
    const serverPid = await adbServerPid(adb.port);
    const measured = [process.pid, serverPid ?? 0, ...devices.pids];
    const cpuEight = measured.map(() => 0);
    const cpuPlainEight = measured.map(() => 0);
    const sampleCpu = async (into: number[], work: () => Promise<unknown>): Promise<number> => {
      const before = await Promise.all(measured.map(processCpuMs));
      const elapsed = await timed(work);
      const after = await Promise.all(measured.map(processCpuMs));
      after.forEach((value, index) => (into[index]! += (value ?? 0) - (before[index] ?? 0)));
      return elapsed;
    };
    const eightRounds = Math.ceil(ROUNDS / 2);
    for (let round = 0; round < eightRounds; round += 1) {
      one.push(await timed(() => ours(first)));
      eight.push(await sampleCpu(cpuEight, () => Promise.all(devices.serials.map((serial) => ours(serial)))));
      plainOne.push(await timed(() => plainSequence(plain, directory, (plainRound += 1))));
      plainEight.push(
        await sampleCpu(cpuPlainEight, () =>
          Promise.all(plainDevices.map((device) => plainSequence(device, directory, (plainRound += 1)))),
        ),
      );
    }

    // Rows without a target are references: they say what this machine allows, not what the core achieves.
    const rows: Array<[string, number, number, number | null]> = [
      [
        'screenshot: core captureScreen vs adb exec-out screencap -p',
        median(captureOurs),
        median(captureAdb),
        1.0,
      ],
      [
        'sequence: core runSequence vs plain adbkit script',
        median(sequenceOurs),
        median(sequencePlain),
        1.15,
      ],
      ['8 devices at once vs 1 device (wall time)', median(eight), median(one), 2.0],
      [
        '  reference: plain adbkit script, 8 devices at once vs 1',
        median(plainEight),
        median(plainOne),
        null,
      ],
      [
        '  reference: 8 at once, core runSequence vs plain adbkit script',
        median(eight),
        median(plainEight),
        null,
      ],
    ];
    console.log(`bench/sequence: ${ROUNDS} rounds, median times, simulated phones over adb ${adb.port}`);
    console.log(`core CPU per sequence (this process): ${(coreCpuMs / ROUNDS).toFixed(1)} ms`);
    const perSequence = (ms: number) => (ms / (eightRounds * devices.serials.length)).toFixed(1);
    const cpuLine = (who: string, cpu: number[]) =>
      `  ${who}: client ${perSequence(cpu[0] ?? 0)} ms, ` +
      `adb server ${serverPid === null ? 'n/a' : `${perSequence(cpu[1] ?? 0)} ms`}, ` +
      `simulated phones ${perSequence(cpu.slice(2).reduce((sum, value) => sum + value, 0))} ms`;
    console.log(
      `CPU per sequence with 8 at once (/proc, 10 ms ticks; all share this machine's ${availableParallelism()} cores):`,
    );
    console.log(cpuLine('core runSequence  ', cpuEight));
    console.log(cpuLine('plain adbkit script', cpuPlainEight));
    for (const [name, value, baseline, target] of rows) {
      const ratio = value / baseline;
      const verdict =
        target === null
          ? '(reference)'
          : `(target <= ${target.toFixed(2)}x) ${ratio <= target ? 'OK' : 'MISSED'}`;
      console.log(
        `${name.padEnd(66)} ${value.toFixed(1).padStart(7)} ms vs ${baseline.toFixed(1).padStart(7)} ms  ratio ${ratio.toFixed(2)}x ${verdict}`,
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
