import { chmod, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRobotoMeasurer } from '../../node/fonts/robotoMeasurer';
import { NODE_FILE_OPERATIONS } from '../../node/fs/atomicWrite';
import type { SimulatedAndroid, SimulatedAndroidOptions } from '../../simulator/simulatedAndroid';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import { EvidenceStore } from '../evidence/evidenceStore';
import { InFlightRegistry } from '../execution/inFlight';
import { runExecution } from '../execution/runExecution';
import { adbSequencePorts } from './adbPorts';
import { runSequence } from './runSequence';
import type { SequenceStep } from '../../shared/api/sequence';
import type { SequenceDependencies, SequenceProgress } from './types';

// The fault matrix of docs/architecture.md ("Faults a sequence survives"): each fault hits a real sequence on a
// simulated phone through a real adb server, and each run ends in a structured error, keeps the evidence captured
// before the fault, and sends every execution to the device at most once (nothing is replayed).
// Device-side stalls are far longer than the run's budget (timeoutMs + 5000), so a run that finishes at all proves
// the host's wait was bounded; no wall-clock threshold is asserted.

const PACKAGE = 'com.androperator.operator';
const DESIGN = { text: 'FAULT-MATRIX', anchor: 'right' as const };
const TIMEOUT_MS = 2000;
/** A device stall no bounded host wait can sit out. */
const STALL_MS = 600_000;

let adb: IsolatedAdb;
let directory: string;
let events: SequenceProgress[];
let dependencies: SequenceDependencies;
const running: SimulatedAndroid[] = [];

async function boot(
  options: SimulatedAndroidOptions = {},
): Promise<{ sim: SimulatedAndroid; serial: string }> {
  const booted = await bootSimulated(adb, options);
  running.push(booted.sim);
  return booted;
}

function run(serial: string, overrides: Partial<SequenceDependencies> = {}) {
  return runSequence(
    { design: DESIGN, deviceId: serial, operatorPackage: PACKAGE, timeoutMs: TIMEOUT_MS },
    { ...dependencies, ...overrides },
  );
}

async function runJson(runPath: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(runPath, 'run.json'), 'utf8')) as Record<string, unknown>;
}

/** An evidence store whose renames fail with `code` after the first `allowed` (tests run as root: chmod would not). */
function failingEvidence(allowed: number, code: 'EROFS' | 'ENOSPC'): EvidenceStore {
  let renames = 0;
  return new EvidenceStore(directory, {
    fileOperations: {
      ...NODE_FILE_OPERATIONS,
      rename: async (from, to) => {
        renames += 1;
        if (renames > allowed) throw Object.assign(new Error(`simulated ${code}`), { code });
        return rename(from, to);
      },
    },
  });
}

/** A step's error code: a host failure's, or the one the (rewritten) envelope reports. */
function codeOf(step: SequenceStep | undefined): string | undefined {
  return step?.error?.code ?? step?.envelope?.errorCode ?? undefined;
}

/** Every execute the Operator received carried a distinct commandId: nothing was sent twice. */
function expectNoReplay(sim: SimulatedAndroid): void {
  const ids = sim.operator.receivedExecutions.map((execution) => execution.commandId);
  expect(ids.length).toBeGreaterThan(0);
  expect(new Set(ids).size).toBe(ids.length);
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
});

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'androperator-faults-'));
  events = [];
  dependencies = {
    resolver: isolatedResolver(adb),
    inFlight: new InFlightRegistry(),
    evidence: new EvidenceStore(directory),
    ports: adbSequencePorts(createRobotoMeasurer),
    onProgress: (event) => events.push(event),
  };
});

afterEach(async () => {
  for (const sim of running.splice(0)) await sim.close();
  await chmod(directory, 0o700).catch(() => undefined);
  await rm(directory, { recursive: true, force: true });
});

afterAll(async () => {
  await adb?.stop();
});

