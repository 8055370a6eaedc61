// Shoply's sign-in page on simulated devices through a real adb server: the launcher resolves to Shoply's main
// activity, "Sign in" opens `.auth.SignInActivity`, and the password field answers as a real Android's does: the dump
// says password="true" with bullets as its text (API 26+; no text before), the Operator's tree nulls its text, the
// screenshot paints bullets only, and `input text` into it is accepted and lengthens the masked text.
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAgent } from '../../../main/operator/agentClient';
import { startIsolatedAdb, type IsolatedAdb } from '../../../test-support/isolatedAdb';
import { bootSimulated } from '../../../test-support/isolatedResolver';
import {
  dumpNodes,
  EMAIL_ID,
  nodeById,
  openSignIn,
  PASSWORD_ID,
  SHOP,
  tapNode,
  type DumpedField,
} from '../../../test-support/shopSignIn';
import { adbShell } from '../../../test-support/uiDump';
import type { SimulatedAndroid } from '../../simulatedAndroid';

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

async function screenshot(): Promise<PNG> {
  const run = await adb.adb(['-s', serial, 'exec-out', 'screencap', '-p']);
  expect(run.code).toBe(0);
  return PNG.sync.read(run.stdout);
}

/** The field's inside (its outline and the cursor's rows excluded), as RGBA rows. */
function inside(png: PNG, node: DumpedField, insetPx: number): number[][] {
  const rows: number[][] = [];
  for (let y = node.bounds.top + insetPx; y < node.bounds.bottom - insetPx; y += 1) {
    const row: number[] = [];
    for (let x = node.bounds.left + insetPx; x < node.bounds.right - insetPx; x += 1) {
      const at = (y * png.width + x) * 4;
      row.push(png.data[at]!, png.data[at + 1]!, png.data[at + 2]!);
    }
    rows.push(row);
  }
  return rows;
}

/** The most separate runs of ink-dark pixels (each channel under 80) on one row: one per drawn bullet. */
function darkRuns(rows: number[][]): number {
  let most = 0;
  for (const row of rows) {
    let runs = 0;
    let inRun = false;
    for (let i = 0; i < row.length; i += 3) {
      const dark = row[i]! < 80 && row[i + 1]! < 80 && row[i + 2]! < 80;
      if (dark && !inRun) runs += 1;
      inRun = dark;
    }
    most = Math.max(most, runs);
  }
  return most;
}

describe("Shoply's launcher activity", () => {
  it('resolves MAIN/LAUNCHER to its main activity, which a launcher tap starts', async () => {
    const resolved = await adbShell(
      adb,
      serial,
      'cmd',
      'package',
      'resolve-activity',
      '--brief',
      '-a',
      'android.intent.action.MAIN',
      '-c',
      'android.intent.category.LAUNCHER',
      SHOP,
    );
    expect(resolved.trim().split('\n').at(-1)).toBe(`${SHOP}/.MainActivity`);
    await adbShell(adb, serial, 'am', 'force-stop', SHOP);
    await adbShell(adb, serial, 'input', 'keyevent', '3');
    const home = await dumpNodes(adb, serial);
    const icon = home.filter((node) => node.contentDesc === 'Shoply');
    expect(icon).toHaveLength(1);
    await tapNode(adb, serial, icon[0]!);
    expect(await adbShell(adb, serial, 'dumpsys', 'activity', 'top')).toMatch(
      new RegExp(`ACTIVITY ${SHOP}/\\.MainActivity `),
    );
  });
});

