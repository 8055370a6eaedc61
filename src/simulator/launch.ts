// Starts simulated devices and attaches them to an adb server, for `androperator simulator start` and the console.
import { fail, ok, type Result } from '../shared/errors';
import { createAdbClient, toAppError } from '../node/adb/adbkit';
import { SimulatedAndroid } from './simulatedAndroid';

export interface LaunchOptions {
  /** Profiles to start, cycled when count exceeds them; default ['phone']. */
  profiles: readonly string[];
  count: number;
  adbPort: number;
  adbBinary: string;
  operatorPackage: string;
  mode: 'connect' | 'emulator';
}

export interface LaunchedDevice {
  serial: string;
  profile: string;
  model: string;
  port: number;
}

export interface Launched {
  devices: LaunchedDevice[];
  simulators: SimulatedAndroid[];
  /** Detaches every device from the adb server and closes it. */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 10_000;

/** Starts the devices one by one, calling onReady as each shows up as `device` on the adb server. */
export async function launchSimulators(
  options: LaunchOptions,
  onReady: (device: LaunchedDevice) => void,
): Promise<Result<Launched>> {
  const client = createAdbClient({ port: options.adbPort, bin: options.adbBinary });
  try {
    // adbkit starts `adb -P <port> start-server` itself when nothing listens.
    await client.version();
  } catch (error) {
    const cause = toAppError(error, 'ADB_SERVER_UNAVAILABLE');
    return fail(
      cause.code,
      `The adb server on port ${options.adbPort} could not be reached or started: ${cause.message}`,
      { port: options.adbPort },
      'Install adb (Debian/Ubuntu: sudo apt-get install adb) or set ANDROID_ADB_SERVER_PORT to a running server.',
    );
  }
  const simulators: SimulatedAndroid[] = [];
  const devices: LaunchedDevice[] = [];
  const stop = async (): Promise<void> => {
    for (const simulator of simulators.splice(0)) {
      await simulator.device.detach(options.adbPort).catch(() => undefined);
      await simulator.close();
    }
  };
  const profiles = options.profiles.length > 0 ? options.profiles : ['phone'];
  for (let index = 0; index < options.count; index += 1) {
    const profile = profiles[index % profiles.length] ?? 'phone';
    const started = await SimulatedAndroid.start({ profile, operatorPackage: options.operatorPackage });
    if (!started.ok) {
      await stop();
      return started;
    }
    simulators.push(started.value);
    const attached = await started.value.attach(options.adbPort, options.mode);
    if (!attached.ok) {
      await stop();
      return attached;
    }
    const serial = attached.value.serial;
    if (!(await waitUntilOnline(client, serial))) {
      await stop();
      return fail(
        'DEVICE_OFFLINE',
        `Simulated device ${serial} did not come online on the adb server within ${READY_TIMEOUT_MS} ms.`,
        { serial },
      );
    }
    const device = { serial, profile, model: started.value.profile.model, port: started.value.port };
    devices.push(device);
    onReady(device);
  }
  return ok({ devices, simulators, stop });
}

async function waitUntilOnline(client: ReturnType<typeof createAdbClient>, serial: string): Promise<boolean> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const listed = await client.listDevices().catch(() => []);
    if (listed.some((entry) => entry.serial === serial && entry.state === 'device')) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
