// Chooses the target device from the listed rows; pure, so every error path is easy to test.
import { fail, ok, type AppError, type Result } from '../../shared/errors';
import { unusableDeviceError } from './hubErrors';
import type { ListedDevice } from './serverLink';

export interface PickContext {
  /** The local server's failure, when its last poll failed: the cause to report when nothing usable is found. */
  localFailure?: AppError;
  /** Remote servers whose last poll failed ("host:port"). */
  unavailableServers: readonly string[];
}

/**
 * One row per serial: rows come local first, then remote servers in the order they were added, and the first
 * row of a serial wins (a serial reported by two servers resolves to the local one).
 */
export function preferredRows(rows: readonly ListedDevice[]): ListedDevice[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    if (seen.has(row.serial)) return false;
    seen.add(row.serial);
    return true;
  });
}

function usable(row: ListedDevice): Result<ListedDevice> {
  return row.state === 'device' ? ok(row) : { ok: false, error: unusableDeviceError(row) };
}

/** A listed device adb does not offer for commands (offline, unauthorized, recovery ...), as adb names its state. */
export interface NotReadyDevice {
  serial: string;
  state: string;
}

/**
 * `; B is offline, C is unauthorized` for the several-devices error: adb lists such devices too (so `devices` counts
 * them), and the user should know which serials would fail before choosing one.
 */
export function notReadySuffix(notReady: readonly NotReadyDevice[]): string {
  if (notReady.length === 0) return '';
  return `; ${notReady.map((device) => `${device.serial} is ${device.state}`).join(', ')}`;
}

/** The given serial, or the only device when none is given (see DeviceResolver for the error codes). */
export function pickTarget(
  rows: readonly ListedDevice[],
  deviceId: string | undefined,
  context: PickContext,
): Result<ListedDevice> {
  const candidates = preferredRows(rows);
  const connected = candidates.map((row) => row.serial);
  const unavailable =
    context.unavailableServers.length > 0 ? { unavailableServers: [...context.unavailableServers] } : {};
  if (deviceId !== undefined) {
    const match = candidates.find((row) => row.serial === deviceId);
    if (match) return usable(match);
    if (context.localFailure) return { ok: false, error: context.localFailure };
    return fail(
      'DEVICE_NOT_FOUND',
      `Device ${deviceId} is not connected. ${connected.length > 0 ? `Connected: ${connected.join(', ')}.` : 'No device is connected.'}`,
      { deviceId, connected, ...unavailable },
    );
  }
  const [only, ...others] = candidates;
  if (only === undefined) {
    if (context.localFailure) return { ok: false, error: context.localFailure };
    return fail(
      'NO_DEVICES',
      'No Android device is connected. Connect one by USB with USB debugging on, or run "adb connect <ip>:<port>" for Wi-Fi debugging.',
      { connected, ...unavailable },
      'No phone at hand? "androperator simulator start" attaches a simulated one to this adb server.',
    );
  }
  if (others.length > 0) {
    const notReady = candidates
      .filter((row) => row.state !== 'device')
      .map((row) => ({ serial: row.serial, state: row.rawState }));
    return fail(
      'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED',
      `${connected.length} devices are connected (${connected.join(', ')})${notReadySuffix(notReady)}; choose one with its serial as deviceId.`,
      { connected, ...(notReady.length > 0 ? { notReady } : {}), ...unavailable },
    );
  }
  return usable(only);
}
