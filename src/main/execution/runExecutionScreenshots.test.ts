import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseBounds } from '../../shared/geometry/bounds';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { InFlightRegistry } from './inFlight';
import { runExecution } from './runExecution';
import { envelopeOf, payload, stepData } from '../../test-support/executionFixtures';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import type { ExecutionDependencies } from './types';

// take_screenshot through runExecution: host capture after the envelope, file placement, data keys, failures.

const SCREENSHOT_KEYS = [
  'appliedScale',
  'captureHeightPx',
  'captureMethod',
  'captureSource',
  'captureWidthPx',
  'coordinateSpace',
  'origin',
  'path',
  'persistedAt',
  'protectedContent',
  'requestedScale',
];

let adb: IsolatedAdb;
let directory: string;
let dependencies: ExecutionDependencies;
const running: SimulatedAndroid[] = [];

async function boot(): Promise<{ sim: SimulatedAndroid; serial: string }> {
  const booted = await bootSimulated(adb);
  running.push(booted.sim);
  return booted;
}

function pixel(png: PNG, x: number, y: number): [number, number, number] {
  const offset = (png.width * y + x) * 4;
  return [png.data[offset] ?? 0, png.data[offset + 1] ?? 0, png.data[offset + 2] ?? 0];
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
});

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'androperator-shot-'));
  dependencies = {
    resolver: isolatedResolver(adb),
    inFlight: new InFlightRegistry(),
    screenshotDirectory: directory,
  };
});

afterEach(async () => {
  for (const sim of running.splice(0)) await sim.close();
  await rm(directory, { recursive: true, force: true });
});

afterAll(async () => {
  await adb?.stop();
});

