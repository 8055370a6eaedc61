// Taps on a simulated phone through the real adb server: what the device received after approval (and nothing
// after a refusal or a target change made between approval and execution), and the screen read again afterwards.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ok, fail, type Result } from '../../../shared/errors';
import { startIsolatedAdb, type IsolatedAdb } from '../../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../../simulator/simulatedAndroid';
import type { ReceivedRequest } from '../../../simulator/adb/simulatedDevice';
import type { ApprovalRequest, Approver } from '../../approval/approval';
import { runTool } from '../../android/runTool';
import type { AndroidTool } from '../../android/tool';
import { screenDump } from '../tools';
import { injectInput, tap, tapNode, tapText } from './tapTools';

const LAUNCHER = 'com.google.android.apps.nexuslauncher';
const MAIL = 'com.simmail.android';
const MAPS = 'com.atlasmaps.app';

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

/** A command from outside the tool (the test, or an approver acting as another user of the device). */
async function shell(command: string): Promise<void> {
  const run = await adb.adb(['-s', serial, 'shell', command]);
  expect(run.code, command).toBe(0);
}

beforeEach(async () => {
  // These tests pin the `input tap` path: an Operator that predates click_node (its tree is still read first).
  // The click_node path is tapClick.operator.simulator.test.ts.
  sim.operator.legacyProtocol = true;
  await shell(`am force-stop ${MAPS}`);
  await shell('input keyevent HOME');
});

/** The services received after `mark` (the device's last request at some point; undefined: from the start). */
function servicesAfter(mark: ReceivedRequest | undefined): string[] {
  const log = sim.device.received();
  return log.slice(mark === undefined ? 0 : log.indexOf(mark) + 1).map((entry) => entry.service);
}

/**
 * An approver that records each request, optionally acts on the device first (changing the screen between approval
 * and execution), then answers; `mark` is the device's last received request when it answered.
 */
function approver(answer: 'approve' | 'refuse', act?: () => Promise<void>) {
  const asked: ApprovalRequest[] = [];
  let mark: ReceivedRequest | undefined;
  const approve: Approver = async (request) => {
    asked.push(request);
    if (act !== undefined) await act();
    mark = sim.device.received().at(-1);
    return answer === 'approve'
      ? ok(undefined)
      : fail('APPROVAL_REFUSED', 'refused in the test; nothing was sent');
  };
  return {
    asked,
    approve,
    /** What the device received after the approver answered (its own commands excluded). */
    after: () => servicesAfter(mark),
    /** What the device received from `start` until the approver answered. */
    before: (start: ReceivedRequest | undefined) => {
      const all = servicesAfter(start);
      return all.slice(0, all.length - servicesAfter(mark).length);
    },
  };
}

function call(tool: AndroidTool, args: Record<string, unknown>, approve: Approver): Promise<Result<unknown>> {
  return runTool(tool, { arguments: { device: serial, ...args }, resolver: isolatedResolver(adb), approve });
}

type Node = {
  text: string | null;
  content_description: string | null;
  bounds: string;
  package: string;
  focused: boolean;
};
async function screen(): Promise<Node[]> {
  const read = await call(screenDump, {}, () => Promise.resolve(ok(undefined)));
  if (!read.ok) throw new Error(read.error.message);
  return (read.value as { nodes: Node[] }).nodes;
}

const READ = [
  'shell,v2,raw:settings get secure enabled_accessibility_services',
  'localabstract:com.androperator.operator.agent',
];

const inputs = (list: string[]) => list.filter((service) => service.includes('raw:input '));

