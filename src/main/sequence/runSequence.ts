// The ordered run set -> screenshot -> clear: three separate, awaited executions on one device, held for the whole
// run so nothing else can replace or clear the panel in between; then a capture check and evidence.
import { basename } from 'node:path';
import { fail, ok, type AppError, type Result } from '../../shared/errors';
import { applyPanelDefaults } from '../../shared/execution/defaults';
import { DEFAULT_TIMEOUT_MS } from '../../shared/execution/limits';
import { validateSetParams } from '../../shared/execution/validateSetParams';
import { parseBounds } from '../../shared/geometry/bounds';
import { checkPanelInCaptureAsync } from '../capture/captureCheck';
import type { ResolvedDevice } from '../devices/types';
import type { RunHandle } from '../evidence/runHandle';
import { runOnDevice } from '../execution/deviceRun';
import { conflictError, readinessFailure } from '../execution/hostFailure';
import { deviceKey, type DeviceLease } from '../execution/inFlight';
import { systemClock, type Clock } from '../execution/types';
import type { Capture } from '../screenshot/capture';
import { describeOperator } from './hello';
import { AgentSession } from '../operator/agentClient';
import { sequencePayloads, type SequencePayloads } from './payloads';
import { predictPanelBounds } from './prediction';
import { sharedRobotoMeasurer } from '../../node/fonts/robotoMeasurer';
import { buildRunRecord, runDeviceOf, type RecordState } from './runRecord';
import { initialSteps, progressOf, sequenceStatus, stepFinished, stepSkipped, stepStarted } from './steps';
import type { SequenceDependencies, SequenceRequest, SequenceResult, SequenceStepName } from './types';

export const SCREENSHOT_FILE = 'screenshot';
/** How long hello may take in a sequence (it answers in milliseconds; it is only for the description). */
export const SEQUENCE_HELLO_WAIT_MS = 2000;
/** How long a step's result may wait for the next one before run.json is rewritten with both. */
export const RECORD_DELAY_MS = 50;
const SKIPPED_SCREENSHOT =
  'The set step failed, so there is no panel to capture. Clear still runs so no partly drawn panel stays on the device.';

/** One run in progress: its state, and the effects that record and announce it. */
class SequenceRun {
  state: RecordState;
  evidenceError: AppError | undefined;
  captureCheckError: AppError | undefined;
  private readonly clock: Clock;

  constructor(
    readonly run: RunHandle,
    readonly device: ResolvedDevice,
    readonly lease: DeviceLease,
    readonly request: SequenceRequest,
    readonly dependencies: SequenceDependencies,
    readonly session: AgentSession,
    initial: RecordState,
  ) {
    this.state = initial;
    this.clock = dependencies.clock ?? systemClock;
  }

  now(): number {
    return this.clock.now();
  }

  private announce(name: SequenceStepName): void {
    const step = this.state.steps.find((candidate) => candidate.step === name);
    const event = step === undefined ? null : progressOf(this.run.id, step);
    if (event === null || this.dependencies.onProgress === undefined) return;
    try {
      this.dependencies.onProgress(event);
    } catch {
      // A failing listener (a closed window, a dropped SSE client) must not stop the run or leave a panel behind.
    }
  }

  private writes: Promise<void> = Promise.resolve();
  private recordTimer: ReturnType<typeof setTimeout> | undefined;
  private recordPending = false;

  /**
   * Asks for run.json to be rewritten with the current state within RECORD_DELAY_MS. Steps finishing inside that
   * window share one write, and a run that ends sooner has only its final record written (flush): a crash loses at
   * most the last RECORD_DELAY_MS of progress, and every write is atomic, so run.json is always complete.
   */
  record(): void {
    this.recordPending = true;
    if (this.recordTimer !== undefined) return;
    this.recordTimer = setTimeout(() => {
      this.recordTimer = undefined;
      this.writeRecord();
    }, RECORD_DELAY_MS);
  }

  /** Drops a rewrite not yet started (a run that ended without its final record). */
  dispose(): void {
    clearTimeout(this.recordTimer);
    this.recordTimer = undefined;
    this.recordPending = false;
  }