describe('runExecution take_screenshot', () => {
  it('captures take_screenshot to an explicit path with exactly the documented data keys', async () => {
    const { serial } = await boot();
    const path = join(directory, 'explicit.png');
    const envelope = envelopeOf(
      await runExecution(
        payload([{ id: 'shot', type: 'take_screenshot', params: { file: path } }]),
        { deviceId: serial, operatorPackage: 'com.androperator.operator' },
        dependencies,
      ),
    );
    expect(envelope).toMatchObject({ status: 'success', error: null });
    expect(envelope).not.toHaveProperty('errorCode');
    const data = stepData(envelope, 0);
    expect(Object.keys(data).sort()).toEqual(SCREENSHOT_KEYS);
    expect(data).toMatchObject({
      path,
      captureSource: 'host',
      captureWidthPx: '1080',
      captureHeightPx: '2400',
      coordinateSpace: 'screenshot_pixels',
      origin: 'top_left',
      captureMethod: 'adb_screencap',
      protectedContent: 'false',
      requestedScale: '100',
      appliedScale: '100',
    });
    expect(Number.isNaN(Date.parse(data.persistedAt ?? ''))).toBe(false);
    const png = PNG.sync.read(readFileSync(path));
    expect([png.width, png.height]).toEqual([1080, 2400]);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readdir(directory)).toEqual(['explicit.png']);
  });

  it('captures to a managed path at scale 50', async () => {
    const { serial } = await boot();
    const managed = envelopeOf(
      await runExecution(
        payload([{ id: 'shot', type: 'take_screenshot', params: { scale: 50 } }], {
          commandId: 'cmd/with:odd chars',
        }),
        { deviceId: serial, operatorPackage: 'com.androperator.operator' },
        dependencies,
      ),
    );
    const data = stepData(managed, 0);
    expect(data.path).toMatch(/\/androperator-screenshot-cmd_with_odd_chars-\d{13}\.png$/);
    expect(data.path?.startsWith(directory)).toBe(true);
    expect(data).toMatchObject({
      captureWidthPx: '540',
      captureHeightPx: '1200',
      requestedScale: '50',
      appliedScale: '50',
    });
    const png = PNG.sync.read(readFileSync(data.path ?? ''));
    expect([png.width, png.height]).toEqual([540, 1200]);
  });

  it('creates the managed screenshot folder on demand (a fresh data folder has none yet), private to the user', async () => {
    const { serial } = await boot();
    const fresh = join(directory, 'data', 'screenshots');
    const envelope = envelopeOf(
      await runExecution(
        payload([{ id: 'shot', type: 'take_screenshot' }]),
        { deviceId: serial, operatorPackage: 'com.androperator.operator' },
        { ...dependencies, screenshotDirectory: fresh },
      ),
    );
    expect(envelope).toMatchObject({ status: 'success' });
    const path = stepData(envelope, 0).path ?? '';
    expect(path.startsWith(`${fresh}/`)).toBe(true);
    expect(PNG.sync.read(readFileSync(path)).width).toBe(1080);
    expect((await stat(fresh)).mode & 0o777).toBe(0o700);
  });

  it('captures after the whole list, so set + screenshot + clear misses the panel; a second screenshot is not taken', async () => {
    const { serial } = await boot();
    const envelope = envelopeOf(
      await runExecution(
        payload([
          {
            id: 'set',
            type: 'set_on_screen_log',
            params: { text: 'gone before capture', backgroundColor: '#FF0000FF' },
          },
          { id: 'shot', type: 'take_screenshot' },
          { id: 'clear', type: 'clear_on_screen_log' },
          { id: 'shot2', type: 'take_screenshot' },
        ]),
        { deviceId: serial, operatorPackage: 'com.androperator.operator' },
        dependencies,
      ),
    );
    const bounds = parseBounds(stepData(envelope, 0).bounds ?? '');
    if (bounds === null) throw new Error('no bounds');
    const png = PNG.sync.read(readFileSync(stepData(envelope, 1).path ?? ''));
    expect(pixel(png, bounds.left + 4, bounds.top + 4)).not.toEqual([0, 0, 255]);
    expect(envelope.stepResults[3]).toMatchObject({
      success: false,
      data: { error: 'UNSUPPORTED_RUNTIME_SCREENSHOT', errorCode: 'UNSUPPORTED_RUNTIME_SCREENSHOT' },
    });
    expect(stepData(envelope, 3).message).toContain('only the first take_screenshot');
    expect(envelope).toMatchObject({
      status: 'failed',
      errorCode: 'UNSUPPORTED_RUNTIME_SCREENSHOT',
      error: 'Step shot2 (take_screenshot) failed: UNSUPPORTED_RUNTIME_SCREENSHOT',
    });
  });

  it('fails the step with EVIDENCE_CAPTURE_FAILED when screencap fails, leaving no file behind', async () => {
    const { sim, serial } = await boot();
    sim.faults.screencap = { delayMs: 0, fail: true };
    const path = join(directory, 'never.png');
    const envelope = envelopeOf(
      await runExecution(
        payload([{ id: 'shot', type: 'take_screenshot', params: { path } }]),
        { deviceId: serial, operatorPackage: 'com.androperator.operator' },
        dependencies,
      ),
    );
    expect(envelope).toMatchObject({
      status: 'failed',
      errorCode: 'EVIDENCE_CAPTURE_FAILED',
      stepResults: [
        {
          success: false,
          data: {
            error: 'EVIDENCE_CAPTURE_FAILED',
            errorCode: 'EVIDENCE_CAPTURE_FAILED',
            failurePhase: 'post_processing',
            dispatchState: 'dispatched',
          },
        },
      ],
    });
    expect(stepData(envelope, 0).message).toContain('SurfaceFlinger capture failed');
    expect(await readdir(directory)).toEqual([]);
  });

  it('bounds screencap by the execution timeout, not a fixed limit, and keeps no file', async () => {
    const { sim, serial } = await boot();
    // The device would answer only after a minute; the test's own timeout catches a host that waits for it.
    sim.faults.screencap = { delayMs: 60_000, fail: false };
    const path = join(directory, 'slow.png');
    const envelope = envelopeOf(
      await runExecution(
        payload([{ id: 'shot', type: 'take_screenshot', params: { path } }], { timeoutMs: 2000 }),
        { deviceId: serial, operatorPackage: 'com.androperator.operator' },
        dependencies,
      ),
    );
    expect(envelope).toMatchObject({
      status: 'failed',
      errorCode: 'EVIDENCE_CAPTURE_FAILED',
      stepResults: [
        { success: false, data: { errorCode: 'EVIDENCE_CAPTURE_FAILED', failurePhase: 'post_processing' } },
      ],
    });
    expect(stepData(envelope, 0).message).toMatch(/^screencap did not finish within (1\d{3}|2000) ms$/);
    expect(await readdir(directory)).toEqual([]);
  }, 15_000);
});
