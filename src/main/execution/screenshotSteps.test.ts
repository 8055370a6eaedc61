import { describe, expect, it } from 'vitest';
import type { ResultEnvelope, StepResult } from '../../shared/envelope';
import { fail, ok } from '../../shared/errors';
import type { Execution } from '../../shared/execution/types';
import type { Capture } from '../screenshot/capture';
import { finalizeScreenshots, LATER_SCREENSHOT_MESSAGE, type ScreenshotEffects } from './screenshotSteps';

// Host post-processing with fake effects: which steps are captured, their data, and the reconciled verdict.

const UNSUPPORTED: Record<string, string> = {
  error: 'UNSUPPORTED_RUNTIME_SCREENSHOT',
  errorCode: 'UNSUPPORTED_RUNTIME_SCREENSHOT',
  message: 'The Operator cannot capture the screen.',
};
const PERSISTED_AT = Date.UTC(2025, 0, 2, 3, 4, 5, 6);

function execution(actions: Execution['actions']): Execution {
  return {
    commandId: 'c',
    taskId: 't',
    source: 'test',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 5000,
    actions,
  };
}

/** The envelope the Operator returns: reconciled from its own steps (the placeholder decides the verdict). */
function operatorEnvelope(steps: StepResult[]): ResultEnvelope {
  const failed = steps.find((step) => !step.success);
  return {
    commandId: 'c',
    taskId: 't',
    status: failed ? 'failed' : 'success',
    stepResults: steps,
    error: failed ? `Step ${failed.id} (${failed.actionType}) failed: ${failed.data.error}` : null,
    ...(failed?.data.errorCode ? { errorCode: failed.data.errorCode } : {}),
  };
}

function screenshotStep(id: string): StepResult {
  return { id, actionType: 'take_screenshot', success: false, data: { ...UNSUPPORTED } };
}

function capture(scale: 100 | 50 | 25): Capture {
  const size = { 100: [1080, 2400], 50: [540, 1200], 25: [270, 600] }[scale];
  return {
    png: new Uint8Array([1]),
    widthPx: size[0] ?? 0,
    heightPx: size[1] ?? 0,
    deviceWidthPx: 1080,
    deviceHeightPx: 2400,
    appliedScale: scale,
  };
}

function effects(overrides: Partial<ScreenshotEffects> = {}): ScreenshotEffects & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    capture: async (scale) => {
      calls.push(`capture ${scale}`);
      return ok(capture(scale));
    },
    persist: async (_capture, params) => {
      calls.push(`persist ${params?.path ?? 'managed'}`);
      return ok({ path: params?.path ?? '/tmp/managed.png', persistedAtMs: PERSISTED_AT });
    },
    ...overrides,
  };
}

