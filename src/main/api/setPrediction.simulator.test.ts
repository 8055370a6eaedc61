import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseBounds } from '../../shared/geometry/bounds';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { payload } from '../../test-support/executionFixtures';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated } from '../../test-support/isolatedResolver';
import { testSetup, type TestSetup } from '../../test-support/apiFakes';
import type { AdbHub } from '../devices/hub';
import { testHub } from '../../test-support/testHub';
import { createConsoleApi } from './consoleApi';

// execution:run sends the predicted bounds of a set with its outcome, so the console shows the main side's
// prediction next to what the device reported instead of predicting again in the renderer.

let adb: IsolatedAdb;
let hub: AdbHub;
let setup: TestSetup;
const running: SimulatedAndroid[] = [];

beforeAll(async () => {
  adb = await startIsolatedAdb();
}, 30_000);

afterEach(async () => {
  await hub.close();
  await Promise.all(running.splice(0).map((sim) => sim.close()));
  await setup.cleanup();
});

afterAll(async () => {
  await adb.stop();
});

async function consoleOnPhone(options: Parameters<typeof bootSimulated>[1] = {}) {
  setup = await testSetup();
  hub = testHub({ adbBinary: '/nonexistent/adb-in-prediction-tests', localPort: adb.port, env: {} });
  const booted = await bootSimulated(adb, options);
  running.push(booted.sim);
  return { api: createConsoleApi({ ...setup.dependencies, hub }), ...booted };
}

const SET = {
  id: 'set',
  type: 'set_on_screen_log',
  params: { text: 'FLOW-001: Observe settings', anchor: 'right' },
};

describe('execution:run predicted bounds', () => {
  it('predicts where a set lands, matching the bounds the device reports', async () => {
    const { api, serial } = await consoleOnPhone();
    const outcome = await api['execution:run']({ serial, execution: payload([SET]) });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const reported = parseBounds(outcome.value.envelope.stepResults[0]?.data.bounds ?? '');
    expect(reported).not.toBeNull();
    expect(outcome.value.predictedBounds).toEqual(reported);
  });

  it('predicts nothing for a clear or for a set that did not draw', async () => {
    const { api, serial } = await consoleOnPhone();
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
