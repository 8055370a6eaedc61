// UI actions on the simulated TV profile: the home screen's focused card is activated with Enter (keyevent 66)
// after a strong approval, verified by the focused package; Home brings the TV home back, verified by a tree change.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ok, type Result } from '../../../shared/errors';
import { startIsolatedAdb, type IsolatedAdb } from '../../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../../simulator/simulatedAndroid';
import { loadProfile } from '../../../simulator/profiles/loadProfile';
import type { ApprovalRequest, Approver } from '../../approval/approval';
import { runTool } from '../../android/runTool';
import type { AndroidTool } from '../../android/tool';
import { inspectUi } from '../tools';
import { pressEnter, pressHome } from './inputTools';

const TV_HOME = 'com.google.android.apps.tv.launcherx';

let adb: IsolatedAdb;
let tv: SimulatedAndroid;
let serial = '';

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim: tv, serial } = await bootSimulated(adb, { profile: 'tv' }));
});

beforeEach(async () => {
  await adb.adb(['-s', serial, 'shell', 'input keyevent HOME']);
});

afterAll(async () => {
  await tv?.close();
  await adb?.stop();
});

function call(tool: AndroidTool, args: Record<string, unknown>, approve: Approver): Promise<Result<unknown>> {
  return runTool(tool, { arguments: { device: serial, ...args }, resolver: isolatedResolver(adb), approve });
}

const approving = () => {
  const asked: ApprovalRequest[] = [];
  const approve: Approver = (request) => {
    asked.push(request);
    return Promise.resolve(ok(undefined));
  };
  return { asked, approve };
};

describe('UI actions on a TV', () => {
  it('Enter activates the focused card: its app takes the focus', async () => {
    const inspected = await call(inspectUi, {}, approving().approve);
    if (!inspected.ok) throw new Error(inspected.error.message);
    const focused = (inspected.value as { navigation: { focused: Array<{ labels: string[] }> } }).navigation
      .focused;
    expect(focused).toHaveLength(1);
    const label = focused[0]!.labels[0];
    const profile = loadProfile('tv');
    if (!profile.ok) throw new Error(profile.error.message);
    const app = profile.value.apps.find((entry) => entry.label === label);
    expect(app, `an installed app labelled ${String(label)}`).toBeDefined();
    const asking = approving();
    const result = await call(
      pressEnter,
      { verification: { expected_package: app!.packageName } },
      asking.approve,
    );
    expect(result).toMatchObject({
      ok: true,
      value: { command: 'input keyevent 66', verification: { passed: true, expectation_met: true } },
    });
    expect(asking.asked).toMatchObject([
      { tool: 'android.press_enter', strength: 'strong', preview: 'input keyevent 66' },
    ]);
    const home = await call(
      pressHome,
      { verification: { expected_package: TV_HOME, verify_change: true } },
      asking.approve,
    );
    expect(home).toMatchObject({ ok: true, value: { verification: { passed: true, ui_changed: true } } });
  });
});
