// HTTP status of a Serve API failure (reference section 6); an Android step failure is not one (200, ok:true).
import type { ErrorCode } from '../../shared/errors';

const STATUS: Partial<Record<ErrorCode, number>> = {
  EXECUTION_VALIDATION_FAILED: 400,
  MULTIPLE_DEVICES_DEVICE_ID_REQUIRED: 400,
  INVALID_BODY: 400,
  MISSING_EXECUTION: 400,
  INVALID_DEVICE_ID: 400,
  INVALID_OPERATOR_PACKAGE: 400,
  INVALID_RUN_ID: 400,
  INVALID_PATH: 400,
  INVALID_JSON: 400,
  DEVICE_NOT_FOUND: 404,
  NO_DEVICES: 404,
  DEVICE_NOT_INTERACTIVE: 409,
  // The reference's DEVICE_ACCESSIBILITY_NOT_RUNNING: the Operator's accessibility service is not enabled.
  OPERATOR_NOT_ENABLED: 409,
  PAYLOAD_TOO_LARGE: 413,
  EXECUTION_CONFLICT_IN_FLIGHT: 423,
  DEVICE_SHELL_UNAVAILABLE: 503,
  RESULT_ENVELOPE_TIMEOUT: 504,
};

/** The status for a failed request; anything the reference does not map is 500. */
export function httpStatusFor(code: ErrorCode): number {
  return STATUS[code] ?? 500;
}
