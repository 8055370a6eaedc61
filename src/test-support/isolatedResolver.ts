// Test helper: a DeviceResolver over one isolated adb server, and simulated devices attached to it.
import { fail, ok } from '../shared/errors';
import { SimulatedAndroid, type SimulatedAndroidOptions } from '../simulator/simulatedAndroid';
import { waitForDeviceState, type IsolatedAdb } from './isolatedAdb';
import type { DeviceResolver } from '../main/devices/types';

/** Resolves a serial (or the only device) on `adb`'s server, as the hub would; only online devices count. */
export function isolatedResolver(adb: IsolatedAdb): DeviceResolver {
  return {
    async resolve(deviceId) {
      const online = (await adb.client.listDevices()).filter((entry) => entry.state === 'device');
      const serial = deviceId ?? (online.length === 1 ? online[0]?.serial : undefined);
      if (serial === undefined)
        return fail(
          online.length === 0 ? 'NO_DEVICES' : 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED',
          'pick a device',
        );
      if (!online.some((entry) => entry.serial === serial))
        return fail('DEVICE_NOT_FOUND', `${serial} is not connected`, {
          connected: online.map((entry) => entry.serial),
        });
      return ok({ client: adb.client, serial, info: { serial, state: 'device', server: 'local' } });
    },
  };
}

/** Starts a simulated device, attaches it to `adb` and waits until it is online; the caller closes it. */
export async function bootSimulated(
  adb: IsolatedAdb,
  options: SimulatedAndroidOptions = {},
): Promise<{ sim: SimulatedAndroid; serial: string }> {
  const started = await SimulatedAndroid.start(options);
  if (!started.ok) throw new Error(started.error.message);
  const attached = await started.value.attach(adb.port);
  if (!attached.ok) {
    await started.value.close();
    throw new Error(attached.error.message);
  }
  await waitForDeviceState(adb.client, attached.value.serial, 'device', 5000);
  return { sim: started.value, serial: attached.value.serial };
}
