import { mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NODE_FILE_OPERATIONS } from '../../node/fs/atomicWrite';
import { EvidenceStore } from '../evidence/evidenceStore';
import type { SimulatedAndroid, SimulatedAndroidOptions } from '../../simulator/simulatedAndroid';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { InFlightRegistry } from '../execution/inFlight';
import { runExecution } from '../execution/runExecution';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import { createRobotoMeasurer } from '../../node/fonts/robotoMeasurer';
import { adbSequencePorts } from './adbPorts';
import { runSequence } from './runSequence';
import type { SequenceDependencies, SequenceProgress } from './types';

// runSequence against simulated devices through a real, isolated adb server, with a real evidence store.

const PACKAGE = 'com.androperator.operator';
const DESIGN = { text: 'FLOW-001: Observe settings', backgroundColor: '#E6000080', anchor: 'right' as const };

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

async function runJson(runPath: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(runPath, 'run.json'), 'utf8')) as Record<string, unknown>;
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
});

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'androperator-sequence-'));
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
  await rm(directory, { recursive: true, force: true });
});

afterAll(async () => {
  await adb?.stop();
});

describe('runSequence', () => {
  it('sets, captures with the panel in the picture, clears, and records everything', async () => {
    const { sim, serial } = await boot();
    // The app under test logs a credential during the run window: the excerpt keeps the line, not the token.
    sim.device.state.appendLog({
      priority: 'D',
      tag: 'OkHttp',
      message: 'Authorization: Bearer run.secret.token',
      pid: 4242,
      tid: 4242,
    });
    const result = await runSequence(
      { design: DESIGN, deviceId: serial, operatorPackage: PACKAGE, label: 'smoke' },
      dependencies,
    );
    if (!result.ok) throw new Error(result.error.message);
    const value = result.value;
    expect(value.status).toBe('succeeded');
    expect(value.steps.map((step) => [step.step, step.status])).toEqual([
      ['set', 'succeeded'],
      ['screenshot', 'succeeded'],
      ['clear', 'succeeded'],
    ]);
    expect(value.captureCheck).toMatchObject({ inCapture: true });
    expect(value.captureCheck?.matchRatio).toBeGreaterThanOrEqual(0.9);
    expect(value.reportedBounds).toBeDefined();
    expect(value.predictedBounds).toEqual(value.reportedBounds);
    expect(sim.visiblePanel).toBeNull();
    expect(value.screenshot).toEqual({
      path: join(value.runPath, 'screenshot.png'),
      widthPx: 1080,
      heightPx: 2400,
    });
    const png = PNG.sync.read(await readFile(value.screenshot?.path ?? ''));
    expect([png.width, png.height]).toEqual([1080, 2400]);
    expect(events.map((event) => `${event.step}:${event.status}`)).toEqual([
      'set:running',
      'set:succeeded',
      'screenshot:running',
      'screenshot:succeeded',
      'clear:running',
      'clear:succeeded',
    ]);
    expect(events.every((event) => event.runId === value.runId)).toBe(true);
    expect(events[1]?.data?.bounds).toBeDefined();
    const record = await runJson(value.runPath);
    expect(record).toMatchObject({
      id: value.runId,
      label: 'smoke',
      status: 'succeeded',
      design: { ...DESIGN, backgroundColor: '#E6000080' },
      device: { serial, model: expect.any(String), sdkInt: 35 },
      screenshot: { file: 'screenshot.png', widthPx: 1080, heightPx: 2400 },
      captureCheck: { inCapture: true },
      reportedBounds: value.reportedBounds,
      predictedBounds: value.predictedBounds,
    });
    const steps = record.steps as Array<Record<string, unknown>>;
    expect(steps.map((step) => step.name)).toEqual(['set', 'screenshot', 'clear']);
    for (const step of steps) {
      expect(step).toMatchObject({
        status: 'succeeded',
        payload: { taskId: value.runId },
        envelope: { status: 'success' },
      });
      expect(typeof step.durationMs).toBe('number');
    }
    expect((await readdir(value.runPath)).sort()).toEqual(['logcat.txt', 'run.json', 'screenshot.png']);
    const complete = { status: 'complete', file: 'logcat.txt', limitReached: false, redactions: 1 };
    expect(record.logExcerpt).toMatchObject(complete);
    expect(value.logExcerpt).toEqual(record.logExcerpt);
    const excerpt = record.logExcerpt as { entries: number; fromEpochS: number; toEpochS: number };
    expect(excerpt.toEpochS - excerpt.fromEpochS).toBeGreaterThanOrEqual(2);
    const lines = (await readFile(join(value.runPath, 'logcat.txt'), 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(excerpt.entries);
    const okhttp = lines.find((line) => line.includes(' OkHttp: '));
    expect(okhttp).toMatch(/^\d+\.\d{3}\s+4242\s+4242 D OkHttp: Authorization: /);
    expect(lines.join('\n')).not.toContain('run.secret.token');
    // The device log is read once clear has answered, with a window on the device's own clock.
    const services = sim.device.received().map((entry) => entry.service);
    const logcat = services.findIndex((service) =>
      /logcat -d -v threadtime,epoch -t \d+\.000 -m 500/.test(service),
    );
    expect(logcat).toBeGreaterThan(services.findIndex((service) => service.includes('date +%s')));
  });

  it('records a capture without the panel as inCapture false', async () => {
    const { sim, serial } = await boot();
    sim.faults.excludePanelFromCapture = true;
    const result = await runSequence(
      { design: DESIGN, deviceId: serial, operatorPackage: PACKAGE },
      dependencies,
    );
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.captureCheck).toMatchObject({ inCapture: false });
    expect(result.value.steps.every((step) => step.status === 'succeeded')).toBe(true);
    const record = await runJson(result.value.runPath);
    expect(record).toMatchObject({
      captureCheck: { inCapture: false },
      screenshot: { file: 'screenshot.png' },
    });
  });

  it('skips the screenshot when set fails, still clears, and fails the run', async () => {
    const { sim, serial } = await boot();
    sim.faults.drawAcknowledgement = 'withhold';
    const result = await runSequence(
      { design: DESIGN, deviceId: serial, operatorPackage: PACKAGE },
      dependencies,
    );
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.status).toBe('failed');
    expect(result.value.steps.map((step) => step.status)).toEqual(['failed', 'skipped', 'succeeded']);
    expect(result.value.steps[1]?.reason).toContain('Clear still runs');
    expect(result.value.screenshot).toBeUndefined();
    expect(result.value.captureCheck).toBeUndefined();
    expect(events.map((event) => `${event.step}:${event.status}`)).toEqual([
      'set:running',
      'set:failed',
      'screenshot:skipped',
      'clear:running',
      'clear:succeeded',
    ]);
    expect(events[1]?.error?.code).toBe('ON_SCREEN_LOG_RENDER_TIMEOUT');
    const record = await runJson(result.value.runPath);
    expect(record).toMatchObject({
      status: 'failed',
      steps: [
        { name: 'set', status: 'failed', error: { code: 'ON_SCREEN_LOG_RENDER_TIMEOUT' } },
        { name: 'screenshot', status: 'skipped' },
        { name: 'clear', status: 'succeeded' },
      ],
    });
  });

  it('fails the run when the device is unplugged mid-run, keeps the evidence, and still attempts clear', async () => {
    const { sim, serial } = await boot();
    const unplugged: Promise<void>[] = [];
    dependencies.onProgress = (event) => {
      events.push(event);
      if (event.step === 'set' && event.status === 'succeeded')
        unplugged.push(sim.device.unplug({ keepListening: false }));
    };
    const result = await runSequence(
      { design: DESIGN, deviceId: serial, operatorPackage: PACKAGE, timeoutMs: 2000 },
      dependencies,
    );
    await Promise.all(unplugged);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.status).toBe('failed');
    expect(result.value.steps.map((step) => step.status)).toEqual(['succeeded', 'failed', 'failed']);
    expect(result.value.steps[2]?.error?.details).toMatchObject({ deviceId: serial });
    expect(events.map((event) => `${event.step}:${event.status}`)).toContain('clear:running');
    const record = await runJson(result.value.runPath);
    expect(record).toMatchObject({
      status: 'failed',
      steps: [
        { name: 'set', status: 'succeeded', envelope: { status: 'success' } },
        { name: 'screenshot', status: 'failed', error: { code: expect.any(String) } },
        { name: 'clear', status: 'failed', payload: { actions: [{ type: 'clear_on_screen_log' }] } },
      ],
    });
  });

  it('runs sequences on two devices at the same time, each in its own run', async () => {
    const first = await boot();
    const second = await boot({ profile: 'tablet' });
    const group = { id: 'g-two-devices', size: 2 };
    const [a, b] = await Promise.all([
      runSequence(
        { design: DESIGN, deviceId: first.serial, operatorPackage: PACKAGE, group: { ...group, index: 0 } },
        dependencies,
      ),
      runSequence(
        { design: DESIGN, deviceId: second.serial, operatorPackage: PACKAGE, group: { ...group, index: 1 } },
        dependencies,
      ),
    ]);
    if (!a.ok || !b.ok) throw new Error('a sequence failed to run');
    expect((await runJson(a.value.runPath)).group).toEqual({ ...group, index: 0 });
    expect((await runJson(b.value.runPath)).group).toEqual({ ...group, index: 1 });
    const listed = await new EvidenceStore(directory).listRuns();
    if (!listed.ok) throw new Error(listed.error.message);
    expect(listed.value.runs.map((run) => [run.groupId, run.groupIndex]).sort()).toEqual([
      ['g-two-devices', 0],
      ['g-two-devices', 1],
    ]);
    expect([a.value.status, b.value.status]).toEqual(['succeeded', 'succeeded']);
    expect(a.value.runId).not.toBe(b.value.runId);
    expect([a.value.captureCheck?.inCapture, b.value.captureCheck?.inCapture]).toEqual([true, true]);
    expect(b.value.screenshot).toMatchObject({ widthPx: 2560, heightPx: 1600 });
  });

  it('holds the device for the whole run: another execution on it is refused with the run named', async () => {
    const { sim, serial } = await boot();
    sim.faults.drawAcknowledgement = { delayMs: 300 };
    const started = new Promise<SequenceProgress>((resolve) => {
      dependencies.onProgress = (event) => {
        if (event.step === 'set' && event.status === 'running') resolve(event);
      };
    });
    const sequence = runSequence(
      { design: DESIGN, deviceId: serial, operatorPackage: PACKAGE },
      dependencies,
    );
    const event = await Promise.race([
      started,
      sequence.then((result) => {
        throw new Error(`the sequence ended before its set step started: ${JSON.stringify(result)}`);
      }),
    ]);
    const other = await runExecution(
      {
        commandId: 'intruder',
        taskId: 'intruder',
        source: 'test',
        expectedFormat: 'android-ui-automator',
        timeoutMs: 5000,
        actions: [{ id: 'c', type: 'clear_on_screen_log' }],
      },
      { deviceId: serial, operatorPackage: PACKAGE },
      dependencies,
    );
    expect(other).toMatchObject({
      ok: false,
      error: {
        code: 'EXECUTION_CONFLICT_IN_FLIGHT',
        details: { runningRunId: event.runId, runningCommandId: `${event.runId}-set` },
      },
    });
    const done = await sequence;
    expect(done.ok && done.value.status).toBe('succeeded');
  });

  it('rejects an invalid design before creating a run or touching the device', async () => {
    const { sim, serial } = await boot();
    const executes = vi.spyOn(sim.operator, 'execute');
    const result = await runSequence(
      { design: { text: 'x', widthDp: 79 }, deviceId: serial, operatorPackage: PACKAGE },
      dependencies,
    );
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'EXECUTION_VALIDATION_FAILED', details: { path: 'params.widthDp' } },
    });
    expect(executes).not.toHaveBeenCalled();
    expect(await readdir(directory)).toEqual([]);
  });

  it('omits predictedBounds when hello does not answer, and still runs', async () => {
    const { sim, serial } = await boot();
    // The Operator never answers hello (execute still works): the run must not depend on the description.
    vi.spyOn(sim.operator, 'describe').mockReturnValue(new Promise(() => undefined));
    const result = await runSequence(
      { design: DESIGN, deviceId: serial, operatorPackage: PACKAGE, timeoutMs: 1000 },
      dependencies,
    );
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.status).toBe('succeeded');
    expect(result.value.reportedBounds).toBeDefined();
    expect(result.value).not.toHaveProperty('predictedBounds');
    expect(await runJson(result.value.runPath)).not.toHaveProperty('predictedBounds');
  });

  it('refuses an unknown device with host details and creates no run', async () => {
    await boot();
    const result = await runSequence(
      { design: DESIGN, deviceId: 'emulator-9999', operatorPackage: PACKAGE },
      dependencies,
    );
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'DEVICE_NOT_FOUND',
        details: { phase: 'readiness', dispatchState: 'not_dispatched', deviceId: 'emulator-9999' },
      },
    });
    expect(await readdir(directory)).toEqual([]);
  });

  it('writes each step to run.json as it finishes, while the run goes on', async () => {
    const { sim, serial } = await boot();
    sim.faults.screencap.delayMs = 600;
    const started = runSequence({ design: DESIGN, deviceId: serial, operatorPackage: PACKAGE }, dependencies);
    let finished = false;
    void started.then(() => (finished = true));
    await vi.waitFor(() => expect(events.some((event) => event.step === 'screenshot')).toBe(true), {
      timeout: 3000,
    });
    const runPath = join(directory, events[0]?.runId ?? '');
    await vi.waitFor(
      async () => {
        const record = await runJson(runPath);
        expect(record.status).toBe('running');
        expect((record.steps as unknown[])[0]).toMatchObject({ name: 'set', status: 'succeeded' });
      },
      { timeout: 500, interval: 10 },
    );
    expect(finished).toBe(false);
    const result = await started;
    if (!result.ok) throw new Error(result.error.message);
    expect(await runJson(runPath)).toMatchObject({ status: 'succeeded' });
  });

  it('keeps cleaning the device when run.json cannot be rewritten, and reports the evidence error', async () => {
    const { sim, serial } = await boot();
    let renames = 0;
    const evidence = new EvidenceStore(directory, {
      fileOperations: {
        ...NODE_FILE_OPERATIONS,
        // createRun renames once (its staging folder into place); every later write fails.
        rename: async (from, to) => {
          renames += 1;
          if (renames > 1) throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
          return rename(from, to);
        },
      },
    });
    const result = await runSequence(
      { design: DESIGN, deviceId: serial, operatorPackage: PACKAGE },
      { ...dependencies, evidence },
    );
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.steps.map((step) => step.status)).toEqual(['succeeded', 'failed', 'succeeded']);
    expect(result.value.evidenceError?.code).toBe('EVIDENCE_WRITE_FAILED');
    // The pixels were checked as they arrived, but no screenshot was stored for the check to vouch for.
    expect(result.value.screenshot).toBeUndefined();
    expect(result.value.captureCheck).toBeUndefined();
    expect(sim.visiblePanel).toBeNull();
    expect(await runJson(result.value.runPath)).toMatchObject({ status: 'running', steps: [] });
  });
});
