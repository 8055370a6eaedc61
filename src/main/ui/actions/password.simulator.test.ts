// android.input_text into a password field on a simulated phone through the real adb server (Shoply's sign-in page,
// its password EditText focused by a tap): the Operator path refuses Unicode and mode "replace" with
// UI_TARGET_PASSWORD before any approval, and the device receives no set_text and no `input text`; the field keeps
// its content.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ok, type Result } from '../../../shared/errors';
import { startIsolatedAdb, type IsolatedAdb } from '../../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../../test-support/isolatedResolver';
import { dumpNodes, nodeById, openSignIn, PASSWORD_ID } from '../../../test-support/shopSignIn';
import { adbShell } from '../../../test-support/uiDump';
import type { SimulatedAndroid } from '../../../simulator/simulatedAndroid';
import type { ApprovalRequest, Approver } from '../../approval/approval';
import { runTool } from '../../android/runTool';
import { inputText } from './inputTools';

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial = '';

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb));
});

afterAll(async () => {
  await sim?.close();
  await adb?.stop();
});

function call(args: Record<string, unknown>, approve: Approver): Promise<Result<unknown>> {
  return runTool(inputText, {
    arguments: { device: serial, ...args },
    resolver: isolatedResolver(adb),
    approve,
  });
}

describe('android.input_text into a focused password field (Operator path)', () => {
  let mark = 0;
  beforeEach(async () => {
    sim.operator.legacyProtocol = false;
    await openSignIn(adb, serial, 'password');
    await adbShell(adb, serial, 'input', 'text', 'abc');
    expect(nodeById(await dumpNodes(adb, serial), PASSWORD_ID)).toMatchObject({
      focused: true,
      password: true,
      text: '\u2022\u2022\u2022',
    });
    sim.operator.receivedNodeActions.length = 0;
    mark = sim.device.received().length;
  });

  for (const [label, args] of [
    ['Unicode text', { text: 'pässwörd' }],
    ['mode "replace"', { text: 'secret', mode: 'replace' }],
  ] as const) {
    it(`refuses ${label} with UI_TARGET_PASSWORD before asking; nothing reaches the field`, async () => {
      const asked: ApprovalRequest[] = [];
      const result = await call(args, (request) => {
        asked.push(request);
        return Promise.resolve(ok(undefined));
      });
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'UI_TARGET_PASSWORD',
          details: { action_sent: false, node: expect.objectContaining({ resource_id: PASSWORD_ID }) },
        },
      });
      expect(asked).toEqual([]);
      expect(sim.operator.receivedNodeActions).toEqual([]);
      const services = sim.device
        .received()
        .slice(mark)
        .map((entry) => entry.service);
      expect(services.filter((service) => service.includes('input text'))).toEqual([]);
      // The field still holds the three characters typed before.
      expect(nodeById(await dumpNodes(adb, serial), PASSWORD_ID).text).toBe('\u2022\u2022\u2022');
    });
  }
});
