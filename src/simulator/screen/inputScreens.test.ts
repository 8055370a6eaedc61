import { XMLParser } from 'fast-xml-parser';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runShell } from '../../test-support/runShell';
import { SimulatedAndroid } from '../simulatedAndroid';

// Input on a simulated phone changes what uiautomator dumps and what screencap paints: taps on drawn nodes open
// apps, pages and dialogs, swipes scroll, text fills the focused field, Back and Home navigate.

interface Node {
  text: string;
  id: string;
  className: string;
  packageName: string;
  contentDesc: string;
  focused: boolean;
  scrollable: boolean;
  bounds: { left: number; top: number; right: number; bottom: number };
}

interface XmlNode {
  [attribute: string]: string | XmlNode | XmlNode[] | undefined;
  node?: XmlNode | XmlNode[];
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });
const SHOP = 'com.shoply.android';
const SETTINGS = 'com.android.settings';
let phone: SimulatedAndroid;

function flatten(node: XmlNode | XmlNode[] | undefined): Node[] {
  if (node === undefined) return [];
  return (Array.isArray(node) ? node : [node]).flatMap((item) => {
    const match = /^\[(\d+),(\d+)\]\[(\d+),(\d+)\]$/.exec(String(item.bounds));
    if (!match) throw new Error(`bad bounds ${String(item.bounds)}`);
    const [left, top, right, bottom] = match.slice(1).map(Number) as [number, number, number, number];
    const own: Node = {
      text: String(item.text),
      id: String(item['resource-id']),
      className: String(item.class),
      packageName: String(item.package),
      contentDesc: String(item['content-desc']),
      focused: item.focused === 'true',
      scrollable: item.scrollable === 'true',
      bounds: { left, top, right, bottom },
    };
    return [own, ...flatten(item.node)];
  });
}

async function shell(line: string): Promise<string> {
  const run = await runShell(line, { state: phone.state, commands: phone.device.commands });
  expect(run.status, line).toBe(0);
  return run.stdout.toString();
}

async function dump(): Promise<Node[]> {
  const out = await shell('uiautomator dump /dev/tty');
  const xml = out.slice(0, out.indexOf('UI hierchary dumped to:'));
  return flatten((parser.parse(xml) as { hierarchy: { node: XmlNode } }).hierarchy.node);
}

function find(nodes: Node[], predicate: (node: Node) => boolean, what: string): Node {
  const node = nodes.find(predicate);
  if (!node) throw new Error(`no node ${what} in ${nodes.map((n) => n.text || n.id).join(' | ')}`);
  return node;
}

async function tap(node: Node): Promise<void> {
  const { left, top, right, bottom } = node.bounds;
  await shell(`input tap ${Math.floor((left + right) / 2)} ${Math.floor((top + bottom) / 2)}`);
}

async function pixel(x: number, y: number): Promise<string> {
  const png = PNG.sync.read(Buffer.from(await phone.capture()));
  const offset = (png.width * Math.round(y) + Math.round(x)) * 4;
  const hex = [0, 1, 2].map((channel) => (png.data[offset + channel] ?? 0).toString(16).padStart(2, '0'));
  return `#${hex.join('')}`.toUpperCase();
}

/** The captured pixels under the status bar (whose clock may tick between two captures). */
async function belowStatusBar(): Promise<Buffer> {
  const png = PNG.sync.read(Buffer.from(await phone.capture()));
  return png.data.subarray(png.width * 4 * phone.profile.display.statusBarPx);
}

beforeAll(async () => {
  const started = await SimulatedAndroid.start({
    profile: 'phone',
    logTraffic: { ratePerSecond: 0, seed: 1 },
  });
  if (!started.ok) throw new Error(started.error.message);
  phone = started.value;
});

afterAll(async () => {
  await phone?.close();
});

