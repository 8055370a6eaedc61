// What to do about each error code, shown under a failed step. Every code has advice: a new code is a compile error.
import { isErrorCode, type ErrorCode } from '../../../shared/errors';

const ERROR_ADVICE: Record<ErrorCode, string> = {
  EXECUTION_VALIDATION_FAILED: 'Fix the field named in the message; the panel on the device is unchanged.',
  PAYLOAD_TOO_LARGE: 'Shorten the text or template; the payload must stay under 64000 bytes.',
  MISSING_ARGUMENT: 'Supply the missing value and retry.',
  ON_SCREEN_LOG_SERVICE_UNAVAILABLE:
    'Enable the Operator accessibility service on the device (Settings > Accessibility), then rerun.',
  ON_SCREEN_LOG_LAYOUT_INVALID:
    'Reduce Width, the offsets, the text or the Font size so the panel fits the usable display (a device that ' +
    'reports no usable area fits no panel: use another device).',
  ON_SCREEN_LOG_RENDER_FAILED: 'Check the Operator service is healthy, then set the panel again.',
  ON_SCREEN_LOG_RENDER_TIMEOUT:
    'Visibility is unconfirmed: take a new screenshot to check, and retry only if the panel is missing.',
  SERVICE_UNAVAILABLE: 'The Operator service is not connected: enable its accessibility service and retry.',
  SNAPSHOT_FAILED: 'Retry the snapshot; if it keeps failing, restart the Operator service.',
  UNSUPPORTED_RUNTIME_SCREENSHOT: 'Screenshots are captured by the host; update the console and retry.',
  EXECUTION_FAILED: 'Read the step message for the cause, fix it and rerun.',
  ADB_NOT_FOUND: 'Install Android platform-tools and make sure adb is on the PATH.',
  ADB_SERVER_UNAVAILABLE: 'Start the adb server (adb start-server) or check the remote adb address.',
  INVALID_SERVER_ADDRESS:
    'Write the adb server as host:port, e.g. lab-adb.example.com:5037, and add it again.',
  NO_DEVICES: 'Connect a device or start a simulated one (androperator simulator start).',
  DEVICE_NOT_FOUND: 'The device disconnected: reconnect it or pick another device.',
  MULTIPLE_DEVICES_DEVICE_ID_REQUIRED: 'Pick the target device in the Devices list.',
  DEVICE_OFFLINE: 'Reconnect the device (replug USB or restart adb) and wait until it shows "device".',
  DEVICE_UNAUTHORIZED: 'Accept the USB debugging prompt on the device, then retry.',
  DEVICE_SHELL_UNAVAILABLE: 'The adb shell did not answer: reconnect the device and retry.',
  DEVICE_NOT_INTERACTIVE: 'Wake and unlock the device, then retry.',
  OPERATOR_NOT_INSTALLED: 'Install the Operator app on the device (or check the operator package setting).',
  OPERATOR_NOT_ENABLED: 'Enable the Operator accessibility service in the device settings.',
  OPERATOR_UNREACHABLE: 'Restart the Operator service (toggle its accessibility service) and retry.',
  OPERATOR_VARIANT_MISMATCH: 'Use the operator package that is installed (release or .dev) in the settings.',
  OPERATOR_PROTOCOL_ERROR: 'Update the Operator app so it speaks this console\u2019s protocol version.',
  OPERATOR_INSTALL_FAILED: 'Read the package manager\u2019s reason; a signed, matching APK usually fixes it.',
  OPERATOR_SETTINGS_FAILED: 'Enable the service by hand in Accessibility settings on the device.',
  EXECUTION_CONFLICT_IN_FLIGHT:
    'Another execution is running on this device: wait for it to finish, then retry.',
  DEVICE_LEASE_LOST:
    'The run lost its hold on the device (it stalled past the lease): check the screen, then rerun the sequence.',
  RESULT_ENVELOPE_TIMEOUT:
    'The device did not answer in time: check its state with a screenshot before retrying (it may have acted).',
  RESULT_ENVELOPE_MALFORMED: 'The Operator answered garbage: update or restart it.',
  RESULT_TRANSPORT_FAILED:
    'The connection to the device dropped: reconnect it and check its state before retrying.',
  EVIDENCE_CAPTURE_FAILED: 'The screenshot could not be captured: check the device screen is on and retry.',
  EVIDENCE_NOT_FOUND: 'The run is gone from the evidence folder: refresh the history.',
  EVIDENCE_WRITE_FAILED: 'Free disk space or fix permissions of the evidence folder, then rerun.',
  EVIDENCE_CORRUPT: 'The run record is damaged: export what is left or delete the run.',
  EVIDENCE_PANEL_REPLACED:
    'The panel on screen changed during the capture (another caller or a redraw): rerun the sequence.',
  SEQUENCE_NOT_HELD:
    'No run holds its panel on that device: start one with "Run and hold" (or sequence --hold), then capture.',
  CAPTURE_BOUNDS_MISMATCH: 'The reported bounds lie outside the capture: rotate back or rerun the sequence.',
  DAEMON_PROXY_ERROR: 'The action may have run: check the device before retrying.',
  COMMAND_TIMEOUT: 'The command took too long: check the device and retry, perhaps with a longer timeout.',
  COMMAND_CANCELLED: 'The command was cancelled; rerun it when ready.',
  INVALID_ARGUMENTS: 'Fix the argument named in the message; nothing was sent to the device.',
  UNKNOWN_TOOL: 'Use one of the listed tools (androperator android --help, or MCP tools/list).',
  ANDROID_COMMAND_REFUSED:
    'This form is not read-only and is refused: use a reviewed query form (docs/diagnostics.md lists them).',
  ANDROID_COMMAND_FAILED: 'Read the status and stderr in the details; the device command did not succeed.',
  ANDROID_COMMAND_TIMED_OUT: 'Narrow the scope (a package, a key, fewer lines) and run it again.',
  APPROVAL_REFUSED:
    'The action was refused, so nothing was sent to the device. Run it again to be asked again.',
  APPROVAL_UNAVAILABLE:
    'This action needs approval: run it from the console, answer the prompt on a terminal, or pass --yes.',
  APPROVAL_NOT_PENDING:
    'That approval prompt was already answered, timed out or withdrawn: nothing was approved. Run the action again.',
  USAGE: 'Check the command syntax.',
  UNKNOWN_COMMAND: 'Check the command name.',
  FILE_NOT_FOUND: 'Check the path exists.',
  FILE_READ_FAILED: 'Check the file permissions.',
  INVALID_APK: 'Choose an .apk file built for Android.',
  INVALID_JSON: 'Fix the JSON syntax.',
  INVALID_BODY: 'The request was malformed: reload the console.',
  MISSING_EXECUTION: 'The request had no execution: reload the console.',
  INVALID_DEVICE_ID: 'Pick a device from the Devices list.',
  INVALID_OPERATOR_PACKAGE: 'Set a valid operator package name in the settings.',
  INVALID_RUN_ID: 'Reopen the run from the history.',
  INVALID_PATH: 'Enter an absolute path to a file in a writable folder.',
  UNAUTHORIZED: 'Open the console with the URL (including ?token=) printed by npm run web.',
  FORBIDDEN: 'Open the console through 127.0.0.1 or localhost.',
  NOT_FOUND: 'The console server does not know this request: update the console.',
  METHOD_NOT_ALLOWED: 'The console server does not know this request: update the console.',
  LISTEN_FAILED: 'Another program uses the port: stop it or choose another port.',
  SERVER_SHUTTING_DOWN: 'The console is shutting down: restart it.',
  FILE_WRITE_FAILED: 'Choose a path in a folder you can write to, with free space.',
  INTERNAL_ERROR: 'Retry; if it happens again, restart the console and report the message.',
  TRACE_MALFORMED: 'Pass an uncompressed raw Perfetto protobuf trace (a .pftrace written by perfetto -o).',
  TRACE_TOO_LARGE: 'Record a shorter or smaller trace (at most 64 MiB, packets at most 4 MiB).',
  TRACE_LIMIT_EXCEEDED: 'Record a shorter trace: the analyser bounds packets, events, threads and fields.',
  TRACE_UNSUPPORTED: 'Decompress the trace first, or record it with this console (raw, uncompressed).',
  TRACE_TARGET_NOT_FOUND:
    'Pass the pid of the process instead (the package matched no single recorded process).',
  SYSTEM_TRACE_UNAVAILABLE:
    "The device's perfetto or traced cannot record this trace (Android 11+ with linux.ftrace): use another device.",
  SYSTEM_TRACE_REFUSED:
    'Follow the message: stop or delete a kept capture (list_system_traces), or use an id it lists.',
  UI_TREE_INCOMPLETE:
    'The UI tree was partial or truncated, so no unique target could be proven: narrow the screen and retry.',
  UI_TARGET_NOT_FOUND:
    'No node matched exactly: read the screen again (android.screen_dump) and use its text or bounds.',
  UI_TARGET_AMBIGUOUS: 'Several nodes matched: pick one by its exact bounds with android.tap_node.',
  UI_TARGET_CHANGED:
    'The screen changed after confirmation, so nothing was sent: read the screen again and confirm the new target.',
  UI_BUSY: 'Another UI action is running on this device: wait for it to finish, then retry.',
  UI_INPUT_UNSUPPORTED:
    "Unicode text and replace need the Operator's set_text: install, enable or update the Operator (androperator operator setup); the shell path types printable ASCII only and cannot replace text.",
  UI_VERIFICATION_FAILED:
    'The action was sent once but its postcondition was not observed: read the screen before retrying.',
  UI_TARGET_NOT_EDITABLE:
    'The field is not an enabled editable text field: focus the text field you mean (tap it), then enter the text again.',
  UI_TARGET_PASSWORD:
    'Password fields are never typed into by the Operator: enter the password on the device yourself.',
  UI_TARGET_NOT_CLICKABLE:
    'The node does not take clicks (disabled, or not clickable): target its clickable parent, or use android.tap.',
  UI_NODE_ACTION_FAILED:
    'The app refused the accessibility action; nothing changed: read the screen, then try the shell path (android.tap) or another field.',
  RESULT_ID_MISMATCH:
    'The Operator answered another request on the stream, so this one may or may not have run: inspect the device, then retry once.',
  IMAGE_REFUSED:
    'The image is not a PNG, JPEG or WebP, or is too large to send (32 MiB file, 80 megapixels, 2 MiB sent): crop or convert it.',
};

