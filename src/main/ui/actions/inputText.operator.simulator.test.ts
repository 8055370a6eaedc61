// android.input_text's Operator path on a simulated phone through the real adb server: Unicode text and mode
// "replace" reach the device as the Operator's set_text (never `input text`), the field then holds the text in a
// plain `uiautomator dump`; a refused approval, a changed field, an old Operator and a missing one send nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, type Result } from '../../../shared/errors';
import { startIsolatedAdb, type IsolatedAdb } from '../../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../../test-support/isolatedResolver';
import type { ReceivedRequest } from '../../../simulator/adb/simulatedDevice';
import type { SimulatedAndroid } from '../../../simulator/simulatedAndroid';
import { APPROVE_ALL, type ApprovalRequest, type Approver } from '../../approval/approval';
import { runTool } from '../../android/runTool';
import type { AndroidTool } from '../../android/tool';
import { inputText } from './inputTools';
import { tapText } from './tapTools';

const MAPS = 'com.atlasmaps.app';
const FIELD = `${MAPS}:id/search_omnibox_text_box`;

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

async function shell(device: string, command: string): Promise<string> {
  const run = await adb.adb(['-s', device, 'shell', command]);
  expect(run.code, command).toBe(0);
  return run.stdout.toString();
}

/** The search field's text attribute in a plain `uiautomator dump` (not through the Operator). */
async function dumpedFieldText(device: string): Promise<string | undefined> {
  const xml = await shell(
    device,
    'uiautomator dump /data/local/tmp/field.xml >/dev/null && cat /data/local/tmp/field.xml; rm -f /data/local/tmp/field.xml',
  );
  const node = xml.split('<node ').find((entry) => entry.includes(`resource-id="${FIELD}"`));
  return node === undefined ? undefined : /text="([^"]*)"/.exec(node)?.[1];
}

function call(
  tool: AndroidTool,
  device: string,
  args: Record<string, unknown>,
  approve: Approver,
): Promise<Result<unknown>> {
  return runTool(tool, { arguments: { device, ...args }, resolver: isolatedResolver(adb), approve });
}

/** Records approval requests; `act` runs on the device before answering; `after()`: services received since. */
function approver(target: SimulatedAndroid, answer: 'approve' | 'refuse', act?: () => Promise<void>) {
  const asked: ApprovalRequest[] = [];
  let mark: ReceivedRequest | undefined;
  const approve: Approver = async (request) => {
    asked.push(request);
    if (act !== undefined) await act();
    mark = target.device.received().at(-1);
    return answer === 'approve' ? ok(undefined) : fail('APPROVAL_REFUSED', 'refused in the test');
  };
  const after = (): string[] => {
    const log = target.device.received();
    return log.slice(mark === undefined ? 0 : log.indexOf(mark) + 1).map((entry) => entry.service);
  };
  return { asked, approve, after };
}

const typedByShell = (services: string[]) => services.filter((service) => service.includes('input text'));

/** Opens Maps and focuses its search field with a tap, as a user would before typing. */
async function focusSearch(target: SimulatedAndroid, device: string): Promise<void> {
  await shell(device, `am force-stop ${MAPS}`);
  await shell(device, `am start -n ${MAPS}/.MapActivity`);
  expect(await call(tapText, device, { text: 'Search here' }, APPROVE_ALL)).toMatchObject({ ok: true });
  target.operator.receivedNodeActions.length = 0;
}

