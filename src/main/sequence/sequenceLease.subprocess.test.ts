// A second process acting mid-sequence (issue 13 §1): the sequence runs here, over its own adb connection, while
// the built CLI (bin/androperator.js, another process with its own hub) tries to replace or clear the panel. The
// device is the arbiter: it refuses the other caller naming the holder, and a panel that changed between set and
// clear fails the run.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createRobotoMeasurer } from '../../node/fonts/robotoMeasurer';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import { EvidenceStore } from '../evidence/evidenceStore';
import { dispatchExecution } from '../execution/dispatch';
import { InFlightRegistry } from '../execution/inFlight';
import { leaseOwner } from '../operator/deviceLease';
import { adbSequencePorts } from './adbPorts';
import { runSequence } from './runSequence';
import type { SequenceDependencies, SequenceProgress } from './types';

const BIN = join(fileURLToPath(new URL('../../..', import.meta.url)), 'bin', 'androperator.js');
const PACKAGE = 'com.androperator.operator';
const DESIGN = { text: 'INTERLEAVE', backgroundColor: '#E6000080', anchor: 'right' as const };

let adb: IsolatedAdb;
let directory: string;
let dependencies: SequenceDependencies;
let screenshotStarted: Promise<void>;
const running: SimulatedAndroid[] = [];

interface CliRun {
  pid: number | undefined;
  done: Promise<{ code: number | null; json: Record<string, unknown> }>;
}

/** The built CLI against the isolated adb server, as another user's terminal would run it. */
async function cli(argv: readonly string[]): Promise<{ code: number | null; json: Record<string, unknown> }> {
  return start(argv).done;
}

function start(argv: readonly string[]): CliRun {
  const child = spawn(process.execPath, [BIN, ...argv], {
    env: {
      ...process.env,
      ...adb.env,
      ANDROID_ADB_SERVER_PORT: String(adb.port),
      ANDROPERATOR_EVIDENCE_DIR: join(directory, 'cli-evidence'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const done = new Promise<number | null>((resolve) => child.once('exit', resolve)).then((code) => {
    try {
      return { code, json: JSON.parse(stdout) as Record<string, unknown> };
    } catch {
      return { code, json: { stdout } };
    }
  });
  return { pid: child.pid, done };
}

/** Holds the device's screencap until `open()`, so another process can act while the run captures. */
function holdCapture(sim: SimulatedAndroid): { entered: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let entered = (): void => undefined;
  const enteredPromise = new Promise<void>((resolve) => (entered = resolve));
  sim.device.setCaptureScreen(async () => {
    entered();
    await gate;
    return sim.capture();
  });
  return { entered: enteredPromise, open };
}

async function boot(): Promise<{ sim: SimulatedAndroid; serial: string }> {
  const booted = await bootSimulated(adb);
  running.push(booted.sim);
  return booted;
}

beforeAll(async () => {
  const buildError = inject('nodeBuildError');
  if (buildError !== '')
    throw new Error(`scripts/build-node.mjs failed, so the CLI bundle is stale:\n${buildError}`);
  adb = await startIsolatedAdb();
});

/**
 * The capture is held while CLI processes start and act (seconds each on a loaded machine): the run's budget must
 * outlast them, so the test waits for the hold to open, never for a deadline.
 */
const HELD_TIMEOUT_MS = 120_000;
const LEASE_TTL_MS = 4000;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'androperator-lease-'));
  let started = (): void => undefined;
  screenshotStarted = new Promise<void>((resolve) => (started = resolve));
  dependencies = {
    resolver: isolatedResolver(adb),
    inFlight: new InFlightRegistry(),
    evidence: new EvidenceStore(join(directory, 'evidence')),
    // A short lease renewed often (16 renewals per TTL, so only a stall of seconds loses it on a busy machine):
    // the first test holds the capture for longer than one TTL.
    ports: adbSequencePorts(createRobotoMeasurer, { ttlMs: LEASE_TTL_MS, renewEveryMs: 250 }),
    onProgress: (event: SequenceProgress) => {
      if (event.step === 'screenshot' && event.status === 'running') started();
    },
  };
});

afterEach(async () => {
  for (const sim of running.splice(0)) await sim.close();
  await rm(directory, { recursive: true, force: true });
});

afterAll(async () => {
  await adb?.stop();
});