/** What the console knows about the device an error came from, so the advice fits it. */
export interface AdviceSituation {
  /** The device reports no usable display area (Android 9 with a cutout): no layout change can help. */
  usableAreaUnknown?: boolean;
  /** The Operator section shows an enabled "Enable service" button for this device. */
  enableServiceButton?: boolean;
}

/** The advice when the device has no usable area: the same words the preview shows for it. */
export const NO_USABLE_AREA_ADVICE =
  'No panel fits this display as it is configured; the device refuses set_on_screen_log too. Use another device.';

/** The advice pointing at the Operator section's button. */
export const ENABLE_SERVICE_ADVICE = 'Press \u201cEnable service\u201d in the Operator section, then rerun.';

const SERVICE_CODES: ReadonlySet<string> = new Set([
  'ON_SCREEN_LOG_SERVICE_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'OPERATOR_NOT_ENABLED',
]);

/**
 * The advice for a code, fitted to the device when the console knows more (no usable area, an "Enable service"
 * button on screen); codes this console does not know (a newer device) get a generic line.
 */
export function adviceFor(code: string, situation: AdviceSituation = {}): string {
  if (code === 'ON_SCREEN_LOG_LAYOUT_INVALID' && situation.usableAreaUnknown === true)
    return NO_USABLE_AREA_ADVICE;
  if (SERVICE_CODES.has(code) && situation.enableServiceButton === true) return ENABLE_SERVICE_ADVICE;
  return isErrorCode(code)
    ? ERROR_ADVICE[code]
    : 'Unknown error code: read the message and check the device.';
}

/** True when the fix for `code` is the Operator section's "Enable service" button. */
export function fixedByEnableService(code: string): boolean {
  return SERVICE_CODES.has(code);
}
