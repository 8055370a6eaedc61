// The forecast of the run buttons from the console state: which run devices will fail, as far as the preview knows.
import type { TextMeasurer } from '../../../shared/geometry/types';
import { checkDesign } from '../designer/params';
import { deviceLabel, runSerials } from '../devices/devicesSlice';
import { previewMeasurer } from '../preview/measurer';
import type { ConsoleState } from '../store/types';
import { enableServiceShown } from './adviceSituation';
import { forecastRun, type ForecastProblem } from './forecast';
import type { RunAction } from './runGate';

/** The shared canvas measurer; null without a DOM canvas (unit tests), where the layout is not forecast. */
function forecastMeasurer(): TextMeasurer | null {
  try {
    return previewMeasurer();
  } catch {
    return null;
  }
}

/** Why `action` on the run devices will fail, as far as the preview knows (empty when nothing is known). */
export function forecastOf(state: ConsoleState, action: RunAction): ForecastProblem[] {
  return forecastRun({
    action,
    params: checkDesign(state.designHistory.present).params,
    measurer: forecastMeasurer(),
    devices: runSerials(state).map((serial) => ({
      serial,
      deviceName: deviceLabel(state.devices, serial),
      device: state.devices.find((device) => device.serial === serial),
      description: state.descriptions[serial]?.description,
      enableServiceShown: enableServiceShown(state, serial),
    })),
  });
}