  /** Writes any pending state now and waits for every write. */
  async flush(): Promise<void> {
    clearTimeout(this.recordTimer);
    this.recordTimer = undefined;
    this.writeRecord();
    await this.writes;
  }

  private writeRecord(): void {
    if (!this.recordPending) return;
    this.recordPending = false;
    const snapshot = buildRunRecord(this.state);
    this.writes = this.writes.then(async () => {
      const written = await this.run.writeRecord(snapshot);
      if (!written.ok) this.evidenceError ??= written.error;
    });
  }

  /**
   * Runs one execution under the run's lease over the run's agent session, recording and announcing its start and
   * end. `onCapture` sees a screenshot's pixels as soon as they are on the host, before they are written.
   */
  async step(name: SequenceStepName, payloads: SequencePayloads, onCapture?: (capture: Capture) => void) {
    const payload = payloads[name];
    const startedAtMs = this.now();
    this.state = { ...this.state, steps: stepStarted(this.state.steps, name, payload, startedAtMs) };
    this.lease.update({ commandId: payload.commandId, runId: this.run.id });
    this.announce(name);
    const outcome = await runOnDevice({
      device: this.device,
      operatorPackage: this.request.operatorPackage,
      execution: payload,
      startedAtMs,
      clock: this.clock,
      call: (request, waitMs) => this.session.call(request, waitMs),
      persist: async (capture: Capture) => {
        onCapture?.(capture);
        const written = await this.run.writeScreenshot(SCREENSHOT_FILE, capture.png);
        return written.ok ? ok({ path: written.value.path, persistedAtMs: this.now() }) : written;
      },
    });
    const finished = outcome.ok ? { envelope: outcome.value.envelope } : { error: outcome.error };
    this.state = { ...this.state, steps: stepFinished(this.state.steps, name, finished, this.now()) };
    this.announce(name);
    this.record();
    return outcome;
  }

  skip(name: SequenceStepName, reason: string): void {
    this.state = { ...this.state, steps: stepSkipped(this.state.steps, name, reason) };
    this.announce(name);
  }
}

async function checkCapture(
  run: SequenceRun,
  capture: Capture,
  setData: Record<string, string>,
): Promise<void> {
  const bounds = run.state.reportedBounds;
  if (bounds === undefined) return;
  const defaults = applyPanelDefaults(run.state.design);
  const checked = await checkPanelInCaptureAsync({
    png: capture.png,
    bounds,
    backgroundColor: setData.background_color ?? defaults.backgroundColor,
    textColor: setData.text_color ?? defaults.textColor,
    screenScale: capture.appliedScale / 100,
  });
  if (checked.ok) run.state = { ...run.state, captureCheck: checked.value };
  else run.captureCheckError = checked.error;
}