describe('faults a sequence survives', () => {
  it('device unplugged mid-sequence: the capture and clear fail with codes; set stays recorded', async () => {
    const { sim, serial } = await boot();
    const unplugged: Array<Promise<void>> = [];
    dependencies.onProgress = (event) => {
      if (event.step === 'set' && event.status === 'succeeded')
        unplugged.push(sim.device.unplug({ keepListening: false }));
    };
    const result = await run(serial);
    await Promise.all(unplugged);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.status).toBe('failed');
    expect(result.value.steps.map((step) => step.status)).toEqual(['succeeded', 'failed', 'failed']);
    for (const step of result.value.steps.slice(1)) expect(codeOf(step)).toMatch(/^[A-Z_]+$/);
    expect(await runJson(result.value.runPath)).toMatchObject({
      status: 'failed',
      steps: [{ name: 'set', status: 'succeeded', envelope: { status: 'success' } }, {}, {}],
    });
    expectNoReplay(sim);
  });

  it('Operator disabled: set fails with the service error, nothing is captured, clear is still attempted', async () => {
    const { sim, serial } = await boot({ serviceEnabled: false });
    const result = await run(serial);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.status).toBe('failed');
    expect(result.value.steps[0]?.status).toBe('failed');
    expect(codeOf(result.value.steps[0])).toMatch(
      /^(ON_SCREEN_LOG_SERVICE_UNAVAILABLE|OPERATOR_NOT_ENABLED|SERVICE_UNAVAILABLE)$/,
    );
    expect(result.value.steps[1]?.status).toBe('skipped');
    expect(result.value.screenshot).toBeUndefined();
    expect(sim.visiblePanel).toBeNull();
  });

  it('draw acknowledgement withheld: set fails with ON_SCREEN_LOG_RENDER_TIMEOUT, no screenshot, clear runs', async () => {
    const { sim, serial } = await boot();
    sim.faults.drawAcknowledgement = 'withhold';
    const result = await run(serial);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.steps.map((step) => step.status)).toEqual(['failed', 'skipped', 'succeeded']);
    expect(events.find((event) => event.step === 'set' && event.status === 'failed')?.error?.code).toBe(
      'ON_SCREEN_LOG_RENDER_TIMEOUT',
    );
    expect(sim.visiblePanel).toBeNull();
    expectNoReplay(sim);
  });

  it('agent socket dropped during set: RESULT_TRANSPORT_FAILED with the dispatch unknown, never resent', async () => {
    const { sim, serial } = await boot();
    sim.operator.armDropNextExecute();
    const result = await run(serial);
    if (!result.ok) throw new Error(result.error.message);
    const set = result.value.steps[0];
    expect(set?.status).toBe('failed');
    expect(set?.error).toMatchObject({
      code: 'RESULT_TRANSPORT_FAILED',
      details: { dispatchState: 'unknown' },
    });
    const setExecutions = sim.operator.receivedExecutions.filter((execution) =>
      execution.actions.includes('set_on_screen_log'),
    );
    expect(setExecutions).toHaveLength(1);
    expectNoReplay(sim);
  });

  it('screencap that never answers: the capture fails within its budget; set is kept and clear succeeds', async () => {
    const { sim, serial } = await boot();
    sim.faults.screencap = { delayMs: STALL_MS, fail: false };
    const result = await run(serial);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.steps.map((step) => step.status)).toEqual(['succeeded', 'failed', 'succeeded']);
    expect(codeOf(result.value.steps[1])).toBe('EVIDENCE_CAPTURE_FAILED');
    expect(await runJson(result.value.runPath)).toMatchObject({
      status: 'failed',
      steps: [
        { name: 'set', status: 'succeeded' },
        { name: 'screenshot', status: 'failed' },
        { name: 'clear' },
      ],
    });
    expect(sim.visiblePanel).toBeNull();
    expectNoReplay(sim);
  });

  it('failing screencap: EVIDENCE_CAPTURE_FAILED with the device message; clear succeeds', async () => {
    const { sim, serial } = await boot();
    sim.faults.screencap = { delayMs: 0, fail: true };
    const result = await run(serial);
    if (!result.ok) throw new Error(result.error.message);
    expect(codeOf(result.value.steps[1])).toBe('EVIDENCE_CAPTURE_FAILED');
    expect(result.value.steps[1]?.envelope?.stepResults[0]?.data.message).toContain(
      'SurfaceFlinger capture failed',
    );
    expect(result.value.steps[2]?.status).toBe('succeeded');
    expectNoReplay(sim);
  });

  it('evidence directory turned read-only mid-run: the run is failed with the evidence error, the device is cleaned', async () => {
    const { sim, serial } = await boot();
    // The file system answers EROFS once the run folder exists.
    const evidence = failingEvidence(1, 'EROFS');
    const result = await run(serial, { evidence });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.status).toBe('failed');
    expect(result.value.evidenceError?.code).toBe('EVIDENCE_WRITE_FAILED');
    expect(sim.visiblePanel).toBeNull();
    expectNoReplay(sim);
  });

  it('evidence disk full: ENOSPC fails the run with EVIDENCE_WRITE_FAILED, and nothing is resent', async () => {
    const { sim, serial } = await boot();
    const evidence = failingEvidence(2, 'ENOSPC');
    const result = await run(serial, { evidence });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.status).toBe('failed');
    expect(result.value.evidenceError?.code).toBe('EVIDENCE_WRITE_FAILED');
    expectNoReplay(sim);
  });

  it('another caller acting mid-sequence is refused by the device lease; the run keeps its own panel', async () => {
    const { sim, serial } = await boot();
    sim.faults.screencap = { delayMs: 1500, fail: false };
    let intruder: Promise<unknown> | undefined;
    dependencies.onProgress = (event) => {
      if (event.step === 'screenshot' && event.status === 'running')
        // A second process's view: its own in-flight registry, so only the device can stop it.
        intruder = runExecution(
          {
            taskId: 'intruder',
            commandId: 'intruder-set',
            source: 'test',
            expectedFormat: 'android-ui-automator',
            timeoutMs: TIMEOUT_MS,
            actions: [{ id: 'x', type: 'set_on_screen_log', params: { text: 'INTRUDER' } }],
          },
          { deviceId: serial, operatorPackage: PACKAGE },
          { resolver: isolatedResolver(adb), inFlight: new InFlightRegistry() },
        );
    };
    const result = await run(serial);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.status).toBe('succeeded');
    expect(result.value.captureCheck?.inCapture).toBe(true);
    const refused = (await intruder) as { ok: boolean; error?: { code: string; message: string } };
    expect(refused).toMatchObject({ ok: false, error: { code: 'EXECUTION_CONFLICT_IN_FLIGHT' } });
    expect(refused.error?.message).toContain('androperator sequence');
    expectNoReplay(sim);
  });
});

