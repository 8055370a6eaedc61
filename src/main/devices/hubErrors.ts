// The hub's errors, each with a message that says what to do next.
import type { AppError } from '../../shared/errors';
import { toAppError } from '../../node/adb/adbkit';
import type { DeviceState } from './types';

export const ADB_INSTALL_HINT =
  'Install Android platform tools (Debian/Ubuntu: sudo apt-get install adb; macOS: brew install ' +
  'android-platform-tools) or set ANDROPERATOR_ADB to the adb binary';

function spawnFailed(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const syscall = 'syscall' in error ? error.syscall : undefined;
  const code = 'code' in error ? error.code : undefined;
  return (
    (typeof syscall === 'string' && syscall.startsWith('spawn')) || code === 'ENOENT' || code === 'EACCES'
  );
}

/** A failure of the local server: a missing binary is ADB_NOT_FOUND, anything else ADB_SERVER_UNAVAILABLE. */
export function localServerError(error: unknown, adbBinary: string, port: number): AppError {
  const cause = toAppError(error, 'ADB_SERVER_UNAVAILABLE');
  if (spawnFailed(error) || cause.code === 'ADB_NOT_FOUND')
    return {
      code: 'ADB_NOT_FOUND',
      message: `adb could not be started from "${adbBinary}" (${cause.message}). ${ADB_INSTALL_HINT}.`,
      details: { server: 'local', adbBinary, port },
    };
  return {
    code: 'ADB_SERVER_UNAVAILABLE',
    message: `The local adb server on port ${port} is not available: ${cause.message}. Run "adb -P ${port} start-server" or check ANDROID_ADB_SERVER_PORT.`,
    details: { server: 'local', port },
  };
}

/** A remote server that does not answer. */
export function remoteServerError(error: unknown, label: string): AppError {
  const cause = toAppError(error, 'ADB_SERVER_UNAVAILABLE');
  return {
    code: 'ADB_SERVER_UNAVAILABLE',
    message: `The adb server at ${label} is not reachable: ${cause.message}. Check that it runs with "adb -a -P <port> nodaemon server" and that the port is open.`,
    details: { server: label },
  };
}

/** A server that accepted the connection but did not answer in time. */
export function serverTimeoutError(label: string, timeoutMs: number): AppError {
  return {
    code: 'ADB_SERVER_UNAVAILABLE',
    message: `The adb server ${label === 'local' ? 'on this computer' : `at ${label}`} did not answer within ${timeoutMs} ms.`,
    details: { server: label, timeoutMs },
  };
}

/** Why a listed device cannot be used in its current state. */
export function unusableDeviceError(device: {
  serial: string;
  state: DeviceState;
  rawState: string;
  server: string;
}): AppError {
  const { serial, state, rawState, server } = device;
  const details = { deviceId: serial, state, adbState: rawState, server };
  if (state === 'unauthorized')
    return {
      code: 'DEVICE_UNAUTHORIZED',
      message: `Device ${serial} has not authorized this computer. Unlock it and accept the "Allow USB debugging?" RSA key prompt, then try again.`,
      details,
    };
  if (state === 'offline')
    return {
      code: 'DEVICE_OFFLINE',
      message: `Device ${serial} is offline. Reconnect the USB cable (for Wi-Fi: run "adb connect ${serial}" again) and wait until it is listed as "device".`,
      details,
    };
  return {
    code: 'DEVICE_OFFLINE',
    message: `Device ${serial} is in state "${rawState}", not booted into Android with USB debugging. Reboot it normally and reconnect it.`,
    details,
  };
}