async function perform(run: SequenceRun, payloads: SequencePayloads): Promise<SequenceResult> {
  const set = await run.step('set', payloads);
  const setStep = set.ok ? set.value.envelope.stepResults[0] : undefined;
  const setSucceeded = set.ok && set.value.envelope.status === 'success' && setStep?.success === true;
  const setData = setStep?.data ?? {};
  const reported = setSucceeded ? parseBounds(setData.bounds ?? '') : null;
  if (reported !== null) run.state = { ...run.state, reportedBounds: reported };
  let screenshot: SequenceResult['screenshot'];
  // The capture check starts as soon as the pixels are on the host, while the file is written and clear runs.
  let checking: Promise<void> = Promise.resolve();
  let describing: Promise<void> | undefined;
  if (setSucceeded) {
    const shooting = run.step('screenshot', payloads, (capture) => {
      checking = checkCapture(run, capture, setData);
    });
    // The Operator's description (for run.json and the predicted bounds) is asked for on the same stream right
    // behind take_screenshot, so it travels while the host captures the screen over its own adb stream.
    describing = describe(run);
    const shot = await shooting;
    const written = shot.ok ? shot.value.screenshot : undefined;
    if (written !== undefined) {
      const { capture, path } = written;
      screenshot = { path, widthPx: capture.widthPx, heightPx: capture.heightPx };
      const file = basename(path);
      run.state = {
        ...run.state,
        screenshot: {
          file,
          widthPx: capture.widthPx,
          heightPx: capture.heightPx,
          capturedAt: new Date(run.now()).toISOString(),
        },
      };
    }
  } else {
    run.skip('screenshot', SKIPPED_SCREENSHOT);
  }
  // Clear runs whatever happened before: a failed set may still have left a panel, and a failed capture must not
  // leave a stale panel on the device.
  await run.step('clear', payloads);
  // Without a screenshot step the description is asked for once the panel is gone.
  await Promise.all([describing ?? describe(run), checking]);
  if (screenshot === undefined) {
    // The check started as the pixels arrived; without a stored screenshot it has nothing to vouch for.
    const { captureCheck: _unstored, ...rest } = run.state;
    run.state = rest;
    run.captureCheckError = undefined;
  }
  const status = sequenceStatus(run.state.steps);
  run.state = { ...run.state, status, finishedAt: new Date(run.now()).toISOString() };
  run.record();
  await run.flush();
  const { state } = run;
  return {
    runId: run.run.id,
    serial: run.device.serial,
    runPath: run.run.path,
    status,
    steps: [...state.steps],
    ...(screenshot === undefined ? {} : { screenshot }),
    ...(state.captureCheck === undefined ? {} : { captureCheck: state.captureCheck }),
    ...(state.reportedBounds === undefined ? {} : { reportedBounds: state.reportedBounds }),
    ...(state.predictedBounds === undefined ? {} : { predictedBounds: state.predictedBounds }),
    ...(run.captureCheckError === undefined ? {} : { captureCheckError: run.captureCheckError }),
    ...(run.evidenceError === undefined ? {} : { evidenceError: run.evidenceError }),
  };
}

/**
 * Asks the Operator to describe the device; a failure only leaves the description and prediction out. Bounded by
 * SEQUENCE_HELLO_WAIT_MS: clear waits behind hello on the run's stream, so a wedged Operator must not hold a
 * panel on screen long (a lost hello drops the stream, and clear then opens a new one).
 */
async function describe(run: SequenceRun): Promise<void> {
  const description = await describeOperator(
    run.session.target,
    Math.min(run.request.timeoutMs ?? DEFAULT_TIMEOUT_MS, SEQUENCE_HELLO_WAIT_MS),
    (request, waitMs) => run.session.call(request, waitMs),
  );
  const design = run.state.design;
  const predicted =
    description === null ? null : predictPanelBounds(design, description, sharedRobotoMeasurer());
  run.state = {
    ...run.state,
    device: runDeviceOf(run.device, description),
    ...(predicted === null ? {} : { predictedBounds: predicted }),
  };
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
  const deviceContext = { ...context, deviceId: device.serial };
  const leased = dependencies.inFlight.acquire(
    deviceKey(device.client, device.serial),
    { commandId: 'sequence-starting' },
    startedAtMs,
  );
  if (!leased.ok) return { ok: false, error: conflictError(leased.running, deviceContext) };
  const session = new AgentSession({
    client: device.client,
    serial: device.serial,
    operatorPackage: request.operatorPackage,
  });
  // The agent stream opens while the run folder is created; nothing reaches the Operator before set.
  void session.open();
  try {
    const startedAt = new Date(startedAtMs).toISOString();
    const created = await dependencies.evidence.createRun({
      deviceSerial: device.serial,
      startedAt,
      ...(request.label === undefined ? {} : { label: request.label }),
    });
    if (!created.ok) return created;
    const handle = created.value;
    const payloads = sequencePayloads(handle.id, design.value, timeoutMs);
    if (!payloads.ok)
      return fail(payloads.error.code, payloads.error.message, {
        ...payloads.error.details,
        runId: handle.id,
      });
    const run = new SequenceRun(handle, device, leased.lease, request, dependencies, session, {
      runId: handle.id,
      startedAt,
      design: design.value,
      steps: initialSteps(),
      status: 'running',
      device: runDeviceOf(device, null),
      ...(request.label === undefined ? {} : { label: request.label }),
    });
    run.record();
    try {
      return ok(await perform(run, payloads.value));
    } finally {
      // Only a run that threw still has a rewrite pending: none may land after the run returned.
      run.dispose();
    }
  } finally {
    session.close();
    leased.lease.release();
  }
}
