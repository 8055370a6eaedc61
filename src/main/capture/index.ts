// Public surface of the capture check.
export { checkPanelInCapture, DEFAULT_TOLERANCE, MATCH_THRESHOLD } from './captureCheck';
export type { CaptureCheck, CaptureCheckInput, CompositeEstimate } from './types';
