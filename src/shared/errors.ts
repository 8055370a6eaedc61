// Every error code that crosses a boundary (CLI output, HTTP, IPC, MCP, agent socket) lives in this one union.
export const ERROR_CODES = [
  // Pre-dispatch validation
  'EXECUTION_VALIDATION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'MISSING_ARGUMENT',
  // On-screen log runtime (per step)
  'ON_SCREEN_LOG_SERVICE_UNAVAILABLE',
  'ON_SCREEN_LOG_LAYOUT_INVALID',
  'ON_SCREEN_LOG_RENDER_FAILED',
  'ON_SCREEN_LOG_RENDER_TIMEOUT',
  // Operator runtime
  'SERVICE_UNAVAILABLE',
  'SNAPSHOT_FAILED',
  'UNSUPPORTED_RUNTIME_SCREENSHOT',
  'EXECUTION_FAILED',
  // Host and targeting
  'ADB_NOT_FOUND',
  'ADB_SERVER_UNAVAILABLE',
  'INVALID_SERVER_ADDRESS',
  'NO_DEVICES',
  'DEVICE_NOT_FOUND',
  'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED',
  'DEVICE_OFFLINE',
  'DEVICE_UNAUTHORIZED',
  'DEVICE_SHELL_UNAVAILABLE',
  'DEVICE_NOT_INTERACTIVE',
  'OPERATOR_NOT_INSTALLED',
  'OPERATOR_NOT_ENABLED',
  'OPERATOR_UNREACHABLE',
  'OPERATOR_VARIANT_MISMATCH',
  'OPERATOR_PROTOCOL_ERROR',
  'OPERATOR_INSTALL_FAILED',
  'OPERATOR_SETTINGS_FAILED',
  'EXECUTION_CONFLICT_IN_FLIGHT',
  'DEVICE_LEASE_LOST',
  'RESULT_ENVELOPE_TIMEOUT',
  'RESULT_ENVELOPE_MALFORMED',
  'RESULT_TRANSPORT_FAILED',
  'EVIDENCE_CAPTURE_FAILED',
  'EVIDENCE_NOT_FOUND',
  'EVIDENCE_WRITE_FAILED',
  'EVIDENCE_CORRUPT',
  'EVIDENCE_PANEL_REPLACED',
  'SEQUENCE_NOT_HELD',
  'CAPTURE_BOUNDS_MISMATCH',
  'DAEMON_PROXY_ERROR',
  'COMMAND_TIMEOUT',
  'COMMAND_CANCELLED',
  // Android tools (diagnostics, traces, UI)
  'INVALID_ARGUMENTS',
  'UNKNOWN_TOOL',
  'ANDROID_COMMAND_REFUSED',
  'ANDROID_COMMAND_FAILED',
  'ANDROID_COMMAND_TIMED_OUT',
  'APPROVAL_REFUSED',
  'APPROVAL_UNAVAILABLE',
  'APPROVAL_NOT_PENDING',
  // CLI
  'USAGE',
  'UNKNOWN_COMMAND',
  'FILE_NOT_FOUND',
  'FILE_READ_FAILED',
  'INVALID_APK',
  'INVALID_JSON',
  // HTTP routes
  'INVALID_BODY',
  'MISSING_EXECUTION',
  'INVALID_DEVICE_ID',
  'INVALID_OPERATOR_PACKAGE',
  'INVALID_RUN_ID',
  'INVALID_PATH',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'LISTEN_FAILED',
  'SERVER_SHUTTING_DOWN',
  'FILE_WRITE_FAILED',
  'INTERNAL_ERROR',
  // System trace analysis
  'TRACE_MALFORMED',
  'TRACE_TOO_LARGE',
  'TRACE_LIMIT_EXCEEDED',
  'TRACE_UNSUPPORTED',
  'TRACE_TARGET_NOT_FOUND',
  'SYSTEM_TRACE_UNAVAILABLE',
  'SYSTEM_TRACE_REFUSED',
  // UI actions (docs/ui-loop.md "Actions")
  'UI_TREE_INCOMPLETE',
  'UI_TARGET_NOT_FOUND',
  'UI_TARGET_AMBIGUOUS',
  'UI_TARGET_CHANGED',
  'UI_BUSY',
  'UI_INPUT_UNSUPPORTED',
  'UI_VERIFICATION_FAILED',
  'UI_TARGET_NOT_EDITABLE',
  'UI_TARGET_PASSWORD',
  'UI_TARGET_NOT_CLICKABLE',
  'UI_NODE_ACTION_FAILED',
  // Agent protocol: an answer to another request on the stream (docs/operator-protocol.md "Timing and replay")
  'RESULT_ID_MISMATCH',
  // Screenshots for vision (docs/ui-loop.md "Screenshots and vision")
  'IMAGE_REFUSED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const ERROR_CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES);

/** True when `value` is one of the known error codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && ERROR_CODE_SET.has(value);
}

/** Structured error: a stable code, a message that says what to fix, optional hint and details. */
export interface AppError {
  code: ErrorCode;
  message: string;
  hint?: string;
  details?: Record<string, unknown>;
}

/** Errors cross every boundary as values, never as thrown exceptions. */
export type Result<T, E = AppError> = { ok: true; value: T } | { ok: false; error: E };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function fail(
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
  hint?: string,
): {
  ok: false;
  error: AppError;
} {
  const error: AppError = { code, message };
  if (hint !== undefined) error.hint = hint;
  if (details !== undefined) error.details = details;
  return { ok: false, error };
}

/** An exception carrying a structured error, for code paths that must unwind (e.g. CLI argument parsing). */
export class AppErrorException extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
    this.name = 'AppErrorException';
  }
}

/** Where a host failure happened: before the request left, while sending, waiting for the answer, or after it. */
export type Phase = 'readiness' | 'dispatch' | 'result_wait' | 'post_processing';
/** Whether the device may have run the request: the retry decision depends on it. */
export type DispatchState = 'not_dispatched' | 'dispatched' | 'unknown';

/** The typed part of a host failure's details; the wire carries them in details as before. */
export interface HostFailureDetails extends Record<string, unknown> {
  phase: Phase;
  dispatchState: DispatchState;
}

/** A failure on the host's way to or from the device: code reads `details.phase`/`details.dispatchState` typed. */
export interface HostFailure extends AppError {
  details: HostFailureDetails;
}

/** Builds a host failure; `where` wins over a phase or dispatchState in `details`. */
export function hostFailure(
  code: ErrorCode,
  message: string,
  where: { phase: Phase; dispatchState: DispatchState },
  details?: Record<string, unknown>,
): HostFailure {
  return { code, message, details: { ...details, phase: where.phase, dispatchState: where.dispatchState } };
}

/** `error` (any AppError, e.g. a resolver's) as a host failure at `where`, its code, message, hint and details kept. */
export function asHostFailure(
  error: AppError,
  where: { phase: Phase; dispatchState: DispatchState },
): HostFailure {
  return {
    ...error,
    details: { ...error.details, phase: where.phase, dispatchState: where.dispatchState },
  };
}

/** A failed Result carrying a host failure. */
export function failHost(
  code: ErrorCode,
  message: string,
  where: { phase: Phase; dispatchState: DispatchState },
  details?: Record<string, unknown>,
): { ok: false; error: HostFailure } {
  return { ok: false, error: hostFailure(code, message, where, details) };
}
