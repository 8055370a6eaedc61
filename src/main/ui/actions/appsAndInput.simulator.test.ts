// Launch, stop, keys, gestures and text on a simulated phone through the real adb server: the exact services the
// device received after approval, nothing when refused or changed, the screen read again, and one UI writer per
// device (a second action waits for the first, asserted by the order the device received their commands).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, type Result } from '../../../shared/errors';
import { startIsolatedAdb, type IsolatedAdb } from '../../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../../test-support/isolatedResolver';
import type { ReceivedRequest } from '../../../simulator/adb/simulatedDevice';
import type { SimulatedAndroid } from '../../../simulator/simulatedAndroid';
import { APPROVE_ALL, type ApprovalRequest, type Approver } from '../../approval/approval';
import { runTool } from '../../android/runTool';
import type { AndroidTool } from '../../android/tool';
import { launchApp, stopApp } from './appTools';
import { inputText, pressBack, pressEnter, pressHome, scroll, swipe } from './inputTools';
import { tapText } from './tapTools';
import { uiLockWaiters } from './uiLock';

const LAUNCHER = 'com.google.android.apps.nexuslauncher';
const MAIL = 'com.simmail.android';
const MAPS = 'com.atlasmaps.app';
const RESOLVE = `shell,v2,raw:cmd package resolve-activity --brief -a android.intent.action.MAIN -c android.intent.category.LAUNCHER '${MAPS}'`;

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

async function shell(command: string): Promise<string> {
  const run = await adb.adb(['-s', serial, 'shell', command]);
  expect(run.code, command).toBe(0);
  return run.stdout.toString();
}

beforeEach(async () => {
  await shell(`am force-stop ${MAPS}`);
  await shell('input keyevent HOME');
});

function servicesAfter(mark: ReceivedRequest | undefined): string[] {
  const log = sim.device.received();
  return log.slice(mark === undefined ? 0 : log.indexOf(mark) + 1).map((entry) => entry.service);
}

/** Records requests; `act` runs on the device before answering; `after()` is what was received since it answered. */
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
  return { asked, approve, after: () => servicesAfter(mark) };
}

function call(tool: AndroidTool, args: Record<string, unknown>, approve: Approver): Promise<Result<unknown>> {
  return runTool(tool, { arguments: { device: serial, ...args }, resolver: isolatedResolver(adb), approve });
}

const focusedPackage = async () =>
  /mCurrentFocus=Window\{\S+ u0 ([\w.]+)/.exec(await shell('dumpsys window'))?.[1];

describe('android.launch_app and android.stop_app', () => {
  it('resolves MAIN/LAUNCHER before asking, then starts that component; the focus follows', async () => {
    const start = sim.device.received().at(-1);
    const asking = approver('approve');
    const result = await call(
      launchApp,
      { package: MAPS, verification: { expected_package: MAPS } },
      asking.approve,
    );
    const command = `am start -n '${MAPS}/.MapActivity'`;
    expect(result).toMatchObject({
      ok: true,
      value: {
        kind: 'launch_app',
        command,
        verification: {
          passed: true,
          observation_complete: null,
          checks: [{ name: 'expected_package', status: 'verified', evidence: { focused_package: MAPS } }],
        },
      },
    });
    expect(asking.asked).toEqual([
      { tool: 'android.launch_app', device: serial, preview: command, strength: 'normal' },
    ]);
    const all = servicesAfter(start);
    expect(all.slice(0, all.length - asking.after().length)).toEqual([RESOLVE]);
    expect(asking.after()).toEqual([`shell,v2,raw:${command}`, 'shell,v2,raw:dumpsys window']);
    expect(await focusedPackage()).toBe(MAPS);
  });

  it('sends nothing for a package without a launcher activity, or when refused', async () => {
    const asking = approver('approve');
    const start = sim.device.received().at(-1);
    const missing = await call(launchApp, { package: 'com.example.absent' }, asking.approve);
    expect(missing).toMatchObject({
      ok: false,
      error: { code: 'ANDROID_COMMAND_FAILED', details: { action_sent: false } },
    });
    expect(!missing.ok && missing.error.message).toContain('no launcher activity');
    expect(asking.asked).toEqual([]);
    const refusing = approver('refuse');
    expect(await call(launchApp, { package: MAPS }, refusing.approve)).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL_REFUSED' },
    });
    expect(refusing.after()).toEqual([]);
    expect(servicesAfter(start).filter((service) => service.includes('am start'))).toEqual([]);
    expect(await focusedPackage()).toBe(LAUNCHER);
  });

  it('refuses a package name that is not one before anything is sent', async () => {
    const start = sim.device.received().at(-1);
    const result = await call(launchApp, { package: "x.y'; reboot" }, APPROVE_ALL);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(await call(stopApp, { package: MAPS, extra: 1 }, APPROVE_ALL)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENTS' },
    });
    expect(servicesAfter(start)).toEqual([]);
  });

  it('force-stops a running app: its process is gone', async () => {
    await shell(`am start -n ${MAPS}/.MapActivity`);
    expect((await shell(`pidof ${MAPS} || true`)).trim()).not.toBe('');
    const asking = approver('approve');
    const result = await call(stopApp, { package: MAPS }, asking.approve);
    expect(result).toMatchObject({ ok: true, value: { command: `am force-stop '${MAPS}'` } });
    expect(asking.asked[0]).toMatchObject({ strength: 'normal', preview: `am force-stop '${MAPS}'` });
    expect(asking.after()).toEqual([`shell,v2,raw:am force-stop '${MAPS}'`]);
    expect((await shell(`pidof ${MAPS} || true`)).trim()).toBe('');
  });
});

