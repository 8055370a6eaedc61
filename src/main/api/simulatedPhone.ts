// The simulated phone the console starts when no device is connected, on the adb server the hub watches.
import type { DeviceInfo } from '../../shared/api/devices';
import type { ConsoleSettings } from '../../shared/api/contract';
import { fail, ok, type Result } from '../../shared/errors';
import type { launchSimulators, Launched, LaunchedDevice } from '../../simulator/launch';

export const SIMULATED_PHONE_PROFILE = 'phone';

/** True when a simulated phone should run: allowed (no --no-simulator), the setting is on, and no device is online. */
export function wantsSimulatedPhone(
  devices: readonly DeviceInfo[],
  settings: ConsoleSettings,
  allowed: boolean,
): boolean {
  return allowed && settings.simulatorWhenNoDevice && !devices.some((device) => device.state === 'device');
}

/** The one port from the console to the simulator: starting devices on an adb server. */
export type SimulatorLauncher = typeof launchSimulators;

/**
 * Loads the simulator only when a simulated phone is started, so canvas and the simulated shell stay out of the
 * console's start-up (and out of a shell that never starts one).
 */
const lazyLaunch: SimulatorLauncher = async (options, onReady) => {
  const { launchSimulators } = await import('../../simulator/launch');
  return launchSimulators(options, onReady);
};

export interface SimulatedPhoneOptions {
  adbPort: number;
  adbBinary: string;
  /** Read at each start, so the phone's Operator matches the current setting. */
  operatorPackage: () => string;
  launch?: SimulatorLauncher;
}

/** At most one simulated phone; start, stop and restart run one after another. */
export class SimulatedPhone {
  private launched: Launched | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly launch: SimulatorLauncher;

  constructor(private readonly options: SimulatedPhoneOptions) {
    this.launch = options.launch ?? lazyLaunch;
  }

  /** The running phone, if any. */
  get device(): LaunchedDevice | undefined {
    return this.launched?.devices[0];
  }

  /** Starts the phone (attached to the adb server, online) unless it already runs. */
  start(): Promise<Result<LaunchedDevice>> {
    return this.serialize(async () => {
      const running = this.device;
      if (running !== undefined) return ok(running);
      const launched = await this.launch(
        {
          profiles: [SIMULATED_PHONE_PROFILE],
          count: 1,
          adbPort: this.options.adbPort,
          adbBinary: this.options.adbBinary,
          operatorPackage: this.options.operatorPackage(),
          mode: 'connect',
        },
        () => undefined,
      );
      if (!launched.ok) return launched;
      const device = launched.value.devices[0];
      if (device === undefined) {
        await launched.value.stop();
        return fail('INTERNAL_ERROR', 'The simulator launcher reported no device.');
      }
      this.launched = launched.value;
      return ok(device);
    });
  }

  /** Detaches the phone from the adb server and closes it; nothing happens when none runs. */
  stop(): Promise<void> {
    return this.serialize(async () => {
      const launched = this.launched;
      this.launched = undefined;
      await launched?.stop();
    });
  }

  /** Restarts a running phone (e.g. for a new Operator package); does not start one that is not running. */
  async restart(): Promise<Result<LaunchedDevice> | undefined> {
    if (this.launched === undefined) return undefined;
    await this.stop();
    return this.start();
  }

  private serialize<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
