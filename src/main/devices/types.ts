// The device layer's contract: what the hub reports about each device and how a target is resolved.
import type { Result } from '../../shared/errors';
import type { AdbClient } from '../../node/adb/adbkit';
import type { DeviceInfo } from '../../shared/api/devices';

export type { DeviceInfo, DeviceState, OperatorStatus } from '../../shared/api/devices';

/** A device chosen for an execution: the adb client of its server and its serial. */
export interface ResolvedDevice {
  client: AdbClient;
  serial: string;
  info: DeviceInfo;
}

/** The part of the hub the execution runner depends on. */
export interface DeviceResolver {
  /**
   * Picks the target: the given serial, or the only device when none is given. Errors: NO_DEVICES,
   * DEVICE_NOT_FOUND (details.connected), MULTIPLE_DEVICES_DEVICE_ID_REQUIRED, DEVICE_OFFLINE, DEVICE_UNAUTHORIZED,
   * ADB_NOT_FOUND, ADB_SERVER_UNAVAILABLE.
   */
  resolve(deviceId: string | undefined): Promise<Result<ResolvedDevice>>;
}
