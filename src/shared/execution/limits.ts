// Limits and defaults of the execution contract (reference sections 1 and 2).

export const MAX_ID_LENGTH = 128;
export const MAX_SOURCE_LENGTH = 64;
export const MAX_ACTION_TYPE_LENGTH = 64;
export const MIN_TIMEOUT_MS = 1000;
export const MAX_TIMEOUT_MS = 120000;
export const DEFAULT_TIMEOUT_MS = 30000;
export const MAX_EXECUTION_ACTIONS = 50;
export const MAX_PAYLOAD_BYTES = 64000;
/** The host waits this much longer than timeoutMs for the result envelope. */
export const ENVELOPE_WAIT_BUFFER_MS = 5000;

export const MAX_PANEL_TEXT_UNITS = 2048;
export const MAX_EXPANDED_TEMPLATE_UNITS = 8192;
export const MAX_METADATA_VALUE_UNITS = 256;
export const PANEL_PADDING_DP = 8;
export const DRAW_ACK_DEADLINE_MS = 2000;

/** Integer ranges of the numeric set_on_screen_log fields, with their defaults. */
export const PANEL_NUMBER_FIELDS = {
  topOffsetDp: { min: 0, max: 1000, default: 8 },
  edgeOffsetDp: { min: 0, max: 1000, default: 8 },
  widthDp: { min: 80, max: 600, default: 280 },
  fontSizeSp: { min: 8, max: 24, default: 12 },
  ttlMs: { min: 1000, max: 3600000, default: 300000 },
} as const;

export const PANEL_DEFAULTS = {
  anchor: 'left',
  textAlign: 'left',
  textColor: '#FFFFFFFF',
  backgroundColor: '#B3000000',
} as const;

export const SCREENSHOT_SCALES = [100, 50, 25] as const;