describe('keys', () => {
  it('Home, Back and Enter send keyevent 3, 4 and 66 after a strong approval', async () => {
    await shell(`am start -n ${MAIL}/.InboxActivity`);
    const home = approver('approve');
    expect(
      await call(pressHome, { verification: { expected_package: LAUNCHER } }, home.approve),
    ).toMatchObject({ ok: true, value: { command: 'input keyevent 3', verification: { passed: true } } });
    expect(home.asked[0]).toMatchObject({ strength: 'strong', preview: 'input keyevent 3' });
    expect(home.after()).toEqual(['shell,v2,raw:input keyevent 3', 'shell,v2,raw:dumpsys window']);
    await shell(`am start -n ${MAIL}/.InboxActivity`);
    const back = approver('approve');
    expect(await call(pressBack, {}, back.approve)).toMatchObject({ ok: true });
    expect(back.after()).toEqual(['shell,v2,raw:input keyevent 4']);
    expect(await focusedPackage()).toBe(LAUNCHER);
    const enter = approver('refuse');
    expect(await call(pressEnter, {}, enter.approve)).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL_REFUSED' },
    });
    expect(enter.after()).toEqual([]);
    expect(await call(pressEnter, { verification: {} }, APPROVE_ALL)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENTS', message: expect.stringContaining('at least one check') },
    });
  });
});

describe('gestures', () => {
  it('scrolls the inbox downward from wm size by default and back up with direction up', async () => {
    await shell(`am start -n ${MAIL}/.InboxActivity`);
    const down = approver('approve');
    const result = await call(
      scroll,
      { verification: { verify_change: true, text_absent: 'Shoply' } },
      down.approve,
    );
    const command = "input swipe '540' '1800' '540' '600' '500'";
    expect(result).toMatchObject({
      ok: true,
      value: { command, verification: { passed: true, ui_changed: true, observation_complete: true } },
    });
    expect(down.asked[0]).toMatchObject({
      strength: 'strong',
      preview: `scroll down from (540, 1800) to (540, 600) on the 1080x2400 display: ${command}`,
    });
    // After approval: the size again, the verify_change baseline (a fresh tree), then the swipe.
    expect(down.after().slice(0, 4)).toEqual([
      'shell,v2,raw:wm size',
      'shell,v2,raw:settings get secure enabled_accessibility_services',
      'localabstract:com.androperator.operator.agent',
      `shell,v2,raw:${command}`,
    ]);
    const up = approver('approve');
    expect(
      await call(scroll, { direction: 'up', verification: { text_present: 'Shoply' } }, up.approve),
    ).toMatchObject({
      ok: true,
      value: { command: "input swipe '540' '600' '540' '1800' '500'", verification: { passed: true } },
    });
  });

  it('refuses a scroll whose display size changed after approval, sending nothing', async () => {
    await shell(`am start -n ${MAIL}/.InboxActivity`);
    const asking = approver('approve', async () => {
      await shell('wm size 720x1600');
    });
    try {
      const result = await call(scroll, {}, asking.approve);
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'UI_TARGET_CHANGED', details: { action_sent: false } },
      });
      expect(asking.after()).toEqual(['shell,v2,raw:wm size']);
    } finally {
      await shell('wm size reset');
    }
  });

  it('swipes between points inside the display; refuses points outside it and half-given scroll points', async () => {
    const start = sim.device.received().at(-1);
    const asking = approver('approve');
    expect(await call(swipe, { x: 10, y: 10, end_x: 10, end_y: 2400 }, asking.approve)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENTS', message: expect.stringContaining('outside the 1080x2400 display') },
    });
    expect(await call(scroll, { x: 10, y: 10 }, asking.approve)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENTS' },
    });
    expect(asking.asked).toEqual([]);
    expect(servicesAfter(start)).toEqual(['shell,v2,raw:wm size']);
    const result = await call(
      swipe,
      { x: 900, y: 1000, end_x: 100, end_y: 1000, duration_ms: 300 },
      asking.approve,
    );
    expect(result).toMatchObject({
      ok: true,
      value: { command: "input swipe '900' '1000' '100' '1000' '300'" },
    });
    expect(asking.after()).toEqual([
      'shell,v2,raw:wm size',
      "shell,v2,raw:input swipe '900' '1000' '100' '1000' '300'",
    ]);
  });
});