describe('android.input_text through the Operator', () => {
  beforeEach(async () => {
    sim.operator.legacyProtocol = false;
    await focusSearch(sim, serial);
  });

  it('sends Unicode as set_text after a strong approval; the dumped field shows exactly that text', async () => {
    const asking = approver(sim, 'approve');
    const result = await call(
      inputText,
      serial,
      { text: 'Grüße 日本', verification: { text_present: 'Grüße 日本' } },
      asking.approve,
    );
    expect(result).toMatchObject({
      ok: true,
      value: {
        action_sent: true,
        target: { resource_id: FIELD, package: MAPS },
        operator_result: { type: 'set_text_result', result: { performed: true, mode: 'append', length: 8 } },
        verification: { passed: true },
      },
    });
    expect(asking.asked).toHaveLength(1);
    expect(asking.asked[0]).toMatchObject({ strength: 'strong' });
    expect(asking.asked[0]?.preview).toContain("with 'Grüße 日本' through the Operator's ACTION_SET_TEXT");
    // The device received one set_text naming the approved field, over the agent socket, and no `input text`.
    expect(sim.operator.receivedNodeActions).toEqual([
      expect.objectContaining({
        type: 'set_text',
        text: 'Grüße 日本',
        replace: false,
        target: expect.objectContaining({ resource_id: FIELD, text: 'Search here' }),
      }),
    ]);
    expect(asking.after()).toContain('localabstract:com.androperator.operator.agent');
    expect(typedByShell(asking.after())).toEqual([]);
    expect(await dumpedFieldText(serial)).toBe('Grüße 日本');
  });

  it('replaces the field text with mode "replace", ASCII included', async () => {
    await shell(serial, 'input text coffee');
    expect(await dumpedFieldText(serial)).toBe('coffee');
    const asking = approver(sim, 'approve');
    const result = await call(inputText, serial, { text: 'tea', mode: 'replace' }, asking.approve);
    expect(result).toMatchObject({
      ok: true,
      value: { operator_result: { result: { mode: 'replace', length: 3 } } },
    });
    expect(asking.asked[0]?.preview).toContain('replace the text of the focused field');
    expect(sim.operator.receivedNodeActions.map((action) => action.type)).toEqual(['set_text']);
    expect(typedByShell(asking.after())).toEqual([]);
    expect(await dumpedFieldText(serial)).toBe('tea');
  });

  it('sends nothing when the approval is refused', async () => {
    const asking = approver(sim, 'refuse');
    const result = await call(inputText, serial, { text: 'Grüße' }, asking.approve);
    expect(result).toMatchObject({ ok: false, error: { details: { action_sent: false } } });
    expect(asking.asked).toHaveLength(1);
    expect(sim.operator.receivedNodeActions).toEqual([]);
    expect(asking.after()).toEqual([]);
    expect(await dumpedFieldText(serial)).toBe('Search here');
  });

  it('sends nothing when the field changed after approval', async () => {
    const asking = approver(sim, 'approve', async () => {
      await shell(serial, 'input text x');
    });
    const result = await call(inputText, serial, { text: '日本', mode: 'replace' }, asking.approve);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'UI_TARGET_CHANGED', details: { action_sent: false, changed_fields: ['text'] } },
    });
    expect(sim.operator.receivedNodeActions).toEqual([]);
    expect(await dumpedFieldText(serial)).toBe('x');
  });

  it('refuses replace on an Operator that predates set_text before asking, sending nothing', async () => {
    sim.operator.legacyProtocol = true;
    const start = sim.device.received().at(-1);
    const asking = approver(sim, 'approve');
    const result = await call(inputText, serial, { text: 'tea', mode: 'replace' }, asking.approve);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'UI_INPUT_UNSUPPORTED', details: { reason: 'operator_old', action_sent: false } },
    });
    expect(!result.ok && result.error.message).toContain('predates set_text');
    expect(asking.asked).toEqual([]);
    expect(sim.operator.receivedNodeActions).toEqual([]);
    const services = sim.device.received();
    const since = services.slice(start === undefined ? 0 : services.indexOf(start) + 1);
    // Only the hello that found the Operator too old reached the device: no action of any kind.
    expect(since.map((entry) => entry.service)).toEqual(['localabstract:com.androperator.operator.agent']);
    expect(await dumpedFieldText(serial)).toBe('Search here');
  });
});

describe('android.input_text without an Operator', () => {
  it('refuses Unicode with the reason (Operator missing) before asking; the field keeps its text', async () => {
    const bare = await bootSimulated(adb, { operatorInstalled: false });
    try {
      await focusSearch(bare.sim, bare.serial);
      const asking = approver(bare.sim, 'approve');
      const result = await call(inputText, bare.serial, { text: 'café' }, asking.approve);
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'UI_INPUT_UNSUPPORTED', details: { reason: 'operator_missing', action_sent: false } },
      });
      expect(!result.ok && result.error.message).toContain("need the Operator's set_text");
      expect(asking.asked).toEqual([]);
      expect(typedByShell(bare.sim.device.received().map((entry) => entry.service))).toEqual([]);
      expect(await dumpedFieldText(bare.serial)).toBe('Search here');
    } finally {
      await bare.sim.close();
    }
  });

  it('refuses replace with the reason (service not enabled) before asking', async () => {
    const off = await bootSimulated(adb, { serviceEnabled: false });
    try {
      await focusSearch(off.sim, off.serial);
      const asking = approver(off.sim, 'approve');
      const result = await call(inputText, off.serial, { text: 'tea', mode: 'replace' }, asking.approve);
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'UI_INPUT_UNSUPPORTED',
          details: { reason: 'operator_not_enabled', action_sent: false },
        },
      });
      expect(asking.asked).toEqual([]);
      expect(off.sim.operator.receivedNodeActions).toEqual([]);
      expect(await dumpedFieldText(off.serial)).toBe('Search here');
    } finally {
      await off.sim.close();
    }
  });
});
