// Where a set_on_screen_log that just ran should have put the panel: the Operator's hello right after it, laid out
// by the shared prediction with the host's fonts. The console shows this next to the bounds the device reported.
import type { ResultEnvelope } from '../../shared/envelope';
import type { Action, Execution } from '../../shared/execution/types';
import type { Rect, TextMeasurer } from '../../shared/geometry/types';
import type { DeviceResolver } from '../devices/types';
import type { callAgent } from '../operator/agentClient';
import { describeOperator } from '../sequence/hello';
import { predictPanelBounds } from '../sequence/prediction';

/** How long the hello after a set may take (it answers in milliseconds; the prediction is only for display). */
export const SET_PREDICTION_WAIT_MS = 2000;

export interface SetPredictionContext {
  resolver: DeviceResolver;
  callAgent: typeof callAgent;
  operatorPackage: string;
  measurer: () => TextMeasurer;
}

type SetAction = Extract<Action, { type: 'set_on_screen_log' }>;

/**
 * The predicted bounds of the execution's set_on_screen_log on `serial`, or undefined: no set, the set did not
 * succeed (there is no panel to compare), the device is gone, or hello failed.
 */
export async function predictAfterSet(
  serial: string,
  execution: Execution,
  envelope: ResultEnvelope,
  context: SetPredictionContext,
): Promise<Rect | undefined> {
  const set = execution.actions.find((action): action is SetAction => action.type === 'set_on_screen_log');
  if (set === undefined) return undefined;
  const drawn = envelope.stepResults.some((step) => step.id === set.id && step.success);
  if (!drawn) return undefined;
  const device = await context.resolver.resolve(serial);
  if (!device.ok) return undefined;
  const target = { client: device.value.client, serial, operatorPackage: context.operatorPackage };
  const description = await describeOperator(target, SET_PREDICTION_WAIT_MS, (request, waitMs) =>
    context.callAgent(target, request, waitMs),
  );
  if (description === null) return undefined;
  return predictPanelBounds(set.params, description, context.measurer()) ?? undefined;
}
