// Test helper: Shoply's sign-in page on a simulated phone through a real adb server. Reads `uiautomator dump` with a
// real XML parser, keeping the attributes a password field is about (password, hint, focused), and opens the page
// the way a user does: launch Shoply, tap "Sign in" in the checkout toolbar, tap a field.
import { XMLParser } from 'fast-xml-parser';
import { expect } from 'vitest';
import type { IsolatedAdb } from './isolatedAdb';
import { adbShell } from './uiDump';

export const SHOP = 'com.shoply.android';
export const EMAIL_ID = `${SHOP}:id/email`;
export const PASSWORD_ID = `${SHOP}:id/password`;

export interface DumpedField {
  text: string;
  id: string;
  className: string;
  contentDesc: string;
  password: boolean;
  focused: boolean;
  /** Absent before API 29 (the dump has no hint attribute there). */
  hint: string | undefined;
  bounds: { left: number; top: number; right: number; bottom: number };
}

interface XmlNode {
  [attribute: string]: string | XmlNode | XmlNode[] | undefined;
  node?: XmlNode | XmlNode[];
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });

function flatten(node: XmlNode | XmlNode[] | undefined): DumpedField[] {
  if (node === undefined) return [];
  return (Array.isArray(node) ? node : [node]).flatMap((item) => {
    const match = /^\[(\d+),(\d+)\]\[(\d+),(\d+)\]$/.exec(String(item.bounds));
    if (!match) throw new Error(`bad bounds ${String(item.bounds)}`);
    const [left, top, right, bottom] = match.slice(1).map(Number) as [number, number, number, number];
    const own: DumpedField = {
      text: String(item.text),
      id: String(item['resource-id']),
      className: String(item.class),
      contentDesc: String(item['content-desc']),
      password: item.password === 'true',
      focused: item.focused === 'true',
      hint: typeof item.hint === 'string' ? item.hint : undefined,
      bounds: { left, top, right, bottom },
    };
    return [own, ...flatten(item.node)];
  });
}

/** Every node of the device's `uiautomator dump`, depth first (attribute values as the device wrote them). */
export async function dumpNodes(adb: IsolatedAdb, serial: string): Promise<DumpedField[]> {
  const out = await adbShell(adb, serial, 'uiautomator', 'dump', '/dev/tty');
  const xml = out.slice(0, out.indexOf('UI hierchary dumped to:'));
  return flatten((parser.parse(xml) as { hierarchy: { node: XmlNode } }).hierarchy.node);
}

/** The one dumped node with resource id `id` (fails the test when there is none or several). */
export function nodeById(nodes: DumpedField[], id: string): DumpedField {
  const found = nodes.filter((node) => node.id === id);
  expect(found, id).toHaveLength(1);
  return found[0]!;
}

/** `input tap` at the node's integer centre. */
export async function tapNode(adb: IsolatedAdb, serial: string, node: DumpedField): Promise<void> {
  const x = Math.floor((node.bounds.left + node.bounds.right) / 2);
  const y = Math.floor((node.bounds.top + node.bounds.bottom) / 2);
  await adbShell(adb, serial, 'input', 'tap', String(x), String(y));
}

/**
 * From a fresh Shoply task: `am start` of its launcher activity, a tap on the checkout toolbar's "Sign in", then a
 * tap on the field `focus` (the email field has focus when the page opens). Returns the page's dump.
 */
export async function openSignIn(
  adb: IsolatedAdb,
  serial: string,
  focus: 'email' | 'password' = 'email',
): Promise<DumpedField[]> {
  await adbShell(adb, serial, 'am', 'force-stop', SHOP);
  await adbShell(adb, serial, 'am', 'start', '-n', `${SHOP}/.MainActivity`);
  await tapNode(adb, serial, nodeById(await dumpNodes(adb, serial), `${SHOP}:id/sign_in`));
  let page = await dumpNodes(adb, serial);
  if (focus === 'password') {
    await tapNode(adb, serial, nodeById(page, PASSWORD_ID));
    page = await dumpNodes(adb, serial);
  }
  return page;
}