describe("Shoply's sign-in page", () => {
  it('opens from the checkout toolbar as .auth.SignInActivity with the email field focused; Back returns', async () => {
    const page = await openSignIn(adb, serial);
    expect(await adbShell(adb, serial, 'dumpsys', 'activity', 'top')).toMatch(
      new RegExp(`ACTIVITY ${SHOP}/\\.auth\\.SignInActivity `),
    );
    expect(nodeById(page, EMAIL_ID)).toMatchObject({
      className: 'android.widget.EditText',
      text: 'Email',
      hint: 'Email',
      focused: true,
      password: false,
    });
    expect(nodeById(page, PASSWORD_ID)).toMatchObject({
      text: 'Password',
      hint: 'Password',
      focused: false,
      password: true,
    });
    expect(
      page.filter((node) => node.text === 'Sign in' && node.className === 'android.widget.Button'),
    ).toHaveLength(1);
    await adbShell(adb, serial, 'input', 'keyevent', '4');
    expect(await adbShell(adb, serial, 'dumpsys', 'activity', 'top')).toMatch(
      new RegExp(`ACTIVITY ${SHOP}/\\.MainActivity `),
    );
    expect((await dumpNodes(adb, serial)).some((node) => node.text === 'Checkout')).toBe(true);
  });

  it('takes `input text` into the focused password field: the dump shows one bullet per character', async () => {
    await openSignIn(adb, serial, 'password');
    await adbShell(adb, serial, 'input', 'text', 'hunter2');
    const page = await dumpNodes(adb, serial);
    expect(nodeById(page, PASSWORD_ID)).toMatchObject({
      text: '\u2022'.repeat(7),
      hint: 'Password',
      focused: true,
      password: true,
    });
    expect(nodeById(page, EMAIL_ID)).toMatchObject({ text: 'Email', focused: false });
    expect(page.some((node) => node.text.includes('hunter2'))).toBe(false);
    await adbShell(adb, serial, 'input', 'keyevent', '67');
    expect(nodeById(await dumpNodes(adb, serial), PASSWORD_ID).text).toBe('\u2022'.repeat(6));
  });

  it("nulls the password field's text in the Operator's tree and keeps the email field's", async () => {
    await openSignIn(adb, serial, 'password');
    await adbShell(adb, serial, 'input', 'text', 'hunter2');
    const answer = await callAgent(
      { client: adb.client, serial, operatorPackage: sim.operatorPackage },
      { v: 1, type: 'get_ui_tree', id: 'pw' },
      10000,
    );
    if (!answer.ok) throw new Error(answer.error.message);
    if (answer.value.type !== 'ui_tree_result') throw new Error(`answered ${answer.value.type}`);
    const nodes = answer.value.tree.nodes;
    expect(nodes.find((node) => node.resource_id === PASSWORD_ID)).toMatchObject({
      password: true,
      editable: true,
      focused: true,
      text: null,
      content_description: null,
    });
    expect(nodes.find((node) => node.resource_id === EMAIL_ID)).toMatchObject({
      password: false,
      text: 'Email',
    });
    expect(JSON.stringify(answer.value)).not.toContain('hunter2');
    expect(JSON.stringify(answer.value)).not.toContain('\u2022\u2022');
  });

  it('paints bullets, never the characters: two secrets of one length give the same pixels', async () => {
    const inset = Math.ceil(6 * 2.625);
    const page = await openSignIn(adb, serial, 'password');
    const field = nodeById(page, PASSWORD_ID);
    const empty = inside(await screenshot(), field, inset);
    await adbShell(adb, serial, 'input', 'text', 'hunter2');
    const first = inside(await screenshot(), field, inset);
    for (let i = 0; i < 7; i += 1) await adbShell(adb, serial, 'input', 'keyevent', '67');
    expect(nodeById(await dumpNodes(adb, serial), PASSWORD_ID).text).toBe('Password');
    await adbShell(adb, serial, 'input', 'text', 'Swordf1');
    const second = inside(await screenshot(), field, inset);
    expect(darkRuns(first)).toBe(7);
    expect(darkRuns(empty)).toBe(0);
    expect(second).toEqual(first);
    expect(first).not.toEqual(empty);
  });
});

describe('a password field before Android 8', () => {
  it('dumps no text for it (TextView set none for password nodes up to API 25)', async () => {
    const legacy = await bootSimulated(adb, { profile: 'legacy21' });
    try {
      await openSignIn(adb, legacy.serial, 'password');
      await adbShell(adb, legacy.serial, 'input', 'text', 'hunter2');
      const page = await dumpNodes(adb, legacy.serial);
      expect(nodeById(page, PASSWORD_ID)).toMatchObject({
        text: '',
        password: true,
        focused: true,
        hint: undefined,
      });
      expect(nodeById(page, EMAIL_ID)).toMatchObject({ text: 'Email', password: false });
    } finally {
      await legacy.sim.close();
    }
  });
});
