import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adbShell, dumpUi, type DumpNode } from '../../test-support/uiDump';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated } from '../../test-support/isolatedResolver';
import { loadProfile } from '../profiles/loadProfile';
import type { DeviceProfile } from '../profiles/types';
import type { SimulatedAndroid } from '../simulatedAndroid';

// A simulated phone through the real adb server: a detail screen is an activity of its own on the task's back
// stack (dumpsys shows it, Back pops it), a press held on an icon opens its shortcuts popup, a horizontal swipe
// turns the launcher's pages, and D-pad keys give a phone's nodes focus too.

type Node = DumpNode;

const MAIL = 'com.simmail.android';
const LAUNCHER = 'com.google.android.apps.nexuslauncher';
let adb: IsolatedAdb;
let phone: SimulatedAndroid;
let serial: string;

/** The phone profile with 22 more apps: the 4x5 home grid then needs a second page. */
function crowdedPhone(): DeviceProfile {
  const loaded = loadProfile('phone');
  if (!loaded.ok) throw new Error(loaded.error.message);
  const shop = loaded.value.apps.find((app) => app.kind === 'shop');
  if (!shop) throw new Error('the phone profile has no shop app');
  const extra = Array.from({ length: 22 }, (_, index) => ({
    ...shop,
    label: `Extra ${index + 1}`,
    packageName: `com.example.extra${index + 1}`,
    activity: `com.example.extra${index + 1}.MainActivity`,
  }));
  return { ...loaded.value, apps: [...loaded.value.apps, ...extra] };
}

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

function centre(node: Node): [string, string] {
  const [left, top, right, bottom] = node.bounds;
  return [String(Math.floor((left + right) / 2)), String(Math.floor((top + bottom) / 2))];
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim: phone, serial } = await bootSimulated(adb, {
    profile: crowdedPhone(),
    logTraffic: { ratePerSecond: 0, seed: 9 },
  }));
});

afterAll(async () => {
  await phone?.close();
  await adb?.stop();
});

