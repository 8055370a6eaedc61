// `uiautomator dump /dev/tty` through a real adb server, parsed with a standard XML parser into a flat node list
// (the fields the simulator tests read), and `adb shell` that fails the test on a non-zero status.
import { XMLParser } from 'fast-xml-parser';
import { expect } from 'vitest';
import type { IsolatedAdb } from './isolatedAdb';

interface XmlNode {
  [attribute: string]: string | XmlNode | XmlNode[] | undefined;
  node?: XmlNode | XmlNode[];
}

export interface DumpNode {
  text: string;
  id: string;
  contentDesc: string;
  packageName: string;
  focusable: boolean;
  focused: boolean;
  selected: boolean;
  bounds: [number, number, number, number];
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });

function flatten(node: XmlNode | XmlNode[] | undefined): DumpNode[] {
  if (node === undefined) return [];
  return (Array.isArray(node) ? node : [node]).flatMap((item) => {
    const bounds = /^\[(\d+),(\d+)\]\[(\d+),(\d+)\]$/.exec(String(item.bounds));
    if (!bounds) throw new Error(`bad bounds ${String(item.bounds)}`);
    return [
      {
        text: String(item.text),
        id: String(item['resource-id']),
        contentDesc: String(item['content-desc']),
        packageName: String(item.package),
        focusable: item.focusable === 'true',
        focused: item.focused === 'true',
        selected: item.selected === 'true',
        bounds: bounds.slice(1).map(Number) as DumpNode['bounds'],
      },
      ...flatten(item.node),
    ];
  });
}

/** `adb -s serial shell args...`; its stdout, after expecting status 0. */
export async function adbShell(adb: IsolatedAdb, serial: string, ...args: string[]): Promise<string> {
  const run = await adb.adb(['-s', serial, 'shell', ...args]);
  expect(run.code, args.join(' ')).toBe(0);
  return run.stdout.toString();
}

/** Every node of the device's current dump, depth first. */
export async function dumpUi(adb: IsolatedAdb, serial: string): Promise<DumpNode[]> {
  const out = await adbShell(adb, serial, 'uiautomator', 'dump', '/dev/tty');
  const xml = out.slice(0, out.indexOf('UI hierchary dumped to:'));
  return flatten((parser.parse(xml) as { hierarchy: { node: XmlNode } }).hierarchy.node);
}
