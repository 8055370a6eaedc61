// One validated execution on one resolved device: dispatch, then host screenshot post-processing.
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ResultEnvelope } from '../../shared/envelope';
import { ok, type HostFailure, type Result } from '../../shared/errors';
import type { Execution, TakeScreenshotParams } from '../../shared/execution/types';
import type { ResolvedDevice } from '../devices/types';
import { writeFileAtomically, writeNewFileAtomically } from '../screenshot/atomicWrite';
import { captureScreen, type Capture } from '../screenshot/capture';
import { checkCallerScreenshotPath, screenshotPathFor } from '../screenshot/paths';
import type { AgentCaller } from '../operator/agentClient';
import { dispatchExecution, envelopeWaitMs } from './dispatch';
import { withHostDetails, type FailureContext } from './hostFailure';
import { finalizeScreenshots, type FinalizedScreenshots, type ScreenshotEffects } from './screenshotSteps';
import type { Clock } from './types';

export interface DeviceRunOptions {
  device: ResolvedDevice;
  operatorPackage: string;
  execution: Execution;
  startedAtMs: number;
  clock: Clock;
  /** Where captures go; default: the caller's path or a managed file (see defaultScreenshotPersist). */
  persist: ScreenshotEffects['persist'];
  /** The agent transport; default: a new stream for this execution. */
  call?: AgentCaller;
}

/**
 * Persists captures atomically: to a managed file, or to take_screenshot's caller path, checked again just before
 * the write (see screenshot/paths.ts). Without `overwrite` the file is linked into place and never replaces one
 * that appeared meanwhile; with it, only a regular file is replaced, never a symbolic link.
 */
export function defaultScreenshotPersist(options: {
  commandId: string;
  clock: Clock;
  screenshotDirectory?: string;
  overwrite?: boolean;
}): ScreenshotEffects['persist'] {
  return async (capture: Capture, params: TakeScreenshotParams | undefined) => {
    const requested = params?.path;
    if (requested !== undefined) {
      const overwrite = options.overwrite === true;
      const checked = await checkCallerScreenshotPath(requested, overwrite);
      if (!checked.ok) return checked;
      const written = overwrite
        ? await writeFileAtomically(requested, capture.png)
        : await writeNewFileAtomically(requested, capture.png);
      if (!written.ok) return written;
      return ok({ path: requested, persistedAtMs: options.clock.now() });
    }
    const path = screenshotPathFor(undefined, {
      commandId: options.commandId,
      epochMs: options.clock.now(),
      ...(options.screenshotDirectory === undefined
        ? {}
        : { screenshotDirectory: options.screenshotDirectory }),
    });
    // Managed folders are made on demand (private to the user): a fresh data folder has none yet. A folder that
    // cannot be made fails the write below with the file system's own reason.
    await mkdir(dirname(path), { recursive: true, mode: 0o700 }).catch(() => undefined);
    const written = await writeFileAtomically(path, capture.png);
    if (!written.ok) return written;
    return ok({ path, persistedAtMs: options.clock.now() });
  };
}

/** Runs the execution on the device (the caller holds its in-flight lease); host failures carry full details. */
export async function runOnDevice(
  options: DeviceRunOptions,
): Promise<Result<FinalizedScreenshots & { envelope: ResultEnvelope }, HostFailure>> {
  const { device, execution } = options;
  const context: FailureContext = {
    commandId: execution.commandId,
    taskId: execution.taskId,
    deviceId: device.serial,
    startedAtMs: options.startedAtMs,
    clock: options.clock,
  };
  // One deadline for the whole execution, from its start: the envelope wait and the capture share it. Measured with
  // Date.now(); the injected clock only says how much resolving the device already took.
  const spentMs = Math.max(0, options.clock.now() - options.startedAtMs);
  const deadlineMs = Date.now() + envelopeWaitMs(execution) - spentMs;
  const remainingMs = (): number => Math.max(0, deadlineMs - Date.now());
  const dispatched = await dispatchExecution(
    { client: device.client, serial: device.serial, operatorPackage: options.operatorPackage },
    execution,
    options.call,
    remainingMs(),
  );
  if (!dispatched.ok) {
    return { ok: false, error: withHostDetails(dispatched.error, context) };
  }
  const finalized = await finalizeScreenshots(dispatched.value, execution, {
    // The execution's own timeout bounds the capture, as it bounds the Operator's work; never past the deadline.
    capture: (scale) =>
      captureScreen(device.client, device.serial, {
        scale,
        timeoutMs: Math.min(execution.timeoutMs, remainingMs()),
      }),
    persist: options.persist,
  });
  return ok(finalized);
}
