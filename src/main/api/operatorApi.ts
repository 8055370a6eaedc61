// operator:* channels: the Operator's status on one device, and setting it up (install, enable, disable, settings).
import type { ConsoleApi } from '../../shared/api/contract';
import type { OperatorStatus } from '../../shared/api/devices';
import { ok, type Result } from '../../shared/errors';
import {
  disableOperatorService,
  enableOperatorService,
  installApk,
  openAccessibilitySettings,
  type SetupTarget,
} from '../operator/setupActions';
import type { ResolvedDependencies } from './dependencies';

type OperatorApi = Pick<
  ConsoleApi,
  'operator:status' | 'operator:enable' | 'operator:disable' | 'operator:openSettings' | 'operator:install'
>;

export function operatorApi(dependencies: ResolvedDependencies): OperatorApi {
  const { hub, settings } = dependencies;

  const target = async (serial: string): Promise<Result<SetupTarget>> => {
    const device = await hub.resolve(serial);
    if (!device.ok) return device;
    return ok({ client: device.value.client, serial, operatorPackage: settings.get().operatorPackage });
  };

  /** Runs one setup action, then reads the status again so the device list shows the change. */
  const act = async (
    serial: string,
    action: (device: SetupTarget) => Promise<Result<unknown>>,
  ): Promise<Result<OperatorStatus>> => {
    const device = await target(serial);
    if (!device.ok) return device;
    const done = await action(device.value);
    if (!done.ok) {
      // The device may have changed halfway (e.g. pushed but not installed): refresh the list either way.
      await hub.operatorStatus(serial);
      return done;
    }
    return hub.operatorStatus(serial);
  };

  return {
    'operator:status': ({ serial }) => hub.operatorStatus(serial),
    'operator:enable': ({ serial }) => act(serial, enableOperatorService),
    'operator:disable': ({ serial }) => act(serial, disableOperatorService),
    'operator:install': ({ serial, apkPath }) => act(serial, (device) => installApk(device, apkPath)),
    'operator:openSettings': async ({ serial }) => {
      const device = await target(serial);
      if (!device.ok) return device;
      const opened = await openAccessibilitySettings(device.value);
      return opened.ok ? ok({ opened: true as const }) : opened;
    },
  };
}
