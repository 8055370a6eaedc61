// The ordered run set -> screenshot -> clear: three separate, awaited executions on one device, held for the whole
// run so nothing else can replace or clear the panel in between; then a capture check and evidence. This file
// checks, resolves, leases and opens the run; the machine (machine.ts) decides, the loop (loop.ts) performs.
import { fail, ok, type Result } from '../../shared/errors';
import { DEFAULT_TIMEOUT_MS, PANEL_NUMBER_FIELDS } from '../../shared/execution/limits';
import type { SetOnScreenLogParams } from '../../shared/execution/types';
import { validateSetParams } from '../../shared/execution/validateSetParams';
import { conflictError, readinessFailure } from '../execution/hostFailure';
import { deviceKey } from '../execution/inFlight';
import { systemClock } from '../execution/types';
import { leaseOwner } from '../operator/deviceLease';
import { runInspectionReads } from '../diagnostics/runInspection';
import { inspectAfterClear } from '../evidence/inspection';
import { runFolderPort } from './adbPorts';
import { driveSequence } from './loop';
import type { HoldCommand, SequenceState } from './machine';
import { sequencePayloads } from './payloads';
import { runDeviceOf } from './runRecord';
import { initialSteps } from './steps';
import {
  HOLD_MAX_CAPTURES,
  HOLD_MAX_MS,
  type HoldControl,
  type SequenceDependencies,
  type SequenceHoldOptions,
  type SequenceRequest,
  type SequenceResult,
} from './types';

export { SCREENSHOT_FILE } from './adbPorts';

/** How long hello may take in a sequence (it answers in milliseconds; it is only for the description). */
export const SEQUENCE_HELLO_WAIT_MS = 2000;

/** A held panel must outlive its hold: set asks for at least this much longer than the hold may last. */
export const HOLD_TTL_MARGIN_MS = 60_000;
/** The shortest hold a caller may ask for. */
export const HOLD_MIN_MS = 1000;

/** The hold's bounds, defaulting to the most; INVALID_ARGUMENTS for a bound outside them. */
export function holdBounds(options: SequenceHoldOptions): Result<{ maxCaptures: number; maxMs: number }> {
  const maxCaptures = options.maxCaptures ?? HOLD_MAX_CAPTURES;
  const maxMs = options.maxMs ?? HOLD_MAX_MS;
  if (!Number.isInteger(maxCaptures) || maxCaptures < 1 || maxCaptures > HOLD_MAX_CAPTURES)
    return fail('INVALID_ARGUMENTS', `hold.maxCaptures must be an integer from 1 to ${HOLD_MAX_CAPTURES}.`, {
      field: 'hold.maxCaptures',
    });
  if (!Number.isInteger(maxMs) || maxMs < HOLD_MIN_MS || maxMs > HOLD_MAX_MS)
    return fail('INVALID_ARGUMENTS', `hold.maxMs must be an integer from ${HOLD_MIN_MS} to ${HOLD_MAX_MS}.`, {
      field: 'hold.maxMs',
    });
  return ok({ maxCaptures, maxMs });
}

/** The design as set sends it: a held panel's ttlMs raised so it cannot expire before the hold ends. */
function heldDesign(design: SetOnScreenLogParams, maxMs: number | undefined): SetOnScreenLogParams {
  if (maxMs === undefined) return design;
  const { max, default: standard } = PANEL_NUMBER_FIELDS.ttlMs;
  const ttlMs = Math.min(max, Math.max(design.ttlMs ?? standard, maxMs + HOLD_TTL_MARGIN_MS));
  return { ...design, ttlMs };
}

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
  const bounds = request.hold === undefined ? undefined : holdBounds(request.hold);
  if (bounds !== undefined && !bounds.ok) return bounds;
  const hold = bounds?.value;
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
    const payloads = sequencePayloads(handle.id, heldDesign(design.value, hold?.maxMs), timeoutMs);
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
      ...(hold === undefined ? {} : { hold: { ...hold, phase: 'waiting', queued: 0 }, captures: [] }),
    };
    const holdListeners: Array<(command: HoldCommand) => void> = [];
    const tell = (command: HoldCommand): void => holdListeners.forEach((listener) => listener(command));
    const running = driveSequence(
      initial,
      {
        operator: connection.operator,
        screen: connection.screen,
        description: connection.description,
        logs: connection.logs,
        foreground: connection.foreground,
        presence: connection.presence,
        captureCheck: dependencies.ports.captureCheck,
        evidence: runFolderPort(handle),
      },
      {
        clock,
        lease: (commandId) => leased.value.update({ commandId, runId: handle.id }),
        onInterference: (listener) => connection.onInterference(listener),
        ...(dependencies.onProgress === undefined ? {} : { onProgress: dependencies.onProgress }),
        ...(hold === undefined
          ? {}
          : {
              onHoldCommand: (listener: (command: HoldCommand) => void) => holdListeners.push(listener),
              ...(dependencies.hold?.onChanged === undefined
                ? {}
                : { onHoldChanged: dependencies.hold.onChanged }),
            }),
      },
    );
    if (hold !== undefined) {
      const control: HoldControl = {
        runId: handle.id,
        capture: () => tell({ type: 'capture' }),
        release: (reason = 'user') => tell({ type: 'end', reason }),
      };
      dependencies.hold?.onStarted?.(control);
    }
    // Host observations after clear (environment, foreground app) join the evidence; they never fail the run.
    return ok(await inspectAfterClear(await running, handle, runInspectionReads(device)));
  } finally {
    await connection.close();
    leased.value.release();
  }
}