describe('a second process acting mid-sequence', () => {
  it('is refused by the device naming the holder, and the run keeps its own panel', async () => {
    const { sim, serial } = await boot();
    const capture = holdCapture(sim);
    const sequence = runSequence(
      { design: DESIGN, deviceId: serial, operatorPackage: PACKAGE, timeoutMs: HELD_TIMEOUT_MS },
      dependencies,
    );
    await capture.entered;
    const heldSince = Date.now();
    const drawn = sim.visiblePanel;
    expect(drawn?.backgroundColor).toBe('#E6000080');

    const intruder = await cli(['on-screen-log', 'set', '--text', 'INTRUDER', '--device', serial]);
    const clear = await cli(['on-screen-log', 'clear', '--device', serial]);
    for (const refused of [intruder, clear]) {
      expect(refused.code).toBe(1);
      expect(refused.json).toMatchObject({
        code: 'EXECUTION_CONFLICT_IN_FLIGHT',
        message: expect.stringContaining(leaseOwner('androperator sequence')),
        details: { holder: { owner: leaseOwner('androperator sequence'), expiresInMs: expect.any(Number) } },
      });
    }
    // The hold outlasts one TTL (the CLI runs usually take longer), so only renewals can have kept the lease.
    const remainingMs = LEASE_TTL_MS + 500 - (Date.now() - heldSince);
    if (remainingMs > 0) await new Promise((resolve) => setTimeout(resolve, remainingMs));
    expect(sim.visiblePanel).toBe(drawn);
    capture.open();

    const result = await sequence;
    if (!result.ok) throw new Error(result.error.message);
    const run = result.value;
    expect(run.status).toBe('succeeded');
    expect(run.lease).toEqual({
      status: 'held',
      owner: leaseOwner('androperator sequence'),
      ttlMs: LEASE_TTL_MS,
    });
    expect(run.interference).toBeUndefined();
    expect(run.panelGeneration).toEqual({ set: drawn?.generation, beforeClear: drawn?.generation });
    expect(run.captureCheck?.inCapture).toBe(true);
    const record = JSON.parse(await readFile(join(run.runPath, 'run.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(record).toMatchObject({ status: 'succeeded', lease: { status: 'held' } });

    // Released after clear: the other process may act now.
    const after = await cli(['on-screen-log', 'set', '--text', 'INTRUDER', '--device', serial]);
    expect(after.code).toBe(0);
    expect(sim.visiblePanel).not.toBeNull();
  });

  it('holds the device for a CLI sequence too: this process is refused, naming the CLI process', async () => {
    const { sim, serial } = await boot();
    const capture = holdCapture(sim);
    const sequence = start(['sequence', '--text', 'INTERLEAVE', '--device', serial]);
    await capture.entered;
    const target = { client: adb.client, serial, operatorPackage: PACKAGE };
    const refused = await dispatchExecution(target, {
      commandId: 'intruder',
      taskId: 'intruder',
      source: 'test',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 5000,
      actions: [{ id: 'set', type: 'set_on_screen_log', params: { text: 'INTRUDER' } }],
    });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'EXECUTION_CONFLICT_IN_FLIGHT',
        details: {
          holder: { owner: expect.stringContaining(`androperator sequence (pid ${sequence.pid} on `) },
        },
      },
    });
    capture.open();
    const run = await sequence.done;
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({
      status: 'succeeded',
      lease: { status: 'held', owner: expect.stringContaining(`pid ${sequence.pid} `) },
      captureCheck: { inCapture: true },
    });
  });

  it('fails the run when the panel shown after the capture is not the generation set drew', async () => {
    const { sim, serial } = await boot();
    const capture = holdCapture(sim);
    const sequence = runSequence(
      { design: DESIGN, deviceId: serial, operatorPackage: PACKAGE, timeoutMs: HELD_TIMEOUT_MS },
      dependencies,
    );
    await capture.entered;
    const drawn = sim.visiblePanel?.generation;
    // A display-size change redraws the panel as a new generation while the host is capturing.
    sim.state.setDensityOverride(480);
    capture.open();

    const result = await sequence;
    if (!result.ok) throw new Error(result.error.message);
    const run = result.value;
    expect(run.steps.map((step) => step.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(run.status).toBe('failed');
    expect(run.interference).toMatchObject({
      code: 'EVIDENCE_PANEL_REPLACED',
      details: { drawnGeneration: drawn, shownGeneration: expect.any(Number) },
    });
    expect(run.panelGeneration?.set).toBe(drawn);
    expect(run.panelGeneration?.beforeClear).not.toBe(drawn);
    const record = JSON.parse(await readFile(join(run.runPath, 'run.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(record).toMatchObject({ status: 'failed', interference: { code: 'EVIDENCE_PANEL_REPLACED' } });
    // Nothing was replayed: one set, one screenshot, one clear, and the panel is gone.
    expect(run.steps.map((step) => step.commandId)).toEqual([
      `${run.runId}-set`,
      `${run.runId}-screenshot`,
      `${run.runId}-clear`,
    ]);
    expect(sim.visiblePanel).toBeNull();
  });

  it('falls back to an unleased run with a warning on an Operator that predates leases', async () => {
    const { sim, serial } = await boot();
    sim.operator.legacyProtocol = true;
    const capture = holdCapture(sim);
    const sequence = runSequence(
      { design: DESIGN, deviceId: serial, operatorPackage: PACKAGE, timeoutMs: HELD_TIMEOUT_MS },
      dependencies,
    );
    await Promise.all([capture.entered, screenshotStarted]);
    // Today's behaviour, now flagged: the old Operator lets the other process in.
    const intruder = await cli(['on-screen-log', 'set', '--text', 'INTRUDER', '--device', serial]);
    expect(intruder.code).toBe(0);
    capture.open();

    const result = await sequence;
    if (!result.ok) throw new Error(result.error.message);
    const run = result.value;
    expect(run.lease).toMatchObject({
      status: 'unsupported',
      warning: expect.stringMatching(/does not grant device leases.*Update the Operator app/),
    });
    expect(run.panelGeneration).toBeUndefined();
    const record = JSON.parse(await readFile(join(run.runPath, 'run.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(record).toMatchObject({ lease: { status: 'unsupported' } });
  });
});
