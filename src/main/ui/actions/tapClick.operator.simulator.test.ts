// tap_text / tap_node through the Operator's click_node on a simulated phone over the real adb server: what the
// device received (one click_node after approval, no `input tap`), the click walking up to the clickable row, the
// old path when the Operator predates click_node, and nothing sent after a refusal, a target changed after
// approval, or replayed after a failed click_node.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, type Result } from '../../../shared/errors';
import { startIsolatedAdb, type IsolatedAdb } from '../../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../../test-support/isolatedResolver';
import type { ReceivedRequest } from '../../../simulator/adb/simulatedDevice';
import type { SimulatedAndroid } from '../../../simulator/simulatedAndroid';
import type { ApprovalRequest, Approver } from '../../approval/approval';
import { runTool } from '../../android/runTool';
import type { AndroidTool } from '../../android/tool';
import { screenDump } from '../tools';
import { tapNode, tapText } from './tapTools';

const SETTINGS = 'com.android.settings';
const MAPS = 'com.atlasmaps.app';
const LAUNCHER = 'com.google.android.apps.nexuslauncher';
const AGENT = 'localabstract:com.androperator.operator.agent';
const TREE_READ = ['shell,v2,raw:settings get secure enabled_accessibility_services', AGENT];

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

async function shell(command: string): Promise<void> {
  const run = await adb.adb(['-s', serial, 'shell', command]);
  expect(run.code, command).toBe(0);
}

beforeEach(async () => {
  sim.operator.legacyProtocol = false;
  await shell(`am force-stop ${SETTINGS}`);
  await shell(`am force-stop ${MAPS}`);
  await shell('input keyevent HOME');
  sim.operator.receivedNodeActions.length = 0;
});

/** Records approval requests; `act` runs on the device before answering; `after()`: services received since. */
function approver(answer: 'approve' | 'refuse', act?: () => Promise<void>) {
  const asked: ApprovalRequest[] = [];
  let mark: ReceivedRequest | undefined;
  const start: ReceivedRequest | undefined = sim.device.received().at(-1);
  const approve: Approver = async (request) => {
    asked.push(request);
    if (act !== undefined) await act();
    mark = sim.device.received().at(-1);
    return answer === 'approve' ? ok(undefined) : fail('APPROVAL_REFUSED', 'refused in the test');
  };
  const since = (from: ReceivedRequest | undefined): string[] => {
    const log = sim.device.received();
    return log.slice(from === undefined ? 0 : log.indexOf(from) + 1).map((entry) => entry.service);
  };
  return {
    asked,
    approve,
    after: () => since(mark),
    before: () => {
      const all = since(start);
      return all.slice(0, all.length - since(mark).length);
    },
  };
}

function call(tool: AndroidTool, args: Record<string, unknown>, approve: Approver): Promise<Result<unknown>> {
  return runTool(tool, { arguments: { device: serial, ...args }, resolver: isolatedResolver(adb), approve });
}

const inputTaps = (services: string[]) => services.filter((service) => service.includes('raw:input '));

async function texts(): Promise<Array<string | null>> {
  const read = await call(screenDump, {}, () => Promise.resolve(ok(undefined)));
  if (!read.ok) throw new Error(read.error.message);
  return (read.value as { nodes: Array<{ text: string | null }> }).nodes.map((node) => node.text);
}

