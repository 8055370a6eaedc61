// run.json of a sequence: the evidence store's RunRecord built from the sequence's state.
import type { OperatorDescription } from '../../shared/agent/messages';
import type { RunCapture, RunHold, RunLease, RunPanelGeneration } from '../../shared/api/evidence';
import type { AppError } from '../../shared/errors';
import type { SetOnScreenLogParams } from '../../shared/execution/types';
import type { Rect } from '../../shared/geometry/types';
import type { CaptureCheck } from '../capture/types';
import type { ResolvedDevice } from '../devices/types';
import {
  RUN_SCHEMA_VERSION,
  type RunContext,
  type RunDevice,
  type RunGroupRef,
  type RunCrashReport,
  type RunLogExcerpt,
  type RunRecord,
  type RunScreenshot,
  type RunStatus,
  type RunStep,
} from '../evidence/types';
import { envelopeError } from './steps';
import type { SequenceStep } from './types';

/** What the sequence knows so far; every field but the first four fills in as steps finish. */
export interface RecordState {
  runId: string;
  startedAt: string;
  design: SetOnScreenLogParams;
  steps: readonly SequenceStep[];
  label?: string;
  status: RunStatus;
  finishedAt?: string;
  device: RunDevice;
  group?: RunGroupRef;
  context?: RunContext;
  screenshot?: RunScreenshot;
  captureCheck?: CaptureCheck;
  predictedBounds?: Rect;
  reportedBounds?: Rect;
  lease?: RunLease;
  interference?: AppError;
  panelGeneration?: RunPanelGeneration;
  logExcerpt?: RunLogExcerpt;
  crashes?: RunCrashReport;
  hold?: RunHold;
  captures?: RunCapture[];
}

/** The device as run.json describes it: the resolved serial plus what hello reported. */
export function runDeviceOf(device: ResolvedDevice, description: OperatorDescription | null): RunDevice {
  const run: RunDevice = { serial: device.serial };
  const model = description?.device.model ?? device.info.model;
  const manufacturer = description?.device.manufacturer ?? device.info.manufacturer;
  const sdkInt = description?.device.sdkInt ?? device.info.apiLevel;
  if (model !== undefined) run.model = model;
  if (manufacturer !== undefined) run.manufacturer = manufacturer;
  if (sdkInt !== undefined && Number.isInteger(sdkInt) && sdkInt >= 1) run.sdkInt = sdkInt;
  if (device.info.simulatedProfile !== undefined) {
    run.profile = device.info.simulatedProfile;
    run.simulated = true;
  }
  return run;
}

/** The run's context from hello: what the Operator saw on the device when it answered (see RunContext). */
export function runContextOf(description: OperatorDescription, observedAt: Date): RunContext {
  const { display, foregroundApp } = description;
  const context: RunContext = {
    source: 'operator_hello',
    observedAt: observedAt.toISOString(),
    display: {
      widthPx: display.widthPx,
      heightPx: display.heightPx,
      densityDpi: display.densityDpi,
      fontScale: display.fontScale,
      rotation: display.rotation,
    },
  };
  if (description.device.release !== '') context.androidRelease = description.device.release;
  if (description.locale.tag !== '') context.locale = description.locale.tag;
  if (foregroundApp !== null) {
    const { packageName, label, versionName, versionCode } = foregroundApp;
    context.foregroundApp = { packageName, label, versionName, versionCode };
  }
  return context;
}

function runStepOf(step: SequenceStep): RunStep {
  const run: RunStep = { name: step.step, status: step.status };
  if (step.startedAt !== undefined) run.startedAt = step.startedAt;
  if (step.completedAt !== undefined) run.finishedAt = step.completedAt;
  if (step.durationMs !== undefined) run.durationMs = step.durationMs;
  if (step.payload !== undefined) run.payload = step.payload;
  if (step.envelope !== undefined) run.envelope = step.envelope;
  const error = step.error ?? envelopeError(step.envelope);
  if (error !== undefined)
    run.error = {
      code: error.code,
      message: error.message,
      ...(error.details === undefined ? {} : { details: error.details }),
    };
  const data = step.envelope?.stepResults[0]?.data;
  if (data !== undefined) run.data = data;
  return run;
}

/** The run.json content for the current state. */
export function buildRunRecord(state: RecordState): RunRecord {
  const record: RunRecord = {
    schemaVersion: RUN_SCHEMA_VERSION,
    id: state.runId,
    status: state.status,
    startedAt: state.startedAt,
    device: state.device,
    ...(state.group === undefined ? {} : { group: state.group }),
    ...(state.context === undefined ? {} : { context: state.context }),
    design: state.design,
    steps: state.steps.map(runStepOf),
  };
  if (state.label !== undefined) record.label = state.label;
  if (state.finishedAt !== undefined) record.finishedAt = state.finishedAt;
  if (state.screenshot !== undefined) record.screenshot = state.screenshot;
  if (state.captureCheck !== undefined) record.captureCheck = state.captureCheck;
  if (state.predictedBounds !== undefined) record.predictedBounds = state.predictedBounds;
  if (state.reportedBounds !== undefined) record.reportedBounds = state.reportedBounds;
  if (state.lease !== undefined) record.lease = state.lease;
  if (state.interference !== undefined) {
    const { code, message, details } = state.interference;
    record.interference = { code, message, ...(details === undefined ? {} : { details }) };
  }
  if (state.panelGeneration !== undefined) record.panelGeneration = state.panelGeneration;
  if (state.logExcerpt !== undefined) record.logExcerpt = state.logExcerpt;
  if (state.crashes !== undefined) record.crashes = state.crashes;
  if (state.hold !== undefined) record.hold = state.hold;
  if (state.captures !== undefined) record.captures = state.captures;
  return record;
}