describe('phone gestures and back stack through real adb', () => {
  it('a message opens MessageActivity on the Mail task: dumpsys lists both activities, Back pops it', async () => {
    await shell('am', 'start', '-n', `${MAIL}/.InboxActivity`);
    const inbox = await dump();
    await shell('input', 'tap', ...centre(find(inbox, (node) => node.id === `${MAIL}:id/thread_row`)));
    const activities = await shell('dumpsys', 'activity', 'activities');
    const task = activities.slice(activities.indexOf(`A=`), activities.indexOf(LAUNCHER));
    expect(task).toMatch(/sz=2\}/);
    expect(task).toMatch(
      /\* Hist {2}#1: ActivityRecord\{\S+ u0 com\.simmail\.android\/\.MessageActivity t\d+\}/,
    );
    expect(task).toMatch(
      /\* Hist {2}#0: ActivityRecord\{\S+ u0 com\.simmail\.android\/\.InboxActivity t\d+\}/,
    );
    expect(task.indexOf('.MessageActivity')).toBeLessThan(task.indexOf('.InboxActivity'));
    expect(task).toContain(`Intent { cmp=${MAIL}/.MessageActivity }`);
    expect(activities).toMatch(
      /mResumedActivity: ActivityRecord\{\S+ u0 com\.simmail\.android\/\.MessageActivity/,
    );
    expect(await shell('dumpsys', 'activity', 'top')).toContain(`ACTIVITY ${MAIL}/.MessageActivity `);
    // Recents name the task by its root activity.
    expect(await shell('dumpsys', 'activity', 'recents')).toContain(`realActivity=${MAIL}/.InboxActivity`);
    expect(await shell('dumpsys', 'window')).toMatch(
      /mCurrentFocus=Window\{\S+ u0 com\.simmail\.android\/com\.simmail\.android\.MessageActivity\}/,
    );

    await shell('input', 'keyevent', 'KEYCODE_BACK');
    const after = await shell('dumpsys', 'activity', 'activities');
    expect(after).not.toContain('.MessageActivity');
    expect(after).toMatch(/mResumedActivity: ActivityRecord\{\S+ u0 com\.simmail\.android\/\.InboxActivity/);
    expect((await dump()).some((node) => node.id === `${MAIL}:id/thread_row`)).toBe(true);
    await shell('input', 'keyevent', 'KEYCODE_HOME');
  });

  it('a press held on an icon opens its shortcuts popup; a short one in place is a tap', async () => {
    const home = await dump();
    const icon = find(home, (node) => node.contentDesc === 'Atlas Maps');
    const [x, y] = centre(icon);
    await shell('input', 'swipe', x, y, x, y, '800');
    const popup = await dump();
    expect(popup[0]?.packageName).toBe(LAUNCHER);
    expect(popup.map((node) => node.text)).toEqual(expect.arrayContaining(['Atlas Maps', 'App info']));
    expect(popup.some((node) => node.contentDesc === 'Shoply')).toBe(false);
    expect(phone.state.foreground.packageName).toBe(LAUNCHER);
    await shell('input', 'keyevent', 'KEYCODE_BACK');
    expect((await dump()).some((node) => node.text === 'App info')).toBe(false);

    await shell('input', 'touchscreen', 'swipe', x, y, x, y, '80');
    expect(phone.state.foreground.packageName).toBe('com.atlasmaps.app');
    await shell('input', 'keyevent', 'KEYCODE_HOME');
  });

  it('a horizontal swipe on the workspace turns to the second home page and back, never past the last', async () => {
    const first = await dump();
    expect(find(first, (node) => node.id === `${LAUNCHER}:id/page_indicator`).contentDesc).toBe(
      'Page 1 of 2',
    );
    expect(first.some((node) => node.contentDesc === 'Shoply')).toBe(true);
    expect(first.some((node) => node.contentDesc === 'Extra 22')).toBe(false);
    const workspace = find(first, (node) => node.id === `${LAUNCHER}:id/workspace`);
    const [, y] = centre(workspace);
    const [left, , right] = workspace.bounds;
    const swipe = (from: number, to: number): Promise<string> =>
      shell('input', 'swipe', String(from), y, String(to), y, '200');
    await swipe(right - 100, left + 100);
    const second = await dump();
    expect(find(second, (node) => node.id === `${LAUNCHER}:id/page_indicator`).contentDesc).toBe(
      'Page 2 of 2',
    );
    expect(second.some((node) => node.contentDesc === 'Extra 22')).toBe(true);
    expect(second.some((node) => node.contentDesc === 'Shoply')).toBe(false);
    await swipe(right - 100, left + 100);
    expect(find(await dump(), (node) => node.id === `${LAUNCHER}:id/page_indicator`).contentDesc).toBe(
      'Page 2 of 2',
    );
    await swipe(left + 100, right - 100);
    expect(find(await dump(), (node) => node.id === `${LAUNCHER}:id/page_indicator`).contentDesc).toBe(
      'Page 1 of 2',
    );
  });

  it('D-pad keys give one node of the phone focus and move it; a tap returns to touch mode', async () => {
    expect((await dump()).filter((node) => node.focused)).toHaveLength(0);
    await shell('input', 'keyevent', 'KEYCODE_DPAD_DOWN');
    const focused = (await dump()).filter((node) => node.focused);
    expect(focused).toHaveLength(1);
    await shell('input', 'keyevent', 'KEYCODE_DPAD_DOWN');
    const moved = (await dump()).filter((node) => node.focused);
    expect(moved).toHaveLength(1);
    expect(moved[0]?.bounds[1]).toBeGreaterThan(focused[0]?.bounds[1] ?? Infinity);
    const target = find(await dump(), (node) => node.id === `${LAUNCHER}:id/page_indicator`);
    await shell('input', 'tap', ...centre(target));
    expect((await dump()).filter((node) => node.focused)).toHaveLength(0);
  });
});
