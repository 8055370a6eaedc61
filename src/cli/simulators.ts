// `simulator start` for real: launches simulated devices on the adb server and keeps them until SIGINT/SIGTERM.
import { ok, type Result } from '../shared/errors';
import { adbServerPort } from '../node/env/adbServer';
import { launchSimulators } from '../simulator/launch';
import type { SimulatorReady, SimulatorRunOptions } from './backend';

/** Runs simulated devices until the process is told to stop; resolves after they are detached and closed. */
export async function runSimulatorsUntilSignal(
  options: SimulatorRunOptions,
  env: Readonly<Record<string, string | undefined>>,
  onReady: (device: SimulatorReady) => void,
): Promise<Result<{ stopped: number }>> {
  const launched = await launchSimulators(
    {
      ...options,
      adbPort: adbServerPort(env),
      adbBinary: env.ANDROPERATOR_ADB ?? 'adb',
    },
    onReady,
  );
  if (!launched.ok) return launched;
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  const stopped = launched.value.devices.length;
  await launched.value.stop();
  return ok({ stopped });
}
