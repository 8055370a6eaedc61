// screen:frame / screen:tree / screen:act through the transports' entry (dispatchChannel) on a simulated phone
// behind a real adb server: the frame is a PNG of the device's size, the device received `exec:screencap -p`, two
// callers at once share one capture, the tree comes from the UI tools, and a tap sends `input tap 'x' 'y'`. Launch
// and Stop ask the console's approval dialog (approval:requested -> approval:answer) and send nothing when refused;
// Scroll is the user's own action and sends one `input swipe` from `wm size`.
import { describe, expect, it } from 'vitest';
import type { ApprovalPrompt } from '../../shared/api/contract';
import { OUTPUT_SCHEMAS } from '../../shared/api/outputSchemas';
import { useSimulatedConsole } from '../../test-support/simulatedConsole';
import { systemClock } from '../execution/types';
import { ConsoleApprover } from './consoleApprover';
import { approvalApi } from './consoleApproverApi';
import { dispatchChannel } from './dispatch';
import { ConsoleEventBus } from './events';
import { screenApi } from './screenApi';
import { frameMethodOf } from '../screenshot/frames';

const phone = useSimulatedConsole();

const SHOP = 'com.shoply.android';

/**
 * A console page answering every approval prompt through approval:answer as the dialog does, over the real hub;
 * `sentAfterPrompt()` is what the device received after the (first) prompt appeared.
 */
