import { describe, expect, it } from 'vitest';
import { parseBounds } from '../../shared/geometry/bounds';
import { payload } from '../../test-support/executionFixtures';
import { useSimulatedConsole } from '../../test-support/simulatedConsole';

// execution:run sends the predicted bounds of a set with its outcome, so the console shows the main side's
// prediction next to what the device reported instead of predicting again in the renderer.

// A fresh phone for every test: what one test drew stays out of the next.
const phone = useSimulatedConsole({ fresh: 'test' });

const SET = {
  id: 'set',
  type: 'set_on_screen_log',
  params: { text: 'FLOW-001: Observe settings', anchor: 'right' },
};

describe('execution:run predicted bounds', () => {
  it('predicts where a set lands, matching the bounds the device reports', async () => {
    const api = phone.api();
    const serial = phone.serial;
    const outcome = await api['execution:run']({ serial, execution: payload([SET]) });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const reported = parseBounds(outcome.value.envelope.stepResults[0]?.data.bounds ?? '');
    expect(reported).not.toBeNull();
    expect(outcome.value.predictedBounds).toEqual(reported);
  });

  it('predicts nothing for a clear or for a set that did not draw', async () => {
    const api = phone.api();
    const serial = phone.serial;
    const cleared = await api['execution:run']({
      serial,
      execution: payload([{ id: 'clear', type: 'clear_on_screen_log' }]),
    });
    if (!cleared.ok) throw new Error(cleared.error.message);
    expect(cleared.value).not.toHaveProperty('predictedBounds');
    // 600 dp does not fit a 412 dp wide phone: the Operator refuses the layout, so no panel to predict.
    const tooWide = { ...SET, params: { ...SET.params, widthDp: 600 } };
    const refused = await api['execution:run']({ serial, execution: payload([tooWide]) });
    if (!refused.ok) throw new Error(refused.error.message);
    expect(refused.value.envelope.stepResults[0]).toMatchObject({ success: false });
    expect(refused.value).not.toHaveProperty('predictedBounds');
  });
});
