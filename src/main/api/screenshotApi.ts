// screenshot:capture (a host screenshot kept as a one-step run) and screenshot:save (a copy where the user wants it).
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ConsoleApi, ManualCapture } from '../../shared/api/contract';
import { RUN_SCHEMA_VERSION, type RunRecord, type RunStep } from '../../shared/api/evidence';
import { fail, ok, type Result } from '../../shared/errors';
import type { ResolvedDevice } from '../devices/types';
import { pathExists, writeNewFileAtomic } from '../../node/fs/atomicWrite';
import { osCodeOf, readFailed, runNotFound } from '../../node/fs/fileErrors';
import { deviceKey } from '../execution/inFlight';
import { conflictError } from '../execution/hostFailure';
import { screenshotSuccessData } from '../execution/screenshotSteps';
import type { Capture } from '../screenshot/capture';
import { SCREENSHOT_FILE } from '../sequence/runSequence';
import { runDeviceOf } from '../sequence/runRecord';
import type { ResolvedDependencies } from './dependencies';

function destinationExists(destination: string): Result<never> {
  return fail('EVIDENCE_WRITE_FAILED', `${destination} already exists; choose another file name.`, {
    path: destination,
    osCode: 'EEXIST',
    reason: 'destination_exists',
  });
}

export function screenshotApi(
  dependencies: ResolvedDependencies,
): Pick<ConsoleApi, 'screenshot:capture' | 'screenshot:save'> {
  const { hub, inFlight, evidence, run, clock } = dependencies;
  const iso = (ms: number): string => new Date(ms).toISOString();

  /** Stores the capture as a succeeded one-step run; a run that cannot be completed is removed again. */
  const store = async (
    device: ResolvedDevice,
    capture: Capture,
    times: { startedAtMs: number; finishedAtMs: number },
    label: string | undefined,
  ): Promise<Result<ManualCapture>> => {
    const startedAt = iso(times.startedAtMs);
    const finishedAt = iso(times.finishedAtMs);
    const created = await evidence.createRun({
      deviceSerial: device.serial,
      startedAt,
      ...(label === undefined ? {} : { label }),
    });
    if (!created.ok) return created;
    const handle = created.value;
    const written = await handle.writeScreenshot(SCREENSHOT_FILE, capture.png);
    const size = { widthPx: capture.widthPx, heightPx: capture.heightPx };
    // The same step data a sequence's screenshot step records, so the console shows one shape for both.
    const step: RunStep = {
      name: 'screenshot',
      status: 'succeeded',
      startedAt,
      finishedAt,
      durationMs: times.finishedAtMs - times.startedAtMs,
      ...(written.ok
        ? {
            data: screenshotSuccessData(
              capture,
              { path: written.value.path, persistedAtMs: times.finishedAtMs },
              100,
            ),
          }
        : {}),
    };
    const record: RunRecord = {
      schemaVersion: RUN_SCHEMA_VERSION,
      id: handle.id,
      ...(label === undefined || label.trim() === '' ? {} : { label }),
      status: 'succeeded',
      startedAt,
      finishedAt,
      device: runDeviceOf(device, null),
      steps: [step],
      ...(written.ok
        ? { screenshot: { file: basename(written.value.path), ...size, capturedAt: finishedAt } }
        : {}),
    };
    const recorded = written.ok ? await handle.writeRecord(record) : written;
    if (!recorded.ok) {
      await evidence.deleteRun(handle.id);
      return recorded;
    }
    return ok({ runId: handle.id, ...size, capturedAt: finishedAt, step });
  };

  return {
    'screenshot:capture': async ({ serial, label }) => {
      const startedAtMs = clock.now();
      const device = await hub.resolve(serial);
      if (!device.ok) return device;
      const commandId = `screenshot-${randomUUID()}`;
      const leased = inFlight.acquire(deviceKey(device.value.client, serial), { commandId }, startedAtMs);
      if (!leased.ok)
        return {
          ok: false,
          error: conflictError(leased.error, { deviceId: serial, commandId, startedAtMs, clock }),
        };
      try {
        const capture = await run.captureScreen(device.value.client, serial, { scale: 100 });
        if (!capture.ok) return capture;
        return await store(device.value, capture.value, { startedAtMs, finishedAtMs: clock.now() }, label);
      } finally {
        leased.value.release();
      }
    },
    'screenshot:save': async ({ runId, destination }) => {
      const record = await evidence.readRun(runId);
      if (!record.ok) return record;
      const screenshot = record.value.screenshot;
      if (screenshot === undefined) return runNotFound(runId, 'no_screenshot');
      const source = join(evidence.directory, runId, screenshot.file);
      let bytes: Uint8Array;
      try {
        bytes = await readFile(source);
      } catch (error) {
        return osCodeOf(error) === 'ENOENT'
          ? runNotFound(runId, 'screenshot_missing')
          : readFailed(source, error);
      }
      if (await pathExists(destination)) return destinationExists(destination);
      // Linked into place: atomic, and it never replaces a file that appeared meanwhile.
      const written = await writeNewFileAtomic(destination, bytes);
      if (!written.ok)
        return written.error.details?.['osCode'] === 'EEXIST' ? destinationExists(destination) : written;
      return ok({ path: destination });
    },
  };
}