describe('adb server killed mid-sequence', () => {
  it('the capture and clear end in structured errors; set stays recorded', async () => {
    const own = await startIsolatedAdb();
    try {
      const booted = await bootSimulated(own);
      running.push(booted.sim);
      // The capture stalls until the server is gone, so the screenshot step always meets the dead server (without
      // it, a fast capture could finish before kill-server does).
      booted.sim.faults.screencap = { delayMs: STALL_MS, fail: false };
      const killed: Array<Promise<unknown>> = [];
      const result = await runSequence(
        { design: DESIGN, deviceId: booted.serial, operatorPackage: PACKAGE, timeoutMs: TIMEOUT_MS },
        {
          ...dependencies,
          resolver: isolatedResolver(own),
          onProgress: (event) => {
            if (event.step === 'set' && event.status === 'succeeded') killed.push(own.adb(['kill-server']));
          },
        },
      );
      await Promise.all(killed);
      if (!result.ok) throw new Error(result.error.message);
      expect(result.value.status).toBe('failed');
      expect(result.value.steps[0]?.status).toBe('succeeded');
      expect(result.value.steps[1]?.status).toBe('failed');
      expect(codeOf(result.value.steps[1])).toMatch(/^[A-Z_]+$/);
      expect(codeOf(result.value.steps[2])).toMatch(/^[A-Z_]+$/);
      expect(await runJson(result.value.runPath)).toMatchObject({
        steps: [{ name: 'set', status: 'succeeded' }, { name: 'screenshot' }, { name: 'clear' }],
      });
      expectNoReplay(booted.sim);
    } finally {
      await own.stop();
    }
  });
});
