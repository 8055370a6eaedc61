// screen:find / screen:waitText / screen:cancelWait and the node actions of screen:act (tap_text, tap_node, inject)
// through the transports' entry (dispatchChannel) on a simulated phone behind a real adb server. Find and Wait only
// read the tree; the node actions ask the console's strong approval (approval:requested -> approval:answer with the
// second confirmation) and the device receives exactly one input after it, nothing after a refusal, and nothing when
// another user of the phone changed the screen between approval and execution (the tool re-reads the target).
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalPrompt } from '../../shared/api/contract';
import { OUTPUT_SCHEMAS } from '../../shared/api/outputSchemas';
import { useSimulatedConsole } from '../../test-support/simulatedConsole';
import { systemClock } from '../execution/types';
import { ConsoleApprover } from './consoleApprover';
import { approvalApi } from './consoleApproverApi';
import { dispatchChannel } from './dispatch';
import { ConsoleEventBus } from './events';
import { screenApi } from './screenApi';

const phone = useSimulatedConsole();

const LAUNCHER = 'com.google.android.apps.nexuslauncher';
const MAIL = 'com.simmail.android';
const MAPS = 'com.atlasmaps.app';
const MAIL_BOUNDS = '[540,1812][784,2059]';

/** A command from outside the console (the test, or an approver acting as another user of the phone). */
async function shell(command: string): Promise<void> {
  const run = await phone.adb.adb(['-s', phone.serial, 'shell', command]);
  expect(run.code, command).toBe(0);
}

beforeEach(async () => {
  await shell(`am force-stop ${MAIL}`);
  await shell(`am force-stop ${MAPS}`);
  await shell('input keyevent HOME');
  phone.sim.operator.receivedNodeActions.length = 0;
});

/** The click_node requests the simulated Operator received, by the text of their target. */
const clicks = (): Array<string | null> =>
  phone.sim.operator.receivedNodeActions
    .filter((request) => request.type === 'click_node')
    .map((request) => request.target.text);

/** The `input …` shell commands among adb services. */
const inputs = (services: string[]): string[] =>
  services
    .filter((service) => service.includes('raw:input '))
    .map((service) => service.split('raw:')[1] ?? '');

/**
 * A console page answering every approval prompt through approval:answer as the dialog does (a strong one with its
 * second confirmation), after `before` ran (another user acting on the phone meanwhile).
 */
function consolePage(approved: boolean, before?: () => Promise<void>) {
  const events = new ConsoleEventBus();
  const approvals = new ConsoleApprover({ events });
  const channel = approvalApi({ approvals });
  const prompts: Array<{ prompt: ApprovalPrompt; receivedBefore: number }> = [];
  events.subscribe(
    (message) => {
      if (message.event !== 'approval:requested') return;
      const prompt = message.payload;
      prompts.push({ prompt, receivedBefore: phone.sim.device.received().length });
      void (async () => {
        if (before !== undefined) await before();
        await channel['approval:answer']({
          id: prompt.id,
          approved,
          ...(approved && prompt.strength === 'strong' ? { confirmed: true } : {}),
        });
      })();
    },
    () => 1,
  );
  const api = { ...phone.api(), ...screenApi({ hub: phone.hub, clock: systemClock, approvals }) };
  const sentAfterPrompt = (): string[] =>
    phone.sim.device
      .received()
      .slice(prompts[0]?.receivedBefore ?? 0)
      .map((entry) => entry.service);
  return { api, prompts, sentAfterPrompt };
}

