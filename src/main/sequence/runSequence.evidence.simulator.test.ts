// The evidence a sequence run gathers besides its steps, against a simulated phone through a real isolated adb
// server: a crash that happens during the run is in run.json and the result (the verdict unchanged), and the host's
// environment and foreground-app inspection after clear is recorded as such.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunRecord } from '../../shared/api/evidence';
import { createRobotoMeasurer } from '../../node/fonts/robotoMeasurer';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import { EvidenceStore } from '../evidence/evidenceStore';
import { InFlightRegistry } from '../execution/inFlight';
import { adbSequencePorts } from './adbPorts';
import { runSequence } from './runSequence';
import type { SequenceDependencies, SequenceProgress } from './types';

const PACKAGE = 'com.androperator.operator';
const DESIGN = { text: 'CRASH-001: checkout', backgroundColor: '#E6000080', anchor: 'right' as const };

let adb: IsolatedAdb;
let directory: string;
const running: SimulatedAndroid[] = [];

beforeAll(async () => {
  adb = await startIsolatedAdb();
});

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'androperator-sequence-evidence-'));
});

afterEach(async () => {
  for (const sim of running.splice(0)) await sim.close();
  await rm(directory, { recursive: true, force: true });
});

afterAll(async () => {
  await adb?.stop();
});

function dependencies(onProgress: (event: SequenceProgress) => void): SequenceDependencies {
  return {
    resolver: isolatedResolver(adb),
    inFlight: new InFlightRegistry(),
    evidence: new EvidenceStore(directory),
    ports: adbSequencePorts(createRobotoMeasurer),
    onProgress,
  };
}

async function runJson(runPath: string): Promise<RunRecord> {
  return JSON.parse(await readFile(join(runPath, 'run.json'), 'utf8')) as RunRecord;
}

describe('a sequence run during which the app crashes', () => {
  it('records the FATAL EXCEPTION report with its first lines in run.json and the result; the run still passes', async () => {
    const booted = await bootSimulated(adb);
    running.push(booted.sim);
    const app = booted.sim.device.state.foreground.packageName;
    if (app === null || app === undefined) throw new Error('the simulated phone shows no app');
    const crashed: string[] = [];
    // The app crashes once the panel is up, between set and the screenshot: inside the run's log window.
    const result = await runSequence(
      { design: DESIGN, deviceId: booted.serial, operatorPackage: PACKAGE, label: 'crash' },
      dependencies((event) => {
        if (event.step !== 'set' || event.status !== 'succeeded') return;
        const outcome = booted.sim.crashApp(app);
        crashed.push(outcome.ok ? 'crashed' : outcome.reason);
      }),
    );
    if (!result.ok) throw new Error(result.error.message);
    expect(crashed).toEqual(['crashed']);
    expect(result.value.status).toBe('succeeded');
    expect(result.value.captureCheck?.inCapture).toBe(true);
    const report = result.value.crashes;
    expect(report?.status).toBe('seen');
    const entry = report?.entries.find((seen) => seen.kind === 'crash');
    expect(entry).toMatchObject({ kind: 'crash', tag: 'AndroidRuntime', packageName: app });
    expect(entry?.line).toBe('FATAL EXCEPTION: main');
    expect(entry?.lines?.[0]).toBe('FATAL EXCEPTION: main');
    expect(entry?.lines?.[1]).toMatch(
      new RegExp(`^Process: ${app.replace(/\./g, '\\.')}, PID: ${entry?.pid}$`),
    );
    expect(entry?.lines?.some((line) => line.includes('java.lang.IllegalStateException'))).toBe(true);
    const record = await runJson(result.value.runPath);
    expect(record.status).toBe('succeeded');
    expect(record.crashes).toEqual(report);
    // The same report is in the run's log file the excerpt wrote.
    const log = await readFile(join(result.value.runPath, 'logcat.txt'), 'utf8');
    expect(log).toContain(`Process: ${app}, PID: ${entry?.pid}`);
  });
});

describe('the inspection after clear', () => {
  it('records the device environment and the foreground app as host observations after clear, with their status', async () => {
    const booted = await bootSimulated(adb);
    running.push(booted.sim);
    const { state } = booted.sim.device;
    const app = state.foreground.packageName;
    if (app === null || app === undefined) throw new Error('the simulated phone shows no app');
    const info = state.getPackage(app);
    const result = await runSequence(
      { design: DESIGN, deviceId: booted.serial, operatorPackage: PACKAGE },
      dependencies(() => undefined),
    );
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.status).toBe('succeeded');
    const record = await runJson(result.value.runPath);
    const inspection = record.inspection;
    expect(inspection).toMatchObject({
      source: 'host_diagnostics',
      observedAfter: 'clear',
      tools: ['inspect_android_environment', 'inspect_android_app'],
      environment: {
        status: 'complete',
        apiLevel: 35,
        androidRelease: state.getProperty('ro.build.version.release'),
        abi: state.getProperty('ro.product.cpu.abi'),
      },
      app: { packageName: app, isForeground: true, versionName: info?.versionName },
    });
    expect(['complete', 'partial']).toContain(inspection?.app?.status);
    expect(inspection?.environment?.memoryKib?.total).toBeGreaterThan(0);
    expect(inspection?.environment?.dataKib?.total).toBeGreaterThan(0);
    // Taken after the clear step answered, and the result carries the same record.
    const clear = record.steps.find((step) => step.name === 'clear');
    expect(Date.parse(inspection?.observedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(clear?.finishedAt ?? ''),
    );
    expect(result.value.inspection).toEqual(inspection);
    // What the device received: the inspection's read-only commands, after clear.
    const received = booted.sim.device.received().map((entry) => entry.service);
    expect(received.some((service) => service.includes('dumpsys activity activities'))).toBe(true);
    expect(received.some((service) => service.includes('getenforce'))).toBe(true);
  });
});