describe('android.tap_text', () => {
  it('asks a strong approval showing the target, re-reads, then sends exactly one input tap', async () => {
    const start = sim.device.received().at(-1);
    const asking = approver('approve');
    const result = await call(tapText, { text: 'Mail' }, asking.approve);
    expect(result).toMatchObject({
      ok: true,
      value: {
        kind: 'tap_text',
        action_sent: true,
        command: "input tap '662' '1935'",
        method: 'input_tap',
        method_reason: 'operator_old',
        verification: null,
      },
    });
    expect(asking.asked).toEqual([
      {
        tool: 'android.tap_text',
        device: serial,
        preview: `tap text 'Mail' at [540,1812][784,2059] (${LAUNCHER}; input tap '662' '1935')`,
        strength: 'strong',
      },
    ]);
    // Before approval the tree was read and the Operator's hello found no click_node; after approval the tree
    // again and then the tap.
    expect(asking.before(start)).toEqual([...READ, 'localabstract:com.androperator.operator.agent']);
    expect(asking.after()).toEqual([...READ, "shell,v2,raw:input tap '662' '1935'"]);
    const after = await screen();
    expect(after[0]?.package).toBe(MAIL);
    expect(after.some((node) => node.text === 'Compose')).toBe(true);
  });

  it('sends nothing after a refusal', async () => {
    const asking = approver('refuse');
    const result = await call(tapText, { text: 'Mail' }, asking.approve);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL_REFUSED', details: { action_sent: false } },
    });
    expect(asking.after()).toEqual([]);
    expect((await screen())[0]?.package).toBe(LAUNCHER);
  });

  it('refuses and sends nothing when the screen changed between approval and execution', async () => {
    // The approver is also another user of the phone: it opens Maps before answering.
    const asking = approver('approve', () => shell(`am start -n ${MAPS}/.MapActivity`));
    const result = await call(tapText, { text: 'Mail' }, asking.approve);
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'UI_TARGET_CHANGED',
        details: { action_sent: false, cause: { code: 'UI_TARGET_NOT_FOUND' } },
      },
    });
    expect(!result.ok && result.error.message).toContain('target changed after confirmation');
    expect(asking.after()).toEqual(READ);
    expect((await screen())[0]?.package).toBe(MAPS);
  });

  it('refuses ambiguous and missing targets with candidates, asking nothing', async () => {
    const start = sim.device.received().at(-1);
    const asking = approver('approve');
    const missing = await call(tapText, { text: 'mail' }, asking.approve);
    expect(missing).toMatchObject({ ok: false, error: { code: 'UI_TARGET_NOT_FOUND' } });
    const candidates = (!missing.ok && (missing.error.details?.candidates as Node[])) || [];
    expect(candidates.map((node) => node.text)).toContain('Mail');
    // The launcher's content frame and workspace share their bounds.
    const ambiguous = await call(tapNode, { bounds: '[0,136][1080,2337]' }, asking.approve);
    expect(ambiguous).toMatchObject({ ok: false, error: { code: 'UI_TARGET_AMBIGUOUS' } });
    expect(ambiguous.ok ? [] : (ambiguous.error.details?.candidates as unknown[])).toHaveLength(2);
    expect(asking.asked).toEqual([]);
    expect(inputs(servicesAfter(start))).toEqual([]);
  });

  it('verifies the foreground package and the new screen when asked', async () => {
    const asking = approver('approve');
    const result = await call(
      tapText,
      {
        text: 'Atlas Maps',
        verification: { verify_change: true, expected_package: MAPS, text_present: 'Start' },
      },
      asking.approve,
    );
    if (!result.ok) throw new Error(result.error.message);
    const verification = (result.value as { verification: Record<string, unknown> }).verification;
    expect(verification).toMatchObject({
      passed: true,
      ui_changed: true,
      expectation_met: true,
      observation_complete: true,
      checks: [
        { name: 'verify_change', status: 'verified' },
        {
          name: 'expected_package',
          status: 'verified',
          evidence: { focused_package: MAPS, focused_component: `${MAPS}/${MAPS}.MapActivity` },
        },
        { name: 'text_present', status: 'verified', evidence: { match_count: 1 } },
      ],
    });
    expect(inputs(asking.after())).toEqual(["shell,v2,raw:input tap '906' '1935'"]);
  });

  it('fails a postcondition that is not met, having sent the tap once', async () => {
    const asking = approver('approve');
    const result = await call(
      tapText,
      { text: 'Mail', verification: { expected_package: MAPS, timeout_ms: 700 } },
      asking.approve,
    );
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'UI_VERIFICATION_FAILED',
        details: {
          action_sent: true,
          verification: {
            passed: false,
            observation_complete: null,
            checks: [
              { name: 'expected_package', status: 'not_verified', evidence: { focused_package: MAIL } },
            ],
          },
        },
      },
    });
    expect(inputs(asking.after())).toEqual(["shell,v2,raw:input tap '662' '1935'"]);
  });
});

