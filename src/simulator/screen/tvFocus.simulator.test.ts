import type { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { adbShell, dumpUi, type DumpNode } from '../../test-support/uiDump';
import { pixelHex, QUIET_TV, screencapPng, useSimulatedDevice } from '../../test-support/simulatedSuite';

// The tv profile through the real adb server: it reports itself as an Android TV (features, properties, display),
// its leanback home is rows of cards, D-pad keys move focus between them as FocusFinder would, the focused card
// wears a white frame on `screencap -p`, CENTER opens its app and Back returns to the card that was focused.

type Node = DumpNode;

const LAUNCHER = 'com.google.android.apps.tv.launcherx';
const SHOP = 'com.shoply.android';
/** The leanback home's background, and the colour of the focus frame around a card. */
const BACKGROUND = '#0E1013';
const FRAME = '#FFFFFF';
const suite = useSimulatedDevice(QUIET_TV);

function shell(...args: string[]): Promise<string> {
  return adbShell(suite.adb, suite.serial, ...args);
}

function dump(): Promise<Node[]> {
  return dumpUi(suite.adb, suite.serial);
}

/** The one focused node of the dump (fails when none or several are focused). */
async function focused(): Promise<Node> {
  const nodes = (await dump()).filter((node) => node.focused);
  expect(nodes.map((node) => node.contentDesc || node.text)).toHaveLength(1);
  return nodes[0] as Node;
}

function card(nodes: Node[], label: string): Node {
  // The top bar's gear is "Settings" too: cards are the rows' app and content cards.
  const found = nodes.find((node) => node.contentDesc === label && /:id\/(app|content)_card$/.test(node.id));
  if (!found) throw new Error(`no card ${label} among ${nodes.map((node) => node.contentDesc).join(' | ')}`);
  return found;
}

function screen(): Promise<PNG> {
  return screencapPng(suite.adb, suite.serial);
}

const pixel = pixelHex;

/** The pixel 6 px left of a node's left edge, at its vertical middle: where the focus frame runs. */
function besideLeft(png: PNG, node: Node): string {
  const [left, top, , bottom] = node.bounds;
  return pixel(png, left - 6, Math.floor((top + bottom) / 2));
}

async function key(...codes: string[]): Promise<void> {
  await shell('input', 'keyevent', ...codes);
}

describe('the tv profile through real adb', () => {
  it('reports an Android TV: leanback features without a touchscreen, tv build characteristics, 1080p at 320 dpi', async () => {
    const features = (await shell('pm', 'list', 'features')).split('\n').map((line) => line.trim());
    expect(features).toContain('feature:android.software.leanback');
    expect(features).toContain('feature:android.hardware.type.television');
    expect(features.some((line) => line.startsWith('feature:android.hardware.touchscreen'))).toBe(false);
    expect((await shell('getprop', 'ro.build.characteristics')).trim()).toBe('tv');
    expect((await shell('getprop', 'ro.build.version.sdk')).trim()).toBe('34');
    expect((await shell('wm', 'size')).trim()).toBe('Physical size: 1920x1080');
    expect((await shell('wm', 'density')).trim()).toBe('Physical density: 320');
    // The configuration of a TV: no SIM, the television ui mode, no touch, a D-pad; no status or navigation bar.
    expect(await shell('dumpsys', 'activity', 'top')).toMatch(
      /mCurrentConfig=\{1\.0 \?mcc\?mnc \[en_US\] \S+ sw540dp w960dp h540dp 320dpi lrg long land television night-no -touch -keyb\/v\/h dpad\/v /,
    );
    const windows = await shell('dumpsys', 'window', 'windows');
    expect(windows).not.toContain('StatusBar');
    expect(windows).not.toContain('NavigationBar');
    expect(await shell('dumpsys', 'window', 'displays')).toMatch(
      /mCurrentFocus=Window\{\S+ u0 com\.google\.android\.apps\.tv\.launcherx\//,
    );
  });

  it('D-pad keys walk focus over the home rows, the frame follows it, CENTER opens the app and Back restores it', async () => {
    const home = await dump();
    expect(home[0]?.packageName).toBe(LAUNCHER);
    // Not in touch mode: the first app card has focus before any key, and the "For you" tab is the selected one.
    const first = await focused();
    expect([first.contentDesc, first.id]).toEqual(['Settings', `${LAUNCHER}:id/app_card`]);
    expect(home.filter((node) => node.selected).map((node) => node.text)).toEqual(['For you']);
    const cards = ['Settings', 'Shoply', 'Mail', 'Atlas Maps'].map((label) => card(home, label));
    expect(cards.every((node) => node.focusable)).toBe(true);
    let png = await screen();
    expect(besideLeft(png, card(home, 'Settings'))).toBe(FRAME);
    expect(besideLeft(png, card(home, 'Shoply'))).toBe(BACKGROUND);

    await key('KEYCODE_DPAD_RIGHT');
    expect((await focused()).contentDesc).toBe('Shoply');
    png = await screen();
    expect(besideLeft(png, card(home, 'Shoply'))).toBe(FRAME);
    expect(besideLeft(png, card(home, 'Settings'))).toBe(BACKGROUND);

    // Numeric codes work as names do; at the row's end focus stays (no wrap).
    await key('22', '22');
    expect((await focused()).contentDesc).toBe('Atlas Maps');
    await key('KEYCODE_DPAD_RIGHT');
    expect((await focused()).contentDesc).toBe('Atlas Maps');

    // Down: of the two content cards under Atlas Maps, the one whose centre is nearer (FocusFinder's minor axis).
    await key('KEYCODE_DPAD_DOWN');
    const below = await focused();
    expect(below.contentDesc).toBe('Explore nearby, Atlas Maps');
    expect(below.id).toBe(`${LAUNCHER}:id/content_card`);
    png = await screen();
    expect(besideLeft(png, below)).toBe(FRAME);
    expect(besideLeft(png, card(home, 'Atlas Maps'))).toBe(BACKGROUND);
    await key('20');
    expect((await focused()).contentDesc).toBe('Explore nearby, Atlas Maps');

    await key('19');
    expect((await focused()).contentDesc).toBe('Atlas Maps');
    await key('KEYCODE_DPAD_UP', 'KEYCODE_DPAD_LEFT');
    expect((await focused()).text).toBe('Library');
    await key('KEYCODE_DPAD_DOWN');
    expect((await focused()).contentDesc).toBe('Shoply');

    await key('KEYCODE_DPAD_CENTER');
    expect(await shell('dumpsys', 'window')).toMatch(/mCurrentFocus=Window\{\S+ u0 com\.shoply\.android\//);
    const shop = await dump();
    expect(shop[0]?.packageName).toBe(SHOP);
    // The app's window has focus on one node too (its default one), as every TV window does.
    expect((await focused()).packageName).toBe(SHOP);

    await key('KEYCODE_BACK');
    expect((await dump())[0]?.packageName).toBe(LAUNCHER);
    expect((await focused()).contentDesc).toBe('Shoply');

    // ENTER (66) clicks like CENTER; HOME returns to the launcher.
    await key('66');
    expect(suite.sim.state.foreground.packageName).toBe(SHOP);
    await key('KEYCODE_HOME');
    expect(suite.sim.state.foreground.packageName).toBe(LAUNCHER);
  });
});
