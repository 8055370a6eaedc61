// Host post-processing of take_screenshot steps, after the Operator's envelope has returned.
//
// Ordering limit (seed "Current raw screenshot ordering"): the Operator cannot capture, so it answers every
// take_screenshot with UNSUPPORTED_RUNTIME_SCREENSHOT and the host takes the pixels only once the WHOLE action list
// has run. In one list set_on_screen_log -> take_screenshot -> clear_on_screen_log, the picture is therefore taken
// after the clear, without the panel. Only the first take_screenshot step is captured; later ones fail with a
// message saying so. To capture a visible panel, run set, screenshot and clear as separate awaited executions
// (runSequence does exactly that). See docs/screenshots.md.
import type { ResultEnvelope, StepResult } from '../../shared/envelope';
import type { AppError, Result } from '../../shared/errors';
import type { Execution, ScreenshotScale, TakeScreenshotParams } from '../../shared/execution/types';
import { reconcileEnvelope } from '../../shared/reconcile';
import type { Capture } from '../screenshot/capture';

const UNSUPPORTED = 'UNSUPPORTED_RUNTIME_SCREENSHOT';

export const LATER_SCREENSHOT_MESSAGE =
  'Not captured: the host captures only the first take_screenshot of an execution, after the whole action list ' +
  'has run. Run each screenshot as its own execution.';

/** Where a persisted capture went. */
export interface PersistedCapture {
  path: string;
  persistedAtMs: number;
}

export interface ScreenshotEffects {
  capture(scale: ScreenshotScale): Promise<Result<Capture>>;
  /** Writes the capture (to the caller's path, a managed path or an evidence folder). */
  persist(capture: Capture, params: TakeScreenshotParams | undefined): Promise<Result<PersistedCapture>>;
}

export interface FinalizedScreenshots {
  envelope: ResultEnvelope;
  /** The capture that was written, when the first take_screenshot succeeded. */
  screenshot?: { capture: Capture; path: string };
}

/** Step data of a captured screenshot: exactly these string keys. */
export function screenshotSuccessData(
  capture: Capture,
  persisted: PersistedCapture,
  requestedScale: ScreenshotScale,
): Record<string, string> {
  return {
    path: persisted.path,
    captureSource: 'host',
    persistedAt: new Date(persisted.persistedAtMs).toISOString(),
    captureWidthPx: String(capture.widthPx),
    captureHeightPx: String(capture.heightPx),
    coordinateSpace: 'screenshot_pixels',
    origin: 'top_left',
    captureMethod: 'adb_screencap',
    protectedContent: 'false',
    requestedScale: String(requestedScale),
    appliedScale: String(capture.appliedScale),
  };
}

/** Step data of a failed host capture. */
export function screenshotFailureData(error: AppError): Record<string, string> {
  return {
    error: 'EVIDENCE_CAPTURE_FAILED',
    errorCode: 'EVIDENCE_CAPTURE_FAILED',
    message: error.message,
    failurePhase: 'post_processing',
    dispatchState: 'dispatched',
  };
}

function isUnsupported(step: StepResult): boolean {
  return step.actionType === 'take_screenshot' && !step.success && step.data.error === UNSUPPORTED;
}

async function captureStep(
  params: TakeScreenshotParams | undefined,
  effects: ScreenshotEffects,
): Promise<{ data: Record<string, string>; success: boolean; written?: { capture: Capture; path: string } }> {
  const requestedScale = params?.scale ?? 100;
  const captured = await effects.capture(requestedScale);
  if (!captured.ok) return { success: false, data: screenshotFailureData(captured.error) };
  const persisted = await effects.persist(captured.value, params);
  if (!persisted.ok) return { success: false, data: screenshotFailureData(persisted.error) };
  return {
    success: true,
    data: screenshotSuccessData(captured.value, persisted.value, requestedScale),
    written: { capture: captured.value, path: persisted.value.path },
  };
}

/**
 * Captures for the first take_screenshot step the Operator left UNSUPPORTED_RUNTIME_SCREENSHOT, marks later ones
 * as not captured, and reconciles the envelope again (the placeholder code no longer decides its verdict).
 * An envelope without such steps is returned unchanged.
 */
export async function finalizeScreenshots(
  envelope: ResultEnvelope,
  execution: Execution,
  effects: ScreenshotEffects,
): Promise<FinalizedScreenshots> {
  if (!envelope.stepResults.some(isUnsupported)) return { envelope };
  const firstAction = execution.actions.find((action) => action.type === 'take_screenshot');
  const stepResults: StepResult[] = [];
  let seenScreenshot = false;
  let written: FinalizedScreenshots['screenshot'];
  for (const step of envelope.stepResults) {
    const first = step.actionType === 'take_screenshot' && !seenScreenshot;
    if (step.actionType === 'take_screenshot') seenScreenshot = true;
    if (!isUnsupported(step)) {
      stepResults.push(step);
    } else if (first && firstAction?.type === 'take_screenshot') {
      const outcome = await captureStep(firstAction.params, effects);
      written = outcome.written;
      stepResults.push({ ...step, success: outcome.success, data: outcome.data });
    } else {
      stepResults.push({
        ...step,
        data: { error: UNSUPPORTED, errorCode: UNSUPPORTED, message: LATER_SCREENSHOT_MESSAGE },
      });
    }
  }
  // The Operator's errorCode was derived from the placeholder step; dropping it lets the steps decide again.
  const { errorCode, ...rest } = envelope;
  const base: ResultEnvelope =
    errorCode === UNSUPPORTED ? { ...rest, stepResults } : { ...envelope, stepResults };
  const reconciled = reconcileEnvelope(base);
  return written === undefined ? { envelope: reconciled } : { envelope: reconciled, screenshot: written };
}
