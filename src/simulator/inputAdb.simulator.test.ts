import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adbShell, dumpUi, type DumpNode } from '../test-support/uiDump';
import { startIsolatedAdb, type IsolatedAdb } from '../test-support/isolatedAdb';
import { bootSimulated } from '../test-support/isolatedResolver';
import type { SimulatedAndroid } from './simulatedAndroid';

// `adb shell input` through the real adb server changes the simulated phone: a tap at the centre of a node found in
// `uiautomator dump /dev/tty` opens what that node opens, the next dump shows it, `screencap -p` paints it, and
// dumpsys reports the new foreground; Back returns.

type Node = DumpNode;

const SHOP = 'com.shoply.android';
let adb: IsolatedAdb;
let phone: SimulatedAndroid;
let serial: string;

function shell(...args: string[]): Promise<string> {
  return adbShell(adb, serial, ...args);
}

function dump(): Promise<Node[]> {
  return dumpUi(adb, serial);
}

function find(nodes: Node[], predicate: (node: Node) => boolean): Node {
  const node = nodes.find(predicate);
  if (!node) throw new Error(`node not found among ${nodes.map((item) => item.text || item.id).join(' | ')}`);
  return node;
}

async function tapCentre(node: Node): Promise<void> {
  const [left, top, right, bottom] = node.bounds;
  await shell('input', 'tap', String(Math.floor((left + right) / 2)), String(Math.floor((top + bottom) / 2)));
}

/** #RRGGBB of one pixel of `adb exec-out screencap -p`. */
async function screenPixel(x: number, y: number): Promise<string> {
  const run = await adb.adb(['-s', serial, 'exec-out', 'screencap', '-p']);
  expect(run.code).toBe(0);
  const png = PNG.sync.read(run.stdout);
  const offset = (png.width * y + x) * 4;
  return `#${[0, 1, 2].map((channel) => (png.data[offset + channel] ?? 0).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim: phone, serial } = await bootSimulated(adb, { logTraffic: { ratePerSecond: 0, seed: 3 } }));
});

afterAll(async () => {
  await phone?.close();
  await adb?.stop();
});

describe('adb shell input on a simulated phone', () => {
  it('a tap on a launcher icon opens the app, a tap on Place order opens its dialog, Back returns', async () => {
    const home = await dump();
    expect(home[0]?.packageName).toBe('com.google.android.apps.nexuslauncher');
    await tapCentre(find(home, (node) => node.contentDesc === 'Shoply'));
    const checkout = await dump();
    expect(checkout[0]?.packageName).toBe(SHOP);
    expect(await shell('dumpsys', 'window')).toMatch(/mCurrentFocus=Window\{\S+ u0 com\.shoply\.android\//);
    expect(await shell('dumpsys', 'activity', 'activities')).toContain('com.shoply.android/.MainActivity');
    expect((await shell('pidof', SHOP)).trim()).toMatch(/^\d+$/);

    await tapCentre(find(checkout, (node) => node.id === `${SHOP}:id/place_order`));
    const dialog = await dump();
    expect(dialog.some((node) => node.id === `${SHOP}:id/place_order`)).toBe(false);
    const confirm = find(dialog, (node) => node.text === 'Place order');
    const [left, top, , bottom] = confirm.bounds;
    // Inside the confirm button, left of its centred label: the button's fill, the shop's brand colour.
    expect(await screenPixel(left + 12, Math.floor((top + bottom) / 2))).toBe('#E65100');

    await shell('input', 'keyevent', 'KEYCODE_BACK');
    const back = await dump();
    expect(back.some((node) => node.id === `${SHOP}:id/place_order`)).toBe(true);
    expect(back.some((node) => node.text === 'Place order?')).toBe(false);
    await shell('input', 'keyevent', '4');
    expect((await dump())[0]?.packageName).toBe('com.google.android.apps.nexuslauncher');
    expect(await shell('dumpsys', 'window')).toMatch(
      /mCurrentFocus=Window\{\S+ u0 com\.google\.android\.apps\.nexuslauncher\//,
    );
  });
});
