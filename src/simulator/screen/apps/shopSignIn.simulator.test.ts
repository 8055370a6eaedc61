// Shoply's sign-in page on simulated devices through a real adb server: the launcher resolves to Shoply's main
// activity, "Sign in" opens `.auth.SignInActivity`, and the password field answers as a real Android's does: the dump
// says password="true" with bullets as its text (API 26+; no text before), the Operator's tree nulls its text, the
// screenshot paints bullets only, and `input text` into it is accepted and lengthens the masked text.
import type { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { callAgent } from '../../../main/operator/agentClient';
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
import { screencapPng, useSimulatedDevice } from '../../../test-support/simulatedSuite';

const suite = useSimulatedDevice();

function screenshot(): Promise<PNG> {
  return screencapPng(suite.adb, suite.serial);
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
      suite.adb,
      suite.serial,
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
    await adbShell(suite.adb, suite.serial, 'am', 'force-stop', SHOP);
    await adbShell(suite.adb, suite.serial, 'input', 'keyevent', '3');
    const home = await dumpNodes(suite.adb, suite.serial);
    const icon = home.filter((node) => node.contentDesc === 'Shoply');
    expect(icon).toHaveLength(1);
    await tapNode(suite.adb, suite.serial, icon[0]!);
    expect(await adbShell(suite.adb, suite.serial, 'dumpsys', 'activity', 'top')).toMatch(
      new RegExp(`ACTIVITY ${SHOP}/\\.MainActivity `),
    );
  });
});

describe("Shoply's sign-in page", () => {
  it('opens from the checkout toolbar as .auth.SignInActivity with the email field focused; Back returns', async () => {
    const page = await openSignIn(suite.adb, suite.serial);
    expect(await adbShell(suite.adb, suite.serial, 'dumpsys', 'activity', 'top')).toMatch(
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
    await adbShell(suite.adb, suite.serial, 'input', 'keyevent', '4');
    expect(await adbShell(suite.adb, suite.serial, 'dumpsys', 'activity', 'top')).toMatch(
      new RegExp(`ACTIVITY ${SHOP}/\\.MainActivity `),
    );
    expect((await dumpNodes(suite.adb, suite.serial)).some((node) => node.text === 'Checkout')).toBe(true);
  });

  it('takes `input text` into the focused password field: the dump shows one bullet per character', async () => {
    await openSignIn(suite.adb, suite.serial, 'password');
    await adbShell(suite.adb, suite.serial, 'input', 'text', 'hunter2');
    const page = await dumpNodes(suite.adb, suite.serial);
    expect(nodeById(page, PASSWORD_ID)).toMatchObject({
      text: '\u2022'.repeat(7),
      hint: 'Password',
      focused: true,
      password: true,
    });
    expect(nodeById(page, EMAIL_ID)).toMatchObject({ text: 'Email', focused: false });
    expect(page.some((node) => node.text.includes('hunter2'))).toBe(false);
    await adbShell(suite.adb, suite.serial, 'input', 'keyevent', '67');
    expect(nodeById(await dumpNodes(suite.adb, suite.serial), PASSWORD_ID).text).toBe('\u2022'.repeat(6));
  });

  it("nulls the password field's text in the Operator's tree and keeps the email field's", async () => {
    await openSignIn(suite.adb, suite.serial, 'password');
    await adbShell(suite.adb, suite.serial, 'input', 'text', 'hunter2');
    const answer = await callAgent(
      { client: suite.adb.client, serial: suite.serial, operatorPackage: suite.sim.operatorPackage },
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
    const page = await openSignIn(suite.adb, suite.serial, 'password');
    const field = nodeById(page, PASSWORD_ID);
    const empty = inside(await screenshot(), field, inset);
    await adbShell(suite.adb, suite.serial, 'input', 'text', 'hunter2');
    const first = inside(await screenshot(), field, inset);
    for (let i = 0; i < 7; i += 1) await adbShell(suite.adb, suite.serial, 'input', 'keyevent', '67');
    expect(nodeById(await dumpNodes(suite.adb, suite.serial), PASSWORD_ID).text).toBe('Password');
    await adbShell(suite.adb, suite.serial, 'input', 'text', 'Swordf1');
    const second = inside(await screenshot(), field, inset);
    expect(darkRuns(first)).toBe(7);
    expect(darkRuns(empty)).toBe(0);
    expect(second).toEqual(first);
    expect(first).not.toEqual(empty);
  });
});

describe('a password field before Android 8', () => {
  it('dumps no text for it (TextView set none for password nodes up to API 25)', async () => {
    const legacy = await bootSimulated(suite.adb, { profile: 'legacy21' });
    try {
      await openSignIn(suite.adb, legacy.serial, 'password');
      await adbShell(suite.adb, legacy.serial, 'input', 'text', 'hunter2');
      const page = await dumpNodes(suite.adb, legacy.serial);
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