describe('finalizeScreenshots', () => {
  it('captures the first take_screenshot, rewrites it with exactly the documented keys and reconciles to success', async () => {
    const fx = effects();
    const result = await finalizeScreenshots(
      operatorEnvelope([screenshotStep('shot')]),
      execution([{ id: 'shot', type: 'take_screenshot', params: { path: '/out/a.png', scale: 50 } }]),
      fx,
    );
    expect(fx.calls).toEqual(['capture 50', 'persist /out/a.png']);
    expect(result.envelope).toEqual({
      commandId: 'c',
      taskId: 't',
      status: 'success',
      error: null,
      stepResults: [
        {
          id: 'shot',
          actionType: 'take_screenshot',
          success: true,
          data: {
            path: '/out/a.png',
            captureSource: 'host',
            persistedAt: '2025-01-02T03:04:05.006Z',
            captureWidthPx: '540',
            captureHeightPx: '1200',
            coordinateSpace: 'screenshot_pixels',
            origin: 'top_left',
            captureMethod: 'adb_screencap',
            protectedContent: 'false',
            requestedScale: '50',
            appliedScale: '50',
          },
        },
      ],
    });
    expect(result.screenshot).toMatchObject({ path: '/out/a.png', capture: { widthPx: 540 } });
  });

  it('captures once: later take_screenshot steps fail with a message saying why', async () => {
    const fx = effects();
    const result = await finalizeScreenshots(
      operatorEnvelope([
        screenshotStep('one'),
        { id: 'clear', actionType: 'clear_on_screen_log', success: true, data: { visible: 'false' } },
        screenshotStep('two'),
      ]),
      execution([
        { id: 'one', type: 'take_screenshot' },
        { id: 'clear', type: 'clear_on_screen_log' },
        { id: 'two', type: 'take_screenshot', params: { path: '/never.png' } },
      ]),
      fx,
    );
    expect(fx.calls).toEqual(['capture 100', 'persist managed']);
    expect(result.envelope.stepResults[0]?.success).toBe(true);
    expect(result.envelope.stepResults[2]).toEqual({
      id: 'two',
      actionType: 'take_screenshot',
      success: false,
      data: {
        error: 'UNSUPPORTED_RUNTIME_SCREENSHOT',
        errorCode: 'UNSUPPORTED_RUNTIME_SCREENSHOT',
        message: LATER_SCREENSHOT_MESSAGE,
      },
    });
    expect(result.envelope).toMatchObject({
      status: 'failed',
      errorCode: 'UNSUPPORTED_RUNTIME_SCREENSHOT',
      error: 'Step two (take_screenshot) failed: UNSUPPORTED_RUNTIME_SCREENSHOT',
    });
  });

  it('turns a capture failure into EVIDENCE_CAPTURE_FAILED step data and a failed envelope', async () => {
    const fx = effects({ capture: async () => fail('EVIDENCE_CAPTURE_FAILED', 'screencap said no') });
    const result = await finalizeScreenshots(
      operatorEnvelope([screenshotStep('shot')]),
      execution([{ id: 'shot', type: 'take_screenshot' }]),
      fx,
    );
    expect(result.screenshot).toBeUndefined();
    expect(result.envelope).toEqual({
      commandId: 'c',
      taskId: 't',
      status: 'failed',
      error: 'Step shot (take_screenshot) failed: EVIDENCE_CAPTURE_FAILED',
      errorCode: 'EVIDENCE_CAPTURE_FAILED',
      stepResults: [
        {
          id: 'shot',
          actionType: 'take_screenshot',
          success: false,
          data: {
            error: 'EVIDENCE_CAPTURE_FAILED',
            errorCode: 'EVIDENCE_CAPTURE_FAILED',
            message: 'screencap said no',
            failurePhase: 'post_processing',
            dispatchState: 'dispatched',
          },
        },
      ],
    });
  });

  it('reports a write failure the same way', async () => {
    const fx = effects({
      persist: async () => fail('EVIDENCE_WRITE_FAILED', 'Could not write /ro/x.png: EROFS'),
    });
    const result = await finalizeScreenshots(
      operatorEnvelope([screenshotStep('shot')]),
      execution([{ id: 'shot', type: 'take_screenshot', params: { path: '/ro/x.png' } }]),
      fx,
    );
    expect(result.envelope.stepResults[0]?.data).toMatchObject({
      errorCode: 'EVIDENCE_CAPTURE_FAILED',
      message: 'Could not write /ro/x.png: EROFS',
    });
  });

  it('keeps an earlier failed step as the verdict after a successful capture', async () => {
    const setFailure: StepResult = {
      id: 'set',
      actionType: 'set_on_screen_log',
      success: false,
      data: {
        error: 'ON_SCREEN_LOG_RENDER_TIMEOUT',
        errorCode: 'ON_SCREEN_LOG_RENDER_TIMEOUT',
        message: 'no draw',
      },
    };
    const result = await finalizeScreenshots(
      operatorEnvelope([setFailure, screenshotStep('shot')]),
      execution([
        { id: 'set', type: 'set_on_screen_log', params: { text: 'x' } },
        { id: 'shot', type: 'take_screenshot' },
      ]),
      effects(),
    );
    expect(result.envelope).toMatchObject({
      status: 'failed',
      errorCode: 'ON_SCREEN_LOG_RENDER_TIMEOUT',
      error: 'Step set (set_on_screen_log) failed: ON_SCREEN_LOG_RENDER_TIMEOUT',
    });
    expect(result.envelope.stepResults[1]?.success).toBe(true);
  });

  it('leaves an envelope without placeholder steps untouched and captures nothing', async () => {
    const fx = effects();
    const envelope = operatorEnvelope([
      { id: 'c', actionType: 'clear_on_screen_log', success: true, data: { visible: 'false' } },
    ]);
    const result = await finalizeScreenshots(
      envelope,
      execution([{ id: 'c', type: 'clear_on_screen_log' }]),
      fx,
    );
    expect(result).toEqual({ envelope });
    expect(fx.calls).toEqual([]);
  });
});