function consolePage(answer: { approved: boolean }) {
  const events = new ConsoleEventBus();
  const approvals = new ConsoleApprover({ events });
  const channel = approvalApi({ approvals });
  const prompts: Array<{ prompt: ApprovalPrompt; receivedBefore: number }> = [];
  events.subscribe(
    (message) => {
      if (message.event !== 'approval:requested') return;
      prompts.push({ prompt: message.payload, receivedBefore: phone.sim.device.received().length });
      void channel['approval:answer']({ id: message.payload.id, ...answer });
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

const screencaps = (): number => phone.services().filter((service) => /screencap/.test(service)).length;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

describe('the Screen view through the console API', () => {
  it('answers a PNG frame captured by exec screencap, and two callers at once share one capture', async () => {
    const api = phone.api();
    const before = screencaps();
    const [first, second] = await Promise.all([
      dispatchChannel(api, 'screen:frame', { serial: phone.serial }),
      dispatchChannel(api, 'screen:frame', { serial: phone.serial }),
    ]);
    if (!first.ok || !second.ok) throw new Error('a frame failed');
    // The device's first frame measures both methods once (src/main/screenshot/frames.ts); both callers share it.
    expect(phone.services().slice(-3)).toEqual(['exec:screencap -p', 'exec:screencap', 'exec:screencap -p']);
    expect(screencaps() - before).toBe(3);
    const chosen = frameMethodOf(phone.serial)?.method;
    const frame = OUTPUT_SCHEMAS['screen:frame'].parse(JSON.parse(JSON.stringify(first.value)));
    expect(second.value).toBe(first.value);
    expect(frame).toMatchObject({ serial: phone.serial, method: chosen, mimeType: 'image/png' });
    expect(frame.encodeMs === null).toBe(chosen === 'screencap-p');
    expect([...Buffer.from(frame.base64, 'base64').subarray(0, 4)]).toEqual(PNG_SIGNATURE);
    expect(frame.widthPx).toBeGreaterThan(0);
    expect(frame.heightPx).toBeGreaterThan(0);

    const next = await dispatchChannel(api, 'screen:frame', { serial: phone.serial });
    expect(next.ok).toBe(true);
    // Then only the method measured faster.
    expect(screencaps() - before).toBe(4);
    expect(phone.services().at(-1)).toBe(chosen === 'raw' ? 'exec:screencap' : 'exec:screencap -p');
  }, 30_000);

  it('answers the tree with its source, completeness and unknown attributes as null', async () => {
    const api = phone.api();
    const read = await dispatchChannel(api, 'screen:tree', { serial: phone.serial });
    if (!read.ok) throw new Error(read.error.message);
    const tree = OUTPUT_SCHEMAS['screen:tree'].parse(JSON.parse(JSON.stringify(read.value)));
    expect(['operator', 'uiautomator']).toContain(tree.source);
    expect(tree.nodes.length).toBe(tree.node_count);
    expect(tree.nodes.some((node) => node.bounds !== null)).toBe(true);
    expect(tree.television).toBe(false);
  }, 30_000);

  it("sends a tap as `input tap 'x' 'y'` with no dialog, and refuses coordinates off the rule", async () => {
    const api = phone.api();
    const acted = await dispatchChannel(api, 'screen:act', {
      serial: phone.serial,
      action: { kind: 'tap', x: 120, y: 340 },
    });
    if (!acted.ok) throw new Error(acted.error.message);
    expect(acted.value).toMatchObject({
      serial: phone.serial,
      action_sent: true,
      command: "input tap '120' '340'",
    });
    expect(phone.services().some((service) => /input tap '120' '340'$/.test(service))).toBe(true);

    const refused = await dispatchChannel(api, 'screen:act', {
      serial: phone.serial,
      action: { kind: 'tap', x: -1, y: 5 },
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.code).toBe('INVALID_ARGUMENTS');
  }, 30_000);

  it('sends a D-pad key as one `input keyevent` and answers the command', async () => {
    const api = phone.api();
    const before = phone.services().filter((service) => /input keyevent 20$/.test(service)).length;
    const acted = await dispatchChannel(api, 'screen:act', {
      serial: phone.serial,
      action: { kind: 'key', key: 'down' },
    });
    if (!acted.ok) throw new Error(acted.error.message);
    expect(acted.value).toMatchObject({
      action_sent: true,
      command: 'input keyevent 20',
      confirmed_labels: null,
    });
    expect(phone.services().filter((service) => /input keyevent 20$/.test(service)).length - before).toBe(1);
  }, 30_000);

  it('launches an app only after the dialog approved it: resolve-activity first, then `am start -n`', async () => {
    const refusing = consolePage({ approved: false });
    const mark = phone.services().length;
    const refused = await dispatchChannel(refusing.api, 'screen:act', {
      serial: phone.serial,
      action: { kind: 'launch_app', package: SHOP },
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'APPROVAL_REFUSED' } });
    expect(refusing.prompts).toHaveLength(1);
    expect(refusing.prompts[0]?.prompt).toMatchObject({ tool: 'android.launch_app', device: phone.serial });
    // The launcher activity was resolved (read-only) before the dialog; nothing was sent after it.
    expect(
      phone
        .services()
        .slice(mark)
        .some((service) => /cmd package resolve-activity --brief/.test(service)),
    ).toBe(true);
    expect(refusing.sentAfterPrompt()).toEqual([]);
    expect(phone.sim.state.foreground.packageName).not.toBe(SHOP);

    const approving = consolePage({ approved: true });
    const before = phone.services().length;
    const launched = await dispatchChannel(approving.api, 'screen:act', {
      serial: phone.serial,
      action: { kind: 'launch_app', package: SHOP },
    });
    if (!launched.ok) throw new Error(launched.error.message);
    const preview = approving.prompts[0]?.prompt.preview ?? '';
    expect(preview).toMatch(/^am start -n 'com\.shoply\.android\/[\w.]+'$/);
    const sent = phone.services().slice(before);
    const resolveAt = sent.findIndex((service) =>
      /cmd package resolve-activity --brief .*com\.shoply\.android/.test(service),
    );
    const startAt = sent.findIndex((service) => service.endsWith(preview));
    expect(resolveAt).toBeGreaterThanOrEqual(0);
    expect(startAt).toBeGreaterThan(resolveAt);
    expect(sent.length - approving.sentAfterPrompt().length).toBe(startAt);
    expect(launched.value).toMatchObject({ tool: 'android.launch_app', action_sent: true, command: preview });
    expect(phone.sim.state.foreground.packageName).toBe(SHOP);
  }, 30_000);

  it('stops an app with `am force-stop` after approval, and a refused Stop sends nothing', async () => {
    const refusing = consolePage({ approved: false });
    const refused = await dispatchChannel(refusing.api, 'screen:act', {
      serial: phone.serial,
      action: { kind: 'stop_app', package: SHOP },
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'APPROVAL_REFUSED' } });
    expect(refusing.prompts[0]?.prompt).toMatchObject({
      tool: 'android.stop_app',
      preview: `am force-stop '${SHOP}'`,
    });
    expect(refusing.sentAfterPrompt()).toEqual([]);

    const approving = consolePage({ approved: true });
    const stopped = await dispatchChannel(approving.api, 'screen:act', {
      serial: phone.serial,
      action: { kind: 'stop_app', package: SHOP },
    });
    if (!stopped.ok) throw new Error(stopped.error.message);
    expect(
      approving.sentAfterPrompt().filter((service) => service.endsWith(`am force-stop '${SHOP}'`)),
    ).toHaveLength(1);
    expect(stopped.value).toMatchObject({ action_sent: true, command: `am force-stop '${SHOP}'` });
  }, 30_000);

  it('scrolls with no dialog: one `input swipe` (up) at half the `wm size` width', async () => {
    const page = consolePage({ approved: false });
    const before = phone.services().length;
    const scrolled = await dispatchChannel(page.api, 'screen:act', {
      serial: phone.serial,
      action: { kind: 'scroll', direction: 'up' },
    });
    if (!scrolled.ok) throw new Error(scrolled.error.message);
    expect(page.prompts).toEqual([]);
    const sent = phone.services().slice(before);
    expect(sent.some((service) => /wm size$/.test(service))).toBe(true);
    // 1080x2400: x = 540, up swipes from H/4 to 3H/4.
    expect(sent.filter((service) => /input swipe/.test(service))).toEqual([
      expect.stringMatching(/input swipe '540' '600' '540' '1800' '500'$/),
    ]);
    expect(scrolled.value).toMatchObject({ tool: 'android.scroll', action_sent: true });
  }, 30_000);
});
