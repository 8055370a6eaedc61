import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRobotoMeasurer } from '../../node/fonts/robotoMeasurer';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { EvidenceStore } from '../evidence/evidenceStore';
import { InFlightRegistry } from '../execution/inFlight';
import { adbSequencePorts } from './adbPorts';
import { runSequence } from './runSequence';

// run.json's context: what the Operator's hello (behind take_screenshot) said about the device at the capture,
// after the device was changed through real adb.

const PACKAGE = 'com.androperator.operator';
const DESIGN = { text: 'FLOW-001: Observe settings', anchor: 'right' as const };

let adb: IsolatedAdb;
let directory: string;
const running: SimulatedAndroid[] = [];

beforeAll(async () => {
  adb = await startIsolatedAdb();
  directory = await mkdtemp(join(tmpdir(), 'androperator-context-'));
});

afterEach(async () => {
  for (const sim of running.splice(0)) await sim.close();
});

afterAll(async () => {
  await adb?.stop();
  await rm(directory, { recursive: true, force: true });
});

async function runJson(runPath: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(runPath, 'run.json'), 'utf8')) as Record<string, unknown>;
}

const dependencies = () => ({
  resolver: isolatedResolver(adb),
  inFlight: new InFlightRegistry(),
  evidence: new EvidenceStore(directory),
  ports: adbSequencePorts(createRobotoMeasurer),
});

async function boot() {
  const booted = await bootSimulated(adb);
  running.push(booted.sim);
  return booted;
}

describe('run context', () => {
  it('records the device context the Operator saw at the capture: locale, display, foreground app and version', async () => {
    const { serial } = await boot();
    await adb.adb(['-s', serial, 'shell', 'simctl locale de-DE']);
    await adb.adb([
      '-s',
      serial,
      'shell',
      'monkey -p com.shoply.android -c android.intent.category.LAUNCHER 1',
    ]);
    const result = await runSequence(
      { design: DESIGN, deviceId: serial, operatorPackage: PACKAGE },
      dependencies(),
    );
    if (!result.ok) throw new Error(result.error.message);
    const record = await runJson(result.value.runPath);
    expect(record.context).toEqual({
      source: 'operator_hello',
      observedAt: expect.any(String),
      androidRelease: '15',
      display: { widthPx: 1080, heightPx: 2400, densityDpi: 420, fontScale: 1, rotation: 0 },
      locale: 'de-DE',
      foregroundApp: {
        packageName: 'com.shoply.android',
        label: expect.any(String),
        versionName: '5.12.0',
        versionCode: expect.any(String),
      },
    });
    const observedAt = Date.parse(String((record.context as { observedAt: string }).observedAt));
    expect(observedAt).toBeGreaterThanOrEqual(Date.parse(String(record.startedAt)));
  });
});
