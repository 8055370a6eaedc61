import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../shared/errors';
import { deviceKey } from '../execution/inFlight';
import type { Capture } from '../screenshot/capture';
import { createConsoleApi } from './consoleApi';
import type { ConsoleRunners } from './dependencies';
import { PHONE, pngBytes, testSetup, UNUSED_CLIENT, type TestSetup } from '../../test-support/apiFakes';

let setup: TestSetup;

afterEach(async () => {
  await setup.cleanup();
});

function capture(widthPx = 36, heightPx = 80): Capture {
  return {
    png: pngBytes(widthPx, heightPx),
    widthPx,
    heightPx,
    deviceWidthPx: widthPx,
    deviceHeightPx: heightPx,
    appliedScale: 100,
  };
}

function apiCapturing(captureScreen: ConsoleRunners['captureScreen']) {
  let ms = Date.UTC(2024, 4, 1, 10, 15, 0);
  return createConsoleApi({
    ...setup.dependencies,
    runners: { captureScreen },
    clock: { now: () => (ms += 250) },
  });
}

describe('screenshot:capture', () => {
  it('keeps the capture as a succeeded one-step run with the device and the picture', async () => {
    setup = await testSetup();
    const shot = capture();
    const api = apiCapturing(async (_client, serial, options) => {
      expect(serial).toBe(PHONE.serial);
      expect(options).toEqual({ scale: 100 });
      return ok(shot);
    });
    const captured = await api['screenshot:capture']({ serial: PHONE.serial, label: 'home screen' });
    if (!captured.ok) throw new Error(captured.error.message);
    expect(captured.value).toEqual({
      runId: expect.any(String),
      widthPx: 36,
      heightPx: 80,
      capturedAt: '2024-05-01T10:15:00.500Z',
      step: expect.objectContaining({ name: 'screenshot', status: 'succeeded' }),
    });
    const record = await api['evidence:get']({ id: captured.value.runId });
    // The console shows the step exactly as run.json keeps it.
    expect(record.ok && record.value.steps).toEqual([captured.value.step]);
    expect(record).toMatchObject({
      ok: true,
      value: {
        label: 'home screen',
        status: 'succeeded',
        startedAt: '2024-05-01T10:15:00.250Z',
        finishedAt: '2024-05-01T10:15:00.500Z',
        device: { serial: PHONE.serial, model: 'Pixel 7', profile: 'phone', simulated: true },
        steps: [
          {
            name: 'screenshot',
            status: 'succeeded',
            durationMs: 250,
            data: {
              captureSource: 'host',
              captureWidthPx: '36',
              captureHeightPx: '80',
              captureMethod: 'adb_screencap',
              path: expect.stringMatching(/screenshot\.png$/),
            },
          },
        ],
        screenshot: { file: 'screenshot.png', widthPx: 36, heightPx: 80 },
      },
    });
    const folder = join(setup.dependencies.evidence.directory, captured.value.runId);
    expect(await readFile(join(folder, 'screenshot.png'))).toEqual(Buffer.from(shot.png));
    expect(await api['evidence:list']({})).toMatchObject({
      ok: true,
      value: { runs: [{ id: captured.value.runId, hasScreenshot: true }] },
    });
  });

  it('keeps no run when the capture fails', async () => {
    setup = await testSetup();
    const api = apiCapturing(async () =>
      fail('EVIDENCE_CAPTURE_FAILED', 'screencap failed', { reason: 'not_png' }),
    );
    expect(await api['screenshot:capture']({ serial: PHONE.serial })).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_CAPTURE_FAILED' },
    });
    expect(await api['evidence:list']({})).toEqual({ ok: true, value: { runs: [], skipped: [] } });
  });

  it('passes on an unknown device and refuses a device busy with a run', async () => {
    setup = await testSetup();
    let captures = 0;
    const api = apiCapturing(async () => ((captures += 1), ok(capture())));
    expect(await api['screenshot:capture']({ serial: 'ghost' })).toMatchObject({
      ok: false,
      error: { code: 'DEVICE_NOT_FOUND' },
    });
    const held = setup.dependencies.inFlight.acquire(deviceKey(UNUSED_CLIENT, PHONE.serial), {
      commandId: 'set-1',
      runId: 'run-1',
    });
    expect(await api['screenshot:capture']({ serial: PHONE.serial })).toMatchObject({
      ok: false,
      error: {
        code: 'EXECUTION_CONFLICT_IN_FLIGHT',
        details: { runningCommandId: 'set-1', runningRunId: 'run-1' },
      },
    });
    expect(captures).toBe(0);
    if (held.ok) held.value.release();
    expect((await api['screenshot:capture']({ serial: PHONE.serial })).ok).toBe(true);
    // The capture released the device again.
    expect(setup.dependencies.inFlight.running(deviceKey(UNUSED_CLIENT, PHONE.serial))).toBeUndefined();
  });
});

describe('screenshot:save', () => {
  it('copies the run screenshot to the destination and never overwrites', async () => {
    setup = await testSetup();
    const shot = capture(10, 20);
    const api = apiCapturing(async () => ok(shot));
    const captured = await api['screenshot:capture']({ serial: PHONE.serial });
    if (!captured.ok) throw new Error(captured.error.message);
    const destination = join(setup.directory, 'saved.png');
    expect(await api['screenshot:save']({ runId: captured.value.runId, destination })).toEqual({
      ok: true,
      value: { path: destination },
    });
    expect(await readFile(destination)).toEqual(Buffer.from(shot.png));
    await writeFile(destination, 'keep me');
    expect(await api['screenshot:save']({ runId: captured.value.runId, destination })).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_WRITE_FAILED', details: { reason: 'destination_exists' } },
    });
    expect(await readFile(destination, 'utf8')).toBe('keep me');
    expect((await readdir(setup.directory)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('reports a missing run, a run without a screenshot, and a destination folder that does not exist', async () => {
    setup = await testSetup();
    const api = apiCapturing(async () => ok(capture()));
    expect(
      await api['screenshot:save']({
        runId: '20240501-101500-sim-phone-abc123',
        destination: join(setup.directory, 'x.png'),
      }),
    ).toMatchObject({ ok: false, error: { code: 'EVIDENCE_NOT_FOUND' } });
    const run = await setup.dependencies.evidence.createRun({
      deviceSerial: 'sim',
      startedAt: '2024-05-01T10:00:00.000Z',
    });
    if (!run.ok) throw new Error(run.error.message);
    expect(
      await api['screenshot:save']({ runId: run.value.id, destination: join(setup.directory, 'x.png') }),
    ).toMatchObject({
      ok: false,
      error: { code: 'EVIDENCE_NOT_FOUND', details: { reason: 'no_screenshot' } },
    });
    const captured = await api['screenshot:capture']({ serial: PHONE.serial });
    if (!captured.ok) throw new Error(captured.error.message);
    expect(
      await api['screenshot:save']({
        runId: captured.value.runId,
        destination: join(setup.directory, 'missing', 'x.png'),
      }),
    ).toMatchObject({ ok: false, error: { code: 'EVIDENCE_WRITE_FAILED', details: { osCode: 'ENOENT' } } });
  });
});
