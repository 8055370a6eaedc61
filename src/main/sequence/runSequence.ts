// The ordered run set -> screenshot -> clear: three separate, awaited executions on one device, held for the whole
// run so nothing else can replace or clear the panel in between; then a capture check and evidence. This file
// checks, resolves, leases and opens the run; the machine (machine.ts) decides, the loop (loop.ts) performs.
import { fail, ok, type Result } from '../../shared/errors';
import { DEFAULT_TIMEOUT_MS } from '../../shared/execution/limits';
import { validateSetParams } from '../../shared/execution/validateSetParams';
import { conflictError, readinessFailure } from '../execution/hostFailure';
import { deviceKey } from '../execution/inFlight';
import { systemClock } from '../execution/types';
import { leaseOwner } from '../operator/deviceLease';
import { runInspectionReads } from '../diagnostics/runInspection';
import { inspectAfterClear } from '../evidence/inspection';
import { runFolderPort } from './adbPorts';
import { driveSequence } from './loop';
import type { SequenceState } from './machine';
import { sequencePayloads } from './payloads';
import { runDeviceOf } from './runRecord';
import { initialSteps } from './steps';
import type { SequenceDependencies, SequenceRequest, SequenceResult } from './types';

export { SCREENSHOT_FILE } from './adbPorts';

/** How long hello may take in a sequence (it answers in milliseconds; it is only for the description). */
export const SEQUENCE_HELLO_WAIT_MS = 2000;

/**
 * Runs set -> screenshot -> clear on one device and records the evidence. The design is validated first (nothing
 * happens for an invalid one); the device is held for the whole run (EXECUTION_CONFLICT_IN_FLIGHT for others).
 * If set fails the screenshot is skipped, the run fails, and clear still runs; if the screenshot fails, clear
 * still runs. A failed step is a failed run, not an error value; errors are for runs that could not start.
 */
export async function runSequence(
  request: SequenceRequest,
  dependencies: SequenceDependencies,
): Promise<Result<SequenceResult>> {
  const clock = dependencies.clock ?? systemClock;
  const startedAtMs = clock.now();
  const design = validateSetParams(request.design);
  if (!design.ok) return design;
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const preflight = sequencePayloads('preflight', design.value, timeoutMs);
  if (!preflight.ok) return preflight;
  const context = {
    ...(request.deviceId === undefined ? {} : { deviceId: request.deviceId }),
    startedAtMs,
    clock,
  };
  const resolved = await dependencies.resolver.resolve(request.deviceId);
  if (!resolved.ok) return { ok: false, error: readinessFailure(resolved.error, context) };
  const device = resolved.value;
  // No execution exists yet: the entry says only that the device is taken until the run folder names the run.
  const leased = dependencies.inFlight.acquire(deviceKey(device.client, device.serial), {}, startedAtMs);
  if (!leased.ok)
    return { ok: false, error: conflictError(leased.error, { ...context, deviceId: device.serial }) };
  const connection = dependencies.ports.connect(device, request.operatorPackage);
  try {
    // The device itself holds the run, so no other process can act between set, screenshot and clear.
    const lease = await connection.lease(leaseOwner('androperator sequence'));
    if (!lease.ok)
      return { ok: false, error: readinessFailure(lease.error, { ...context, deviceId: device.serial }) };
    const startedAt = new Date(startedAtMs).toISOString();
    const created = await dependencies.evidence.createRun({
      deviceSerial: device.serial,
      startedAt,
      ...(request.label === undefined ? {} : { label: request.label }),
      ...(request.group === undefined ? {} : { group: request.group }),
    });
    if (!created.ok) return created;
    const handle = created.value;
    const payloads = sequencePayloads(handle.id, design.value, timeoutMs);
    if (!payloads.ok)
      return fail(payloads.error.code, payloads.error.message, {
        ...payloads.error.details,
        runId: handle.id,
      });
    const initial: SequenceState = {
      phase: 'setting',
      serial: device.serial,
      runPath: handle.path,
      payloads: payloads.value,
      // Bounded: clear waits behind hello on the run's stream, so a wedged Operator must not hold a panel long.
      helloWaitMs: Math.min(timeoutMs, SEQUENCE_HELLO_WAIT_MS),
      record: {
        runId: handle.id,
        startedAt,
        design: design.value,
        steps: initialSteps(),
        status: 'running',
        device: runDeviceOf(device, null),
        lease: lease.value,
        ...(request.label === undefined ? {} : { label: request.label }),
        ...(request.group === undefined ? {} : { group: request.group }),
      },
      setData: {},
      describing: 'not_asked',
      checking: false,
      logs: 'not_asked',
    };
    const result = await driveSequence(
      initial,
      {
        operator: connection.operator,
        screen: connection.screen,
        description: connection.description,
        logs: connection.logs,
        captureCheck: dependencies.ports.captureCheck,
        evidence: runFolderPort(handle),
      },
      {
        clock,
        lease: (commandId) => leased.value.update({ commandId, runId: handle.id }),
        onInterference: (listener) => connection.onInterference(listener),
        ...(dependencies.onProgress === undefined ? {} : { onProgress: dependencies.onProgress }),
      },
    );
    // Host observations after clear (environment, foreground app) join the evidence; they never fail the run.
    return ok(await inspectAfterClear(result, handle, runInspectionReads(device)));
  } finally {
    await connection.close();
    leased.value.release();
  }
}
