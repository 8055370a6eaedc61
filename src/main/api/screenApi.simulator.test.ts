// screen:frame / screen:tree / screen:act through the transports' entry (dispatchChannel) on a simulated phone
// behind a real adb server: the frame is a PNG of the device's size, the device received `exec:screencap -p`, two
// callers at once share one capture, the tree comes from the UI tools, and a tap sends `input tap 'x' 'y'`.
import { describe, expect, it } from 'vitest';
import { OUTPUT_SCHEMAS } from '../../shared/api/outputSchemas';
import { useSimulatedConsole } from '../../test-support/simulatedConsole';
import { dispatchChannel } from './dispatch';
import { frameMethodOf } from '../screenshot/frames';

const phone = useSimulatedConsole();

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
});
