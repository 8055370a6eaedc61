// What the console already knows will make a run fail before it is sent: the panel does not fit the usable area,
// the device reports no usable area (Android 9 with a cutout), or the Operator's service is disabled. Pure, apart
// from the measurer passed in. A forecast does not block: the run button says so and asks before running anyway.
import type { OperatorDescription } from '../../../shared/agent/messages';
import type { DeviceInfo } from '../../../shared/api/devices';
import type { SetOnScreenLogParams } from '../../../shared/execution/types';
import { predictPanel, type Prediction } from '../../../shared/geometry/prediction';
import type { TextMeasurer } from '../../../shared/geometry/types';
import { ENABLE_SERVICE_ADVICE, NO_USABLE_AREA_ADVICE, adviceFor } from './errorAdvice';
import type { RunAction } from './runGate';

export type ProblemKind =
  'service-disabled' | 'no-usable-area' | 'panel-too-wide' | 'panel-too-tall' | 'layout';

/** One reason one device will fail. */
export interface ForecastProblem {
  serial: string;
  deviceName: string;
  kind: ProblemKind;
  /** "service disabled", "panel too wide": what the run button says. */
  short: string;
  /** The full reason. */
  message: string;
  /** What fixes it, in the same words the preview and the results use. */
  advice: string;
}

export interface ForecastDevice {
  serial: string;
  deviceName: string;
  device: DeviceInfo | undefined;
  description: OperatorDescription | undefined;
  /** The "Enable service" button for this device is on screen. */
  enableServiceShown: boolean;
}

export interface ForecastInput {
  action: RunAction;
  params: SetOnScreenLogParams | null;
  devices: readonly ForecastDevice[];
  /** Null where no text measurer exists (no canvas): the layout is then not forecast, the rest is. */
  measurer: TextMeasurer | null;
}

const predictions = new WeakMap<
  OperatorDescription,
  { params: SetOnScreenLogParams; prediction: Prediction }
>();

/** The run buttons ask on every store change: predict once per (design, description). */
function cachedPrediction(
  params: SetOnScreenLogParams,
  description: OperatorDescription,
  measurer: TextMeasurer,
): Prediction {
  const cached = predictions.get(description);
  if (cached !== undefined && cached.params === params) return cached.prediction;
  const prediction = predictPanel(params, description, measurer);
  predictions.set(description, { params, prediction });
  return prediction;
}

const NEEDS_PANEL: ReadonlySet<RunAction> = new Set(['sequence', 'set']);
const NEEDS_SERVICE: ReadonlySet<RunAction> = new Set(['sequence', 'set', 'clear']);

function layoutProblem(
  target: ForecastDevice,
  params: SetOnScreenLogParams,
  description: OperatorDescription,
  measurer: TextMeasurer | null,
): ForecastProblem | null {
  const base = { serial: target.serial, deviceName: target.deviceName };
  if (description.display.usable === null) {
    const reason = description.display.usableError?.trim().replace(/\.$/, '');
    return {
      ...base,
      kind: 'no-usable-area',
      short: 'no usable area',
      message: `The device reports no usable display area${reason ? `: ${reason}` : ''}.`,
      advice: NO_USABLE_AREA_ADVICE,
    };
  }
  if (measurer === null) return null;
  const prediction = cachedPrediction(params, description, measurer);
  if (prediction.ok) return null;
  const axis = prediction.error.details?.axis;
  const kind: ProblemKind =
    axis === 'horizontal' ? 'panel-too-wide' : axis === 'vertical' ? 'panel-too-tall' : 'layout';
  const short = {
    'panel-too-wide': 'panel too wide',
    'panel-too-tall': 'panel too tall',
    layout: 'layout invalid',
  }[kind];
  return {
    ...base,
    kind,
    short,
    message: prediction.error.message,
    advice: prediction.error.hint ?? adviceFor(prediction.error.code),
  };
}

/** Every problem the console can see for `action` on these devices (empty: nothing known against it). */
export function forecastRun(input: ForecastInput): ForecastProblem[] {
  const problems: ForecastProblem[] = [];
  for (const target of input.devices) {
    const operator = target.device?.operator;
    if (
      NEEDS_SERVICE.has(input.action) &&
      operator !== undefined &&
      operator.installed &&
      !operator.serviceEnabled
    ) {
      problems.push({
        serial: target.serial,
        deviceName: target.deviceName,
        kind: 'service-disabled',
        short: 'service disabled',
        message: `The Operator\u2019s accessibility service is disabled on ${target.deviceName}.`,
        advice: target.enableServiceShown
          ? ENABLE_SERVICE_ADVICE
          : adviceFor('ON_SCREEN_LOG_SERVICE_UNAVAILABLE'),
      });
    }
    if (NEEDS_PANEL.has(input.action) && input.params !== null && target.description !== undefined) {
      const problem = layoutProblem(target, input.params, target.description, input.measurer);
      if (problem !== null) problems.push(problem);
    }
  }
  return problems;
}

/** "will fail: panel too wide" / "will fail on 2 devices": the words on the button. */
export function forecastLabel(problems: readonly ForecastProblem[], deviceCount: number): string | null {
  if (problems.length === 0) return null;
  const serials = new Set(problems.map((problem) => problem.serial));
  if (deviceCount > 1) return `will fail on ${serials.size} of ${deviceCount} devices`;
  const shorts = [...new Set(problems.map((problem) => problem.short))];
  return `will fail: ${shorts.join(', ')}`;
}

/** The hint under the buttons: the first problem in full. */
export function forecastHint(problems: readonly ForecastProblem[]): string | null {
  const first = problems[0];
  if (first === undefined) return null;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return `The preview says this will fail on ${first.deviceName}: ${first.message} ${first.advice}${more}`;
}