describe('android.input_text', () => {
  it('types printable ASCII with %s handling into the focused field; the field holds the text', async () => {
    await shell(`am start -n ${MAPS}/.MapActivity`);
    expect(await call(tapText, { text: 'Search here' }, APPROVE_ALL)).toMatchObject({ ok: true });
    const asking = approver('approve');
    const result = await call(
      inputText,
      { text: "100%s it's", verification: { text_present: "100%s it's" } },
      asking.approve,
    );
    const command = "input text '100%' && input text 's%sit'\\''s'";
    expect(result).toMatchObject({
      ok: true,
      value: { command, verification: { passed: true, focused_text: "100%s it's" } },
    });
    expect(asking.asked[0]).toMatchObject({
      strength: 'strong',
      preview: `type text '100%s it's' into the focused field: ${command}`,
    });
    expect(asking.after()[0]).toBe(`shell,v2,raw:${command}`);
  });

  it('refuses Unicode and replace without a focused field, and text over 1024 bytes, before asking', async () => {
    const start = sim.device.received().at(-1);
    const asking = approver('approve');
    // Unicode and replace take the Operator's set_text (inputText.operator.simulator.test.ts), which needs a
    // focused editable field: the home screen has none.
    const unicode = await call(inputText, { text: 'café' }, asking.approve);
    expect(unicode).toMatchObject({
      ok: false,
      error: { code: 'UI_TARGET_NOT_FOUND', details: { action_sent: false } },
    });
    expect(!unicode.ok && unicode.error.message).toContain('tap the text field first');
    expect(await call(inputText, { text: 'abc', mode: 'replace' }, asking.approve)).toMatchObject({
      ok: false,
      error: { code: 'UI_TARGET_NOT_FOUND' },
    });
    expect(await call(inputText, { text: 'x'.repeat(1025) }, asking.approve)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENTS' },
    });
    expect(asking.asked).toEqual([]);
    // Only reads reached the device (the Operator's hello and tree, its service setting): no input.
    expect(
      servicesAfter(start).filter(
        (service) =>
          !service.startsWith('localabstract:') &&
          service !== 'shell,v2,raw:settings get secure enabled_accessibility_services',
      ),
    ).toEqual([]);
  });
});

describe('one UI writer per device', () => {
  it('a second action waits until the first (held at its approval) has sent its command', async () => {
    const start = sim.device.received().at(-1);
    let second: Promise<Result<unknown>> | undefined;
    const first = call(launchApp, { package: MAPS }, async () => {
      // While the first action waits for approval, a second one on the same device is started and must queue.
      second = call(pressHome, {}, APPROVE_ALL);
      await vi.waitFor(() => expect(uiLockWaiters(serial)).toBe(1), { timeout: 5000, interval: 10 });
      return ok(undefined);
    });
    expect(await first).toMatchObject({ ok: true });
    expect(await second).toMatchObject({ ok: true });
    expect(servicesAfter(start)).toEqual([
      RESOLVE,
      `shell,v2,raw:am start -n '${MAPS}/.MapActivity'`,
      'shell,v2,raw:input keyevent 3',
    ]);
    expect(await focusedPackage()).toBe(LAUNCHER);
  });
});