describe("android.tap_text through the Operator's click_node", () => {
  it("clicks the label's clickable row with one click_node after approval, no input tap; the page opens", async () => {
    await shell(`am start -n ${SETTINGS}/.Settings`);
    const asking = approver('approve');
    const result = await call(
      tapText,
      { text: 'Battery', verification: { verify_change: true, text_absent: 'Network & internet' } },
      asking.approve,
    );
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    const row = 'android.widget.LinearLayout at [0,1396][1080,1596]';
    expect(result.value).toMatchObject({
      kind: 'tap_text',
      action_sent: true,
      method: 'accessibility_click',
      method_reason: null,
      command: `operator click_node on [221,1444][370,1499]: ACTION_CLICK on its clickable ancestor ${row}, 1 level up`,
      target: { text: 'Battery', class: 'android.widget.TextView', clickable: false },
      clicked: { class: 'android.widget.LinearLayout', bounds: '[0,1396][1080,1596]', clickable: true },
      operator_result: {
        type: 'click_node_result',
        result: {
          performed: true,
          levels_up: 1,
          clicked: { class: 'android.widget.LinearLayout', resource_id: null, bounds: '[0,1396][1080,1596]' },
        },
      },
      verification: { passed: true, ui_changed: true, observation_complete: true },
    });
    expect(asking.asked).toEqual([
      {
        tool: 'android.tap_text',
        device: serial,
        preview: `Accessibility tap text "Battery" at [221,1444][370,1499] (${SETTINGS}; the Operator's ACTION_CLICK on its clickable ancestor ${row}, 1 level up)`,
        strength: 'strong',
      },
    ]);
    // Before approval: the tree and the Operator's hello (its capabilities); after it: the tree again, the one
    // click_node, then the verification's reads. No `input tap` at any point.
    expect(asking.before()).toEqual([...TREE_READ, AGENT]);
    expect(asking.after().slice(0, 3)).toEqual([...TREE_READ, AGENT]);
    expect(inputTaps(asking.after())).toEqual([]);
    expect(sim.operator.receivedNodeActions).toEqual([
      {
        v: 1,
        type: 'click_node',
        id: expect.stringMatching(/^click_node-[0-9a-f]{12}$/),
        target: {
          package: SETTINGS,
          class: 'android.widget.TextView',
          resource_id: 'android:id/title',
          text: 'Battery',
          content_description: null,
          bounds: '[221,1444][370,1499]',
        },
      },
    ]);
    const after = await texts();
    expect(after).not.toContain('Network & internet');
    expect(after).toContain('Battery');
  });

  it('tap_node on a clickable node clicks the node itself', async () => {
    const asking = approver('approve');
    const result = await call(tapNode, { bounds: '[540,1812][784,2059]' }, asking.approve);
    expect(result).toMatchObject({
      ok: true,
      value: {
        kind: 'tap_node',
        method: 'accessibility_click',
        operator_result: { result: { levels_up: 0, clicked: { bounds: '[540,1812][784,2059]' } } },
      },
    });
    expect(asking.asked[0]?.preview).toMatch(/^Accessibility tap node 'Mail' at \[540,1812\]\[784,2059\] /);
    expect(sim.operator.receivedNodeActions.map((action) => action.type)).toEqual(['click_node']);
    expect(inputTaps(asking.after())).toEqual([]);
    expect((await texts()).includes('Compose')).toBe(true);
  });

  it('sends nothing when the approval is refused', async () => {
    await shell(`am start -n ${SETTINGS}/.Settings`);
    const asking = approver('refuse');
    const result = await call(tapText, { text: 'Battery' }, asking.approve);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL_REFUSED', details: { action_sent: false } },
    });
    expect(asking.asked[0]?.preview).toContain('Accessibility tap text "Battery"');
    expect(asking.after()).toEqual([]);
    expect(sim.operator.receivedNodeActions).toEqual([]);
    expect(await texts()).toContain('Network & internet');
  });

  it('sends nothing when the target changed between approval and execution', async () => {
    // The approver opens Maps before answering: "Mail" is gone from the screen.
    const asking = approver('approve', () => shell(`am start -n ${MAPS}/.MapActivity`));
    const result = await call(tapText, { text: 'Mail' }, asking.approve);
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'UI_TARGET_CHANGED',
        details: { action_sent: false, cause: { code: 'UI_TARGET_NOT_FOUND' } },
      },
    });
    expect(asking.after()).toEqual(TREE_READ);
    expect(sim.operator.receivedNodeActions).toEqual([]);
  });

  it('reports a refused click_node as sent and not performed, and never replays it through input tap', async () => {
    // Maps' "Restaurants" chip is clickable, but its app has no click handler: ACTION_CLICK is refused.
    await shell(`am start -n ${MAPS}/.MapActivity`);
    const asking = approver('approve');
    const result = await call(tapText, { text: 'Restaurants' }, asking.approve);
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'UI_NODE_ACTION_FAILED',
        details: { action_sent: true, performed: false, method: 'accessibility_click' },
      },
    });
    expect(!result.ok && result.error.message).toContain('not retried, nor sent through the shell');
    expect(sim.operator.receivedNodeActions.map((action) => action.type)).toEqual(['click_node']);
    expect(asking.after()).toEqual([...TREE_READ, AGENT]);
    expect(inputTaps(asking.after())).toEqual([]);
  });
});

describe('the path chosen before approval is kept after it', () => {
  it('an Operator replaced by an old one during approval gets the click_node and refuses it; no input tap follows', async () => {
    // Between approval and execution the device's Operator becomes one that predates click_node.
    const asking = approver('approve', () => {
      sim.operator.legacyProtocol = true;
      return Promise.resolve();
    });
    const result = await call(tapText, { text: 'Mail' }, asking.approve);
    expect(asking.asked[0]?.preview).toContain('Accessibility tap text "Mail"');
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'OPERATOR_PROTOCOL_ERROR',
        details: { action_sent: true, performed: false, method: 'accessibility_click' },
      },
    });
    expect(!result.ok && result.error.message).toContain('unknown request type "click_node"');
    // The re-read, then the one click_node; never `input tap` instead.
    expect(asking.after()).toEqual([...TREE_READ, AGENT]);
    expect(inputTaps(asking.after())).toEqual([]);
    expect(await texts()).not.toContain('Compose');
  });
});

describe('android.tap_text without a click_node Operator', () => {
  it('keeps input tap when the Operator predates click_node, saying why', async () => {
    sim.operator.legacyProtocol = true;
    const asking = approver('approve');
    const result = await call(tapText, { text: 'Mail' }, asking.approve);
    expect(result).toMatchObject({
      ok: true,
      value: { method: 'input_tap', method_reason: 'operator_old', command: "input tap '662' '1935'" },
    });
    expect(asking.asked[0]?.preview).toBe(
      `tap text 'Mail' at [540,1812][784,2059] (${LAUNCHER}; input tap '662' '1935')`,
    );
    expect(sim.operator.receivedNodeActions).toEqual([]);
    expect(inputTaps(asking.after())).toEqual(["shell,v2,raw:input tap '662' '1935'"]);
  });

  it('keeps input tap on a uiautomator tree without asking the Operator', async () => {
    const asking = approver('approve');
    const result = await call(tapText, { text: 'Mail', source: 'uiautomator' }, asking.approve);
    expect(result).toMatchObject({
      ok: true,
      value: { method: 'input_tap', method_reason: 'uiautomator_tree', command: "input tap '662' '1935'" },
    });
    expect(asking.before().filter((service) => service === AGENT)).toEqual([]);
    expect(sim.operator.receivedNodeActions).toEqual([]);
    expect(inputTaps(asking.after())).toEqual(["shell,v2,raw:input tap '662' '1935'"]);
  });
});
