// The execution payload contract: what the console, CLI, Serve API and MCP send to the Operator.

export const EXPECTED_FORMAT = 'android-ui-automator' as const;

export const SET_ON_SCREEN_LOG = 'set_on_screen_log' as const;
export const CLEAR_ON_SCREEN_LOG = 'clear_on_screen_log' as const;
export const SNAPSHOT = 'snapshot' as const;
export const TAKE_SCREENSHOT = 'take_screenshot' as const;

/** Canonical action types the console sends. */
export type ActionType =
  typeof SET_ON_SCREEN_LOG | typeof CLEAR_ON_SCREEN_LOG | typeof SNAPSHOT | typeof TAKE_SCREENSHOT;

export type Anchor = 'left' | 'right';
export type TextAlign = 'left' | 'right';

/** `set_on_screen_log` params after validation: exactly one of text/template; colours normalized when supplied. */
export interface SetOnScreenLogParams {
  text?: string;
  template?: string;
  anchor?: Anchor;
  textAlign?: TextAlign;
  topOffsetDp?: number;
  edgeOffsetDp?: number;
  widthDp?: number;
  fontSizeSp?: number;
  textColor?: string;
  backgroundColor?: string;
  ttlMs?: number;
}

/** A set spec with every canonical default applied (what the device draws). */
export interface ResolvedPanelSpec {
  content: { kind: 'text' | 'template'; value: string };
  anchor: Anchor;
  textAlign: TextAlign;
  topOffsetDp: number;
  edgeOffsetDp: number;
  widthDp: number;
  fontSizeSp: number;
  textColor: string;
  backgroundColor: string;
  ttlMs: number;
}

export type ScreenshotScale = 100 | 50 | 25;

export interface TakeScreenshotParams {
  path?: string;
  scale?: ScreenshotScale;
}

export type Action =
  | { id: string; type: typeof SET_ON_SCREEN_LOG; params: SetOnScreenLogParams }
  | { id: string; type: typeof CLEAR_ON_SCREEN_LOG; params?: Record<string, never> }
  | { id: string; type: typeof SNAPSHOT; params?: Record<string, never> }
  | { id: string; type: typeof TAKE_SCREENSHOT; params?: TakeScreenshotParams };

/** A canonical, validated execution payload. */
export interface Execution {
  commandId: string;
  taskId: string;
  source: string;
  expectedFormat: typeof EXPECTED_FORMAT;
  timeoutMs: number;
  mode?: 'direct';
  actions: Action[];
}
