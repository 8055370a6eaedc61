// What the hub shows about a device from its system properties (one `getprop` round trip).
import { fail, ok, type Result } from '../../shared/errors';
import { toAppError, type AdbClient } from '../../node/adb/adbkit';
import { settleWithin } from './settleWithin';

export interface DeviceProperties {
  manufacturer?: string;
  model?: string;
  apiLevel?: number;
  release?: string;
  simulatedProfile?: string;
}

/** Picks the listed properties; empty values are left out. */
export function propertiesFrom(raw: Readonly<Record<string, string>>): DeviceProperties {
  const text = (key: string): string | undefined => {
    const value = raw[key]?.trim();
    return value ? value : undefined;
  };
  const properties: DeviceProperties = {};
  const manufacturer = text('ro.product.manufacturer');
  const model = text('ro.product.model');
  const sdk = text('ro.build.version.sdk');
  const release = text('ro.build.version.release');
  const simulatedProfile = text('ro.androperator.simulator');
  if (manufacturer) properties.manufacturer = manufacturer;
  if (model) properties.model = model;
  if (sdk && /^\d+$/.test(sdk)) properties.apiLevel = Number(sdk);
  if (release) properties.release = release;
  if (simulatedProfile) properties.simulatedProfile = simulatedProfile;
  return properties;
}

/** Reads the properties of one online device, giving up after `timeoutMs`. */
export async function readDeviceProperties(
  client: AdbClient,
  serial: string,
  timeoutMs: number,
): Promise<Result<DeviceProperties>> {
  const outcome = await settleWithin(client.getProperties(serial), timeoutMs);
  if (outcome === 'timeout')
    return fail('COMMAND_TIMEOUT', `${serial} did not answer getprop within ${timeoutMs} ms.`, {
      deviceId: serial,
    });
  if (outcome.ok) return ok(propertiesFrom(outcome.value));
  const cause = toAppError(outcome.error);
  return fail(cause.code, `Could not read the properties of ${serial}: ${cause.message}`, {
    deviceId: serial,
  });
}