describe('screen:find', () => {
  it('answers the one node with that exact text and the tree it was found in, sending no input', async () => {
    const before = phone.services().length;
    const found = await dispatchChannel(phone.api(), 'screen:find', { serial: phone.serial, text: 'Mail' });
    if (!found.ok) throw new Error(found.error.message);
    const answer = OUTPUT_SCHEMAS['screen:find'].parse(JSON.parse(JSON.stringify(found.value)));
    expect(answer.node).toMatchObject({ text: 'Mail', bounds: MAIL_BOUNDS, package: LAUNCHER });
    expect(answer.query).toEqual({ text: 'Mail', bounds: null });
    expect(answer.tree.complete).toBe(true);
    // The node is the tree's own (same index), so the view selects it there.
    expect(answer.tree.nodes[answer.node.index]).toEqual(answer.node);
    expect(inputs(phone.services().slice(before))).toEqual([]);

    const byBounds = await dispatchChannel(phone.api(), 'screen:find', {
      serial: phone.serial,
      text: 'Mail',
      bounds: MAIL_BOUNDS,
    });
    expect(byBounds).toMatchObject({ ok: true, value: { node: { text: 'Mail', bounds: MAIL_BOUNDS } } });
  }, 30_000);

  it('says not found with the advice and candidates; text at other bounds is not found either', async () => {
    const missing = await dispatchChannel(phone.api(), 'screen:find', { serial: phone.serial, text: 'mail' });
    expect(missing).toMatchObject({
      ok: false,
      error: {
        code: 'UI_TARGET_NOT_FOUND',
        message: "node not found: no node has exactly text 'mail'",
        hint: expect.stringMatching(/exact text/),
        details: { candidates: expect.arrayContaining([expect.objectContaining({ text: 'Mail' })]) },
      },
    });
    const elsewhere = await dispatchChannel(phone.api(), 'screen:find', {
      serial: phone.serial,
      text: 'Mail',
      bounds: '[0,0][10,10]',
    });
    expect(elsewhere).toMatchObject({
      ok: false,
      error: {
        code: 'UI_TARGET_NOT_FOUND',
        message: expect.stringMatching(/within bounds \[0,0\]\[10,10\]$/),
      },
    });
    const neither = await dispatchChannel(phone.api(), 'screen:find', { serial: phone.serial });
    expect(neither).toMatchObject({ ok: false, error: { code: 'INVALID_BODY' } });
  }, 30_000);
});

describe('screen:waitText and screen:cancelWait', () => {
  it('finds text already on screen at the first poll, and times out on text that never comes', async () => {
    const api = phone.api();
    const found = await dispatchChannel(api, 'screen:waitText', {
      serial: phone.serial,
      text: 'Mail',
      wait_id: 'w-found',
    });
    if (!found.ok) throw new Error(found.error.message);
    expect(found.value).toMatchObject({ text: 'Mail', polls: 1, node: { bounds: MAIL_BOUNDS } });

    const late = await dispatchChannel(api, 'screen:waitText', {
      serial: phone.serial,
      text: 'Never shown',
      timeout_ms: 400,
      wait_id: 'w-late',
    });
    expect(late).toMatchObject({
      ok: false,
      error: { code: 'COMMAND_TIMEOUT', details: { polls: expect.any(Number) } },
    });
    const refused = await dispatchChannel(api, 'screen:waitText', {
      serial: phone.serial,
      text: 'Mail',
      timeout_ms: 20_000,
      wait_id: 'w-long',
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
  }, 30_000);

  it('Cancel ends the poll itself: the wait answers COMMAND_CANCELLED long before its timeout', async () => {
    const api = phone.api();
    const start = phone.services().length;
    const started = Date.now();
    const waiting = dispatchChannel(api, 'screen:waitText', {
      serial: phone.serial,
      text: 'Never shown',
      timeout_ms: 10_000,
      wait_id: 'w-cancel',
    });
    // Wait until the poll has read the tree twice (the condition, not a sleep).
    await expect
      .poll(
        () =>
          phone
            .services()
            .slice(start)
            .filter((s) => s.startsWith('localabstract:')).length,
        {
          timeout: 8000,
        },
      )
      .toBeGreaterThanOrEqual(2);
    const cancelled = await dispatchChannel(api, 'screen:cancelWait', { wait_id: 'w-cancel' });
    // screen:cancelWait answers once the poll has ended: the wait's answer is already there.
    expect(cancelled).toEqual({ ok: true, value: { cancelled: true } });
    const answer = await waiting;
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'COMMAND_CANCELLED', details: { wait_id: 'w-cancel', text: 'Never shown' } },
    });
    expect(Date.now() - started).toBeLessThan(8000);
    expect(await dispatchChannel(api, 'screen:cancelWait', { wait_id: 'w-cancel' })).toEqual({
      ok: true,
      value: { cancelled: false },
    });
  }, 30_000);
});

