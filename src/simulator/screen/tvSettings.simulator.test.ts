import type { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { dangerousLabels } from '../../shared/api/screenSchemas';
import { adbShell, dumpUi, type DumpNode } from '../../test-support/uiDump';
import { pixelHex, QUIET_TV, screencapPng, useSimulatedDevice } from '../../test-support/simulatedSuite';

// The tv profile's Settings through the real adb server, by D-pad only: from the home's Settings card down the
// side panel to System → About → Reset, which opens ResetActivity with "Factory reset" one key away from its
// default (Cancel). Its label is one the console's Screen view treats as dangerous. "Factory reset" asks again
// ("Erase everything"), Cancel and Back step out, and the simulator erases nothing.

const SETTINGS = 'com.android.tv.settings';
/** The focused row's light fill, and the side panel's own colour. */
const FOCUSED_ROW = '#E8EAED';
const PANEL = '#202124';
const suite = useSimulatedDevice(QUIET_TV);

const shell = (...args: string[]): Promise<string> => adbShell(suite.adb, suite.serial, ...args);
const key = async (...codes: string[]): Promise<void> => void (await shell('input', 'keyevent', ...codes));

/** The labels (text or description) of the focused node and its descendants; fails unless exactly one is focused. */
async function focusedLabels(): Promise<string[]> {
  const nodes = await dumpUi(suite.adb, suite.serial);
  const focused = nodes.filter((node) => node.focused);
  expect(focused).toHaveLength(1);
  const [left, top, right, bottom] = (focused[0] as DumpNode).bounds;
  // Nodes inside the focused one's bounds: its own text views (the dump is flat here).
  return nodes
    .filter((node) => {
      const [l, t, r, b] = node.bounds;
      return l >= left && t >= top && r <= right && b <= bottom;
    })
    .map((node) => node.text || node.contentDesc)
    .filter((label) => label !== '');
}

async function focusedTitle(): Promise<string> {
  return (await focusedLabels())[0] ?? '';
}

function screen(): Promise<PNG> {
  return screencapPng(suite.adb, suite.serial);
}

const pixel = pixelHex;

/** The row whose title TextView says `title` (its LinearLayout: the focusable node holding it). */
async function rowOf(title: string): Promise<DumpNode> {
  const nodes = await dumpUi(suite.adb, suite.serial);
  const inside = (outer: DumpNode, inner: DumpNode): boolean =>
    outer.bounds[0] <= inner.bounds[0] &&
    outer.bounds[1] <= inner.bounds[1] &&
    outer.bounds[2] >= inner.bounds[2] &&
    outer.bounds[3] >= inner.bounds[3];
  const texts = nodes.filter((node) => node.text === title);
  const row = nodes.find((node) => node.focusable && texts.some((text) => inside(node, text)));
  if (!row)
    throw new Error(`no focusable row around ${title} among ${nodes.map((node) => node.text).join(' | ')}`);
  return row;
}

/** A pixel inside the row, left of its text: the focus fill or the background under it. */
async function rowPixel(title: string): Promise<string> {
  const [left, top, , bottom] = (await rowOf(title)).bounds;
  return pixel(await screen(), left + 8, Math.floor((top + bottom) / 2));
}

/** The keyevents the device received through `shell:` since `from` (its received log). */
function keyeventsSince(from: number): string[] {
  return suite.sim.device
    .received()
    .slice(from)
    .map((entry) => entry.service)
    .filter((service) => service.includes('input keyevent'))
    .map((service) => service.slice(service.indexOf('input keyevent')));
}

describe('the tv profile Settings through real adb', () => {
  it('D-pad reaches About → Reset; "Factory reset" is a focusable, dangerous-labelled action one key from Cancel', async () => {
    const from = suite.sim.device.received().length;
    // The home's default focus is the Settings card; CENTER opens the settings panel with its first row focused.
    expect((await focusedLabels())[0]).toBe('Settings');
    await key('KEYCODE_DPAD_CENTER');
    expect(suite.sim.state.foreground.packageName).toBe(SETTINGS);
    expect(await focusedTitle()).toBe('Accounts & Sign In');
    expect(await rowPixel('Accounts & Sign In')).toBe(FOCUSED_ROW);
    expect(await rowPixel('System')).toBe(PANEL);
    // Down walks the panel's rows one at a time (no skipping, no wrap past the last).
    const walked: string[] = [];
    for (let step = 0; step < 6; step += 1) {
      await key('KEYCODE_DPAD_DOWN');
      walked.push(await focusedTitle());
    }
    expect(walked).toEqual([
      'Privacy',
      'Apps',
      'Display & Sound',
      'Network & Internet',
      'Accessibility',
      'System',
    ]);
    expect(await rowPixel('System')).toBe(FOCUSED_ROW);
    await key('23');
    expect(await focusedTitle()).toBe('About');
    await key('23');
    expect(await focusedTitle()).toBe('System update');
    await key('20', '20');
    expect(await focusedLabels()).toEqual(['Reset']);
    expect(dangerousLabels(await focusedLabels())).toEqual([]);
    await key('KEYCODE_DPAD_CENTER');

    // ResetActivity: its own activity on the task, Cancel focused, "Factory reset" above it.
    expect(suite.sim.state.foreground.activity).toBe(`${SETTINGS}.device.storage.ResetActivity`);
    expect(await shell('dumpsys', 'window')).toMatch(
      /mCurrentFocus=Window\{\S+ u0 com\.android\.tv\.settings\/com\.android\.tv\.settings\.device\.storage\.ResetActivity\}/,
    );
    const reset = await dumpUi(suite.adb, suite.serial);
    expect(reset.map((node) => node.text)).toContain(
      "This will erase all data from your device's internal storage,",
    );
    const action = reset.find(
      (node) => node.id === `${SETTINGS}:id/guidedactions_item_title` && node.text === 'Factory reset',
    );
    expect(action).toBeDefined();
    expect(await focusedLabels()).toEqual(['Cancel']);
    await key('KEYCODE_DPAD_UP');
    expect(await focusedLabels()).toEqual(['Factory reset']);
    expect(dangerousLabels(await focusedLabels())).toEqual(['Factory reset']);
    expect(await rowPixel('Factory reset')).toBe(FOCUSED_ROW);
    // At the list's top Up stays.
    await key('KEYCODE_DPAD_UP');
    expect(await focusedLabels()).toEqual(['Factory reset']);

    // Activating it asks again: "Erase everything" (dangerous too), Cancel focused; Cancel returns one step.
    await key('KEYCODE_DPAD_CENTER');
    expect((await dumpUi(suite.adb, suite.serial)).map((node) => node.text)).toContain(
      "You can't reverse this action!",
    );
    expect(await focusedLabels()).toEqual(['Cancel']);
    await key('KEYCODE_DPAD_UP');
    expect(dangerousLabels(await focusedLabels())).toEqual(['Erase everything']);
    // The simulator erases nothing: the step stays, the apps stay installed.
    await key('KEYCODE_DPAD_CENTER');
    expect(await focusedLabels()).toEqual(['Erase everything']);
    expect(suite.sim.state.getPackage('com.shoply.android')).toBeDefined();
    await key('KEYCODE_DPAD_DOWN', 'KEYCODE_DPAD_CENTER');
    expect(await focusedLabels()).toEqual(['Factory reset']);
    // Back finishes ResetActivity: About again, with Reset still focused.
    await key('KEYCODE_BACK');
    expect(suite.sim.state.foreground.activity).toBe('com.android.tv.settings.MainSettings');
    expect(await focusedLabels()).toEqual(['Reset']);

    // What the device received: the keys exactly as sent, one shell command each.
    expect(keyeventsSince(from)).toEqual([
      'input keyevent KEYCODE_DPAD_CENTER',
      ...Array<string>(6).fill('input keyevent KEYCODE_DPAD_DOWN'),
      'input keyevent 23',
      'input keyevent 23',
      'input keyevent 20 20',
      'input keyevent KEYCODE_DPAD_CENTER',
      'input keyevent KEYCODE_DPAD_UP',
      'input keyevent KEYCODE_DPAD_UP',
      'input keyevent KEYCODE_DPAD_CENTER',
      'input keyevent KEYCODE_DPAD_UP',
      'input keyevent KEYCODE_DPAD_CENTER',
      'input keyevent KEYCODE_DPAD_DOWN KEYCODE_DPAD_CENTER',
      'input keyevent KEYCODE_BACK',
    ]);
  });
});
