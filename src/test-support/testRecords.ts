// Run records for the evidence tests.
import type { RunRecord } from '../main/evidence/types';

export const RECORD_ID = '20250603-140509-emulator-5554-a1b2c3';

/** A record using every field. */
export function fullRecord(): RunRecord {
  return {
    schemaVersion: 1,
    id: RECORD_ID,
    label: 'FLOW-001',
    status: 'failed',
    startedAt: '2025-06-03T14:05:09.250Z',
    finishedAt: '2025-06-03T14:05:12.000Z',
    device: {
      serial: 'emulator-5554',
      model: 'Pixel 7',
      manufacturer: 'Google',
      sdkInt: 35,
      profile: 'phone',
      simulated: true,
    },
    design: { text: 'FLOW-001', anchor: 'left' },
    steps: [
      {
        name: 'set',
        status: 'succeeded',
        startedAt: '2025-06-03T14:05:09.300Z',
        finishedAt: '2025-06-03T14:05:09.800Z',
        durationMs: 500,
        payload: { actions: [] },
        envelope: { status: 'success' },
        data: { visible: 'true', bounds: '[21,157][756,236]' },
      },
      {
        name: 'screenshot',
        status: 'failed',
        error: { code: 'EVIDENCE_CAPTURE_FAILED', message: 'no', details: { phase: 'x' } },
      },
      { name: 'clear', status: 'skipped' },
    ],
    screenshot: { file: 'screenshot.png', widthPx: 1080, heightPx: 2400, capturedAt: '2025-06-03T14:05:10Z' },
    captureCheck: {
      inCapture: true,
      matchRatio: 1,
      sampledPixels: 9261,
      threshold: 0.9,
      expected: {
        model: 'translucent',
        alpha: 0.7,
        minRgb: [0, 0, 0],
        maxRgb: [76.5, 76.5, 76.5],
        textColor: '#FFFFFFFF',
        tolerance: 8,
        description: 'x',
      },
      backgroundRatio: 0.93,
      surroundingRatio: 0,
      surroundingPixels: 2000,
      reason: 'ok',
    },
    predictedBounds: { left: 21, top: 157, right: 756, bottom: 236 },
    reportedBounds: { left: 21, top: 157, right: 756, bottom: 236 },
  };
}