describe('android.tap_node', () => {
  it('refuses a node whose text changed at the same bounds after approval', async () => {
    await shell(`am start -n ${MAPS}/.MapActivity`);
    const field = (await screen()).find((node) => node.text === 'Search here')!;
    // Between approval and execution someone types into the search field: same bounds, another text.
    const asking = approver('approve', async () => {
      await shell(`input tap 540 236`);
      await shell('input text pizza');
    });
    const result = await call(tapNode, { bounds: field.bounds }, asking.approve);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'UI_TARGET_CHANGED', details: { changed_fields: ['text'], action_sent: false } },
    });
    expect(asking.after()).toEqual(READ);
    expect((await screen()).find((node) => node.bounds === field.bounds)?.text).toBe('pizza');
  });
});

describe('android.tap and inject_android_input', () => {
  it('taps a point inside the display and refuses one outside it before asking', async () => {
    const asking = approver('approve');
    const outside = await call(tap, { x: 1080, y: 100 }, asking.approve);
    expect(outside).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(!outside.ok && outside.error.message).toContain('outside the 1080x2400 display');
    expect(asking.asked).toEqual([]);
    const tooFar = await call(tap, { x: 20001, y: 1 }, asking.approve);
    expect(tooFar).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    const result = await call(tap, { x: 906, y: 1935 }, asking.approve);
    expect(result).toMatchObject({ ok: true, value: { command: "input tap '906' '1935'" } });
    expect(asking.asked[0]).toMatchObject({
      strength: 'strong',
      preview: "tap at (906, 1935): input tap '906' '1935'",
    });
    expect(asking.after()).toEqual(["shell,v2,raw:input tap '906' '1935'"]);
    expect((await screen())[0]?.package).toBe(MAPS);
  });

  it('types into a field through a bounds-validated tap, refusing a point outside the node', async () => {
    await shell(`am start -n ${MAPS}/.MapActivity`);
    const field = (await screen()).find((node) => node.text === 'Search here')!;
    const asking = approver('approve');
    const outside = await call(
      injectInput,
      { action: 'tap', bounds: field.bounds, x: 41, y: 200 },
      asking.approve,
    );
    expect(outside).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(asking.asked).toEqual([]);
    const result = await call(
      injectInput,
      {
        action: 'text',
        bounds: field.bounds,
        text: 'ramen near me',
        verification: { text_present: 'ramen near me' },
      },
      asking.approve,
    );
    if (!result.ok) throw new Error(result.error.message);
    const command = "input tap '540' '236' && input text 'ramen%snear%sme'";
    expect(result.value).toMatchObject({
      command,
      verification: { passed: true, focused_text: 'ramen near me' },
    });
    // After approval: the uiautomator re-read (dump, then its three reads in parallel), the command, the check.
    const after = asking.after();
    expect(after[0]).toMatch(
      /^shell,v2,raw:f='\/data\/local\/tmp\/androperator-ui-[0-9a-f]{16}\.xml'; trap /,
    );
    expect(after.slice(1, 4).sort()).toEqual([
      'shell,v2,raw:dumpsys window',
      'shell,v2,raw:wm density',
      'shell,v2,raw:wm size',
    ]);
    expect(after.slice(4)).toEqual([`shell,v2,raw:${command}`, ...READ]);
  });
});