describe('input on the simulated phone', () => {
  it('a launcher icon opens its app; Place order opens a dialog; Cancel, a tap outside and Back close it', async () => {
    await shell('input keyevent HOME');
    await tap(find(await dump(), (node) => node.contentDesc === 'Shoply', 'Shoply icon'));
    expect(phone.state.foreground.packageName).toBe(SHOP);
    expect(await shell('pidof com.shoply.android')).toMatch(/^\d+\n$/);
    expect(await shell('dumpsys window')).toContain(`mCurrentFocus=Window{`);
    const checkout = await dump();
    expect(checkout[0]?.packageName).toBe(SHOP);
    await tap(find(checkout, (node) => node.id === `${SHOP}:id/place_order`, 'place order'));
    const dialog = await dump();
    // The dialog is the active window: the dump is its window, not the checkout under it.
    expect(dialog.some((node) => node.id === `${SHOP}:id/place_order`)).toBe(false);
    find(dialog, (node) => node.text === 'Place order?', 'dialog title');
    const confirm = find(
      dialog,
      (node) => node.className === 'android.widget.Button' && node.text === 'Place order',
      'confirm',
    );
    expect(await pixel(confirm.bounds.left + 12, (confirm.bounds.top + confirm.bounds.bottom) / 2)).toBe(
      '#E65100',
    );
    await tap(find(dialog, (node) => node.text === 'Cancel', 'cancel'));
    expect((await dump()).some((node) => node.id === `${SHOP}:id/place_order`)).toBe(true);
    // A tap on the scrim outside the dialog cancels it too.
    await tap(find(await dump(), (node) => node.id === `${SHOP}:id/place_order`, 'place order'));
    const root = (await dump())[0];
    await shell(`input tap 20 ${(root?.bounds.top ?? 400) - 40}`);
    expect((await dump()).some((node) => node.id === `${SHOP}:id/place_order`)).toBe(true);
    await tap(find(await dump(), (node) => node.id === `${SHOP}:id/place_order`, 'place order'));
    await tap(find(await dump(), (node) => node.text === 'Place order', 'confirm'));
    find(await dump(), (node) => node.text === 'Thanks, Alex!', 'confirmation');
    await shell('input keyevent KEYCODE_BACK');
    find(await dump(), (node) => node.id === `${SHOP}:id/place_order`, 'checkout again');
    await shell('input keyevent 4');
    expect(phone.state.foreground.packageName).toBe(phone.state.launcher.packageName);
  });

  it('an order line opens its product page; Navigate up returns', async () => {
    await shell(`am start -n ${SHOP}/.checkout.CheckoutActivity`);
    const line = find(await dump(), (node) => node.id === `${SHOP}:id/order_line`, 'order line');
    await tap(line);
    const product = await dump();
    const image = find(product, (node) => node.id === `${SHOP}:id/product_image`, 'product image');
    expect(find(product, (node) => node.id === `${SHOP}:id/product_name`, 'name').text).toBe(
      'Wireless Earbuds Pro',
    );
    expect(await pixel(image.bounds.left + 30, image.bounds.top + 30)).not.toBe(
      await pixel(20, image.bounds.top - 1),
    );
    await tap(find(product, (node) => node.contentDesc === 'Navigate up', 'up'));
    find(await dump(), (node) => node.id === `${SHOP}:id/order_line`, 'checkout');
    await shell('input keyevent HOME');
  });

  it('a swipe scrolls the Settings list: rows move up and rows below the screen appear', async () => {
    await shell('input keyevent HOME');
    await tap(find(await dump(), (node) => node.contentDesc === 'Settings', 'Settings icon'));
    expect(phone.state.foreground.packageName).toBe(SETTINGS);
    const before = await dump();
    const list = find(
      before,
      (node) => node.scrollable && node.id === `${SETTINGS}:id/recycler_view`,
      'list',
    );
    const battery = find(before, (node) => node.text === 'Battery', 'Battery');
    expect(before.some((node) => node.text === 'About phone')).toBe(false);
    const x = (list.bounds.left + list.bounds.right) / 2;
    // 400 px in 4 s is released at 100 px/s, below the minimum fling velocity (50 dp/s): the list moves 400 px.
    await shell(`input swipe ${x} ${list.bounds.bottom - 100} ${x} ${list.bounds.bottom - 500} 4000`);
    const after = await dump();
    expect(find(after, (node) => node.text === 'Battery', 'Battery').bounds.top).toBe(
      battery.bounds.top - 400,
    );
    // The same 100 px drag slow and fast: the fast one flings on after the finger lifts.
    await shell(`input swipe ${x} ${list.bounds.bottom - 300} ${x} ${list.bounds.bottom - 100} 4000`);
    const top = find(await dump(), (node) => node.text === 'Battery', 'Battery').bounds.top;
    expect(top).toBe(battery.bounds.top - 200);
    await shell(`input swipe ${x} ${list.bounds.bottom - 100} ${x} ${list.bounds.bottom - 200} 2000`);
    const slow = find(await dump(), (node) => node.text === 'Battery', 'Battery').bounds.top;
    expect(slow).toBe(top - 100);
    await shell(`input swipe ${x} ${list.bounds.bottom - 200} ${x} ${list.bounds.bottom - 100} 2000`);
    await shell(`input swipe ${x} ${list.bounds.bottom - 100} ${x} ${list.bounds.bottom - 200} 50`);
    const fast = find(await dump(), (node) => node.text === 'Battery', 'Battery').bounds.top;
    // Released at 2000 px/s on 420 dpi, OverScroller's spline carries the list ~318 px past the 100 px drag.
    expect(top - fast).toBeGreaterThan(3 * (top - slow));
    expect(top - fast).toBeLessThan(500);
    // Far past the end: the list stops with its last row shown.
    await shell(`input swipe ${x} ${list.bounds.bottom - 100} ${x} ${list.bounds.top + 10} 300`);
    const end = await dump();
    const about = find(end, (node) => node.text === 'About phone', 'About phone');
    expect(about.bounds.bottom).toBeLessThanOrEqual(list.bounds.bottom);
    // Rows scrolled above the list are clipped to it, never drawn over the search bar.
    for (const node of end.filter((item) => item.id === 'android:id/title'))
      expect(node.bounds.top).toBeGreaterThanOrEqual(list.bounds.top);
    // A row opens its sub-page; Back returns to the list where it was.
    await tap(find(end, (node) => node.text === 'Display', 'Display'));
    const page = await dump();
    find(page, (node) => node.text === 'Dark theme', 'sub-page entry');
    await shell('input keyevent BACK');
    expect(find(await dump(), (node) => node.text === 'About phone', 'About phone').bounds).toEqual(
      about.bounds,
    );
    await shell('input keyevent HOME');
  });

  it('a tap focuses the maps search field and input text fills it, in the dump and in the pixels', async () => {
    await shell('input keyevent HOME');
    await tap(find(await dump(), (node) => node.contentDesc === 'Atlas Maps', 'Maps icon'));
    const field = find(await dump(), (node) => node.className === 'android.widget.EditText', 'search field');
    expect(field).toMatchObject({ text: 'Search here', focused: false });
    const emptyPixels = await phone.capture();
    await shell("input text 'Cafe%sLuna'");
    expect(find(await dump(), (node) => node.className === 'android.widget.EditText', 'field').text).toBe(
      'Search here',
    );
    await tap(field);
    await shell("input text 'Cafe%sLuna'");
    const filled = find(await dump(), (node) => node.className === 'android.widget.EditText', 'field');
    expect(filled).toMatchObject({ text: 'Cafe Luna', focused: true });
    expect(Buffer.from(await phone.capture()).equals(Buffer.from(emptyPixels))).toBe(false);
    await shell('input keyevent 67');
    expect(find(await dump(), (node) => node.className === 'android.widget.EditText', 'field').text).toBe(
      'Cafe Lun',
    );
    await shell('input keyevent HOME');
  });

  it('a tap outside any clickable node changes nothing', async () => {
    await shell('input keyevent HOME');
    const before = await dump();
    await shell('input tap 540 600');
    expect(phone.state.foreground.packageName).toBe(phone.state.launcher.packageName);
    expect(await dump()).toEqual(before);
  });

  it('simctl animate: the screen changes from frame to frame and uiautomator dump cannot get an idle state', async () => {
    await shell('input keyevent HOME');
    await tap(find(await dump(), (node) => node.contentDesc === 'Mail', 'Mail icon'));
    await shell('simctl animate com.simmail.android on');
    const first = await belowStatusBar();
    let changed = false;
    // Each capture takes longer than a frame: within a few captures the progress bar has moved.
    for (let attempt = 0; attempt < 20 && !changed; attempt += 1)
      changed = !(await belowStatusBar()).equals(first);
    expect(changed).toBe(true);
    const run = await runShell('uiautomator dump /dev/tty', { state: phone.state });
    expect(run).toMatchObject({ status: 0, stderr: 'ERROR: could not get idle state.\n' });
    expect(run.stdout.toString()).toBe('');
    await shell('simctl animate com.simmail.android off');
    expect((await dump()).some((node) => node.id === 'com.simmail.android:id/thread_list')).toBe(true);
    const still = await belowStatusBar();
    expect((await belowStatusBar()).equals(still)).toBe(true);
    await shell('input keyevent HOME');
  });
});