describe('screen:act node actions', () => {
  it("tap_text asks the strong dialog with the exact action, then sends exactly one click_node (the Operator's tree), no `input tap`", async () => {
    const page = consolePage(true);
    const acted = await dispatchChannel(page.api, 'screen:act', {
      serial: phone.serial,
      action: { kind: 'tap_text', text: 'Mail' },
    });
    if (!acted.ok) throw new Error(acted.error.message);
    expect(page.prompts.map((entry) => entry.prompt)).toEqual([
      expect.objectContaining({
        tool: 'android.tap_text',
        device: phone.serial,
        strength: 'strong',
        preview: `Accessibility tap text "Mail" at ${MAIL_BOUNDS} (${LAUNCHER}; the Operator's ACTION_CLICK on the node itself (android.widget.TextView at ${MAIL_BOUNDS}))`,
      }),
    ]);
    expect(inputs(page.sentAfterPrompt())).toEqual([]);
    expect(clicks()).toEqual(['Mail']);
    expect(acted.value).toMatchObject({
      tool: 'android.tap_text',
      action_sent: true,
      result: { method: 'accessibility_click' },
    });
    expect(phone.sim.state.foreground.packageName).toBe(MAIL);
  }, 30_000);

  it('tap_text sends nothing after a refusal', async () => {
    const page = consolePage(false);
    const refused = await dispatchChannel(page.api, 'screen:act', {
      serial: phone.serial,
      action: { kind: 'tap_text', text: 'Mail' },
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL_REFUSED', details: { action_sent: false } },
    });
    expect(page.prompts).toHaveLength(1);
    expect(page.sentAfterPrompt()).toEqual([]);
    expect(phone.sim.state.foreground.packageName).toBe(LAUNCHER);
  }, 30_000);

  it('tap_text sends nothing when the target changed after approval (another app opened meanwhile)', async () => {
    const page = consolePage(true, () => shell(`am start -n ${MAPS}/.MapActivity`));
    const changed = await dispatchChannel(page.api, 'screen:act', {
      serial: phone.serial,
      action: { kind: 'tap_text', text: 'Mail' },
    });
    expect(changed).toMatchObject({
      ok: false,
      error: { code: 'UI_TARGET_CHANGED', details: { action_sent: false } },
    });
    // After the prompt: the other user's `am start`, the re-read, and no input.
    expect(inputs(page.sentAfterPrompt())).toEqual([]);
    expect(phone.sim.state.foreground.packageName).toBe(MAPS);
  }, 30_000);

  it('tap_node clicks the node with exactly those bounds after the strong dialog, verified afterwards', async () => {
    const page = consolePage(true);
    const acted = await dispatchChannel(page.api, 'screen:act', {
      serial: phone.serial,
      action: { kind: 'tap_node', bounds: MAIL_BOUNDS },
      // The Screen view's postcondition builder: Mail's Compose must be on screen afterwards.
      verification: { text_present: 'Compose', expected_package: MAIL },
    });
    if (!acted.ok) throw new Error(acted.error.message);
    expect(page.prompts[0]?.prompt).toMatchObject({ tool: 'android.tap_node', strength: 'strong' });
    expect(inputs(page.sentAfterPrompt())).toEqual([]);
    expect(clicks()).toEqual(['Mail']);
    expect(acted.value).toMatchObject({ result: { verification: { passed: true, expectation_met: true } } });
  }, 30_000);

  it('inject: a swipe leaving the node is refused before asking; a long press inside it after approval', async () => {
    const page = consolePage(true);
    const before = phone.services().length;
    const outside = await dispatchChannel(page.api, 'screen:act', {
      serial: phone.serial,
      action: {
        kind: 'inject',
        action: 'swipe',
        bounds: MAIL_BOUNDS,
        x: 600,
        y: 1900,
        end_x: 900,
        end_y: 1900,
      },
    });
    expect(outside).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENTS', message: expect.stringMatching(/is not inside \[540,1812\]/) },
    });
    expect(page.prompts).toEqual([]);
    expect(inputs(phone.services().slice(before))).toEqual([]);

    const pressed = await dispatchChannel(page.api, 'screen:act', {
      serial: phone.serial,
      action: { kind: 'inject', action: 'long_press', bounds: MAIL_BOUNDS },
    });
    if (!pressed.ok) throw new Error(pressed.error.message);
    expect(page.prompts[0]?.prompt).toMatchObject({
      tool: 'inject_android_input',
      strength: 'strong',
      preview: expect.stringContaining(`long press in ${MAIL_BOUNDS}`),
    });
    expect(inputs(page.sentAfterPrompt())).toEqual(["input swipe '662' '1935' '662' '1935' '700'"]);
    // The launcher answers a long press on an icon with its menu.
    const menu = await dispatchChannel(page.api, 'screen:find', { serial: phone.serial, text: 'App info' });
    expect(menu).toMatchObject({ ok: true, value: { node: { package: LAUNCHER } } });
    await shell('input keyevent BACK');
  }, 30_000);
});
