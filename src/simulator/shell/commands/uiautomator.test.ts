import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runShell } from '../../../test-support/runShell';
import type { UiHierarchy } from '../../device/uiTree';
import { SimulatedAndroid } from '../../simulatedAndroid';
import { dumpXml } from './uiautomator';

// uiautomator dump on a simulated phone: real dump XML, parsed by a standard parser, whose nodes sit where the
// screenshot draws them.

interface XmlNode {
  '@_index': string;
  '@_text': string;
  '@_resource-id': string;
  '@_class': string;
  '@_package': string;
  '@_clickable': string;
  '@_bounds': string;
  '@_drawing-order'?: string;
  '@_hint'?: string;
  node?: XmlNode | XmlNode[];
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' });

function flatten(node: XmlNode | XmlNode[] | undefined): XmlNode[] {
  if (node === undefined) return [];
  const list = Array.isArray(node) ? node : [node];
  return list.flatMap((item) => [item, ...flatten(item.node)]);
}

function bounds(node: XmlNode): { left: number; top: number; right: number; bottom: number } {
  const match = /^\[(\d+),(\d+)\]\[(\d+),(\d+)\]$/.exec(node['@_bounds']);
  if (!match) throw new Error(`bad bounds ${node['@_bounds']}`);
  const [left, top, right, bottom] = match.slice(1).map(Number) as [number, number, number, number];
  return { left, top, right, bottom };
}

let phone: SimulatedAndroid;
const SHOP = 'com.shoply.android';

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

describe('uiautomator dump', () => {
  it("writes /sdcard/window_dump.xml by default and says so with Android's spelling", async () => {
    const run = await runShell('uiautomator dump', { state: phone.state });
    expect(run.stdout.toString()).toBe('UI hierchary dumped to: /sdcard/window_dump.xml\n');
    const file = (await runShell('cat /sdcard/window_dump.xml', { state: phone.state })).stdout.toString();
    expect(
      file.startsWith(
        `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="${phone.state.foreground.packageName}" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]" drawing-order="0" hint="">`,
      ),
    ).toBe(true);
    expect(file.endsWith('</node></hierarchy>')).toBe(true);
  });

  it('/dev/tty prints the XML, and the Place order button is where the screenshot paints it', async () => {
    await runShell(`am start -n ${SHOP}/.CheckoutActivity`, { state: phone.state });
    const out = (await runShell('uiautomator dump /dev/tty', { state: phone.state })).stdout.toString();
    expect(out.endsWith('</hierarchy>UI hierchary dumped to: /dev/tty\n')).toBe(true);
    const xml = out.slice(0, out.indexOf('UI hierchary'));
    expect(XMLValidator.validate(xml)).toBe(true);
    const document = parser.parse(xml) as { hierarchy: { '@_rotation': string; node: XmlNode } };
    expect(document.hierarchy['@_rotation']).toBe('0');
    const nodes = flatten(document.hierarchy.node);
    expect(nodes.every((node) => node['@_package'] === SHOP)).toBe(true);
    const button = nodes.find((node) => node['@_resource-id'] === `${SHOP}:id/place_order`);
    expect(button).toMatchObject({
      '@_class': 'android.widget.Button',
      '@_text': 'Place order \u00B7 $155.49',
      '@_clickable': 'true',
    });
    const box = bounds(button as XmlNode);
    const png = PNG.sync.read(Buffer.from(await phone.capture()));
    const pixel = (x: number, y: number): string => {
      const offset = (y * png.width + x) * 4;
      return [...png.data.subarray(offset, offset + 3)]
        .map((value) => value.toString(16).padStart(2, '0'))
        .join('');
    };
    const middle = Math.round((box.top + box.bottom) / 2);
    // Inside both ends of the pill the brand colour (#E65100); just outside, the white order bar.
    expect(pixel(box.left + 4, middle)).toBe('e65100');
    expect(pixel(box.right - 5, middle)).toBe('e65100');
    expect(pixel(box.left - 4, middle)).toBe('ffffff');
    expect(pixel(box.right + 3, middle)).toBe('ffffff');
    expect(pixel(Math.round((box.left + box.right) / 2), box.top - 4)).toBe('ffffff');
    // Every child lies within its parent, as visible bounds do.
    const check = (node: XmlNode): void => {
      const outer = bounds(node);
      for (const child of flatten(node.node).filter((candidate) => candidate !== node)) {
        const inner = bounds(child);
        expect(inner.left >= outer.left && inner.right <= outer.right, child['@_bounds']).toBe(true);
        expect(inner.top >= outer.top && inner.bottom <= outer.bottom, child['@_bounds']).toBe(true);
      }
    };
    check(document.hierarchy.node);
  });

  it('text nodes cover the drawn words: the Settings row titles sit on dark text pixels', async () => {
    await runShell('am start -n com.android.settings/.Settings', { state: phone.state });
    const xml = (await runShell('uiautomator dump /dev/tty', { state: phone.state })).stdout.toString();
    const nodes = flatten(
      (parser.parse(xml.slice(0, xml.indexOf('UI hierchary'))) as { hierarchy: { node: XmlNode } }).hierarchy
        .node,
    );
    const title = nodes.find((node) => node['@_text'] === 'Battery');
    expect(title?.['@_resource-id']).toBe('android:id/title');
    const box = bounds(title as XmlNode);
    const png = PNG.sync.read(Buffer.from(await phone.capture()));
    let dark = 0;
    for (let y = box.top; y < box.bottom; y += 1)
      for (let x = box.left; x < box.right; x += 1)
        if ((png.data[(y * png.width + x) * 4] ?? 255) < 100) dark += 1;
    expect(dark).toBeGreaterThan(100);
  });

  it('a file it may not write is logged and still reported as dumped, as the platform tool does', async () => {
    const run = await runShell(
      'uiautomator dump /system/x.xml; logcat -d -v tag AccessibilityNodeInfoDumper:E *:S',
      {
        state: phone.state,
      },
    );
    expect(run.stdout.toString()).toContain('UI hierchary dumped to: /system/x.xml\n');
    expect(run.stdout.toString()).toContain(
      'E/AccessibilityNodeInfoDumper: java.io.FileNotFoundException: /system/x.xml: open failed: EROFS (Read-only file system)\n',
    );
  });

  it('without a screen source answers with the null-root error', async () => {
    const run = await runShell('uiautomator dump /dev/tty');
    expect(run.stderr).toBe('ERROR: null root node returned by UiTestAutomationBridge.\n');
  });
});

describe('every profile and app', () => {
  it('dumps valid XML whose root is the foreground app and whose nodes stay on the display', async () => {
    for (const profile of ['phone', 'tablet', 'legacy21', 'cutout28']) {
      const started = await SimulatedAndroid.start({ profile, logTraffic: { ratePerSecond: 0, seed: 1 } });
      if (!started.ok) throw new Error(started.error.message);
      const device = started.value;
      try {
        const { widthPx, heightPx } = device.state.configuration().screenSize;
        for (const app of device.profile.apps) {
          device.state.setForeground({ packageName: app.packageName, activity: '.Main' });
          const out = (
            await runShell('uiautomator dump /dev/tty', { state: device.state })
          ).stdout.toString();
          const xml = out.slice(0, out.indexOf('UI hierchary'));
          expect(XMLValidator.validate(xml), `${profile} ${app.packageName}`).toBe(true);
          const root = (parser.parse(xml) as { hierarchy: { node: XmlNode } }).hierarchy.node;
          expect(root['@_package']).toBe(app.packageName);
          const nodes = flatten(root);
          expect(nodes.length, `${profile} ${app.packageName}`).toBeGreaterThan(3);
          for (const node of nodes) {
            const box = bounds(node);
            expect(box.left >= 0 && box.top >= 0 && box.right <= widthPx && box.bottom <= heightPx).toBe(
              true,
            );
            expect(box.right > box.left && box.bottom > box.top, node['@_bounds']).toBe(true);
          }
          expect(xml.includes('drawing-order=')).toBe(device.profile.sdk >= 29);
        }
      } finally {
        await device.close();
      }
    }
  });
});

describe('dumpXml', () => {
  const hierarchy: UiHierarchy = {
    rotation: 1,
    root: {
      className: 'android.widget.FrameLayout',
      packageName: 'p',
      bounds: { left: 0, top: 0, right: 10, bottom: 10 },
      drawingOrder: 0,
      children: [
        {
          className: 'android.widget.EditText',
          packageName: 'p',
          text: 'a "b" & <c>',
          hint: 'Name',
          clickable: true,
          bounds: { left: 1, top: 2, right: 3, bottom: 4 },
          drawingOrder: 1,
          children: [],
        },
        {
          className: 'android.view.View',
          packageName: 'p',
          clickable: true,
          bounds: { left: 5, top: 5, right: 6, bottom: 6 },
          drawingOrder: 2,
          children: [],
        },
      ],
    },
  };

  it('leaves drawing-order and hint out before API 29, escapes values and marks NAF nodes', () => {
    const xml = dumpXml(hierarchy, 28);
    expect(xml).toContain(
      '<node index="0" text="a &quot;b&quot; &amp; &lt;c&gt;" resource-id="" class="android.widget.EditText" package="p" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[1,2][3,4]" />',
    );
    expect(xml).toContain('<node NAF="true" index="1" text="" ');
    expect(xml).not.toContain('drawing-order');
    expect(dumpXml(hierarchy, 35)).toContain('bounds="[1,2][3,4]" drawing-order="1" hint="Name" />');
    expect(dumpXml(hierarchy, 35)).toMatch(
      /^<\?xml version='1.0' encoding='UTF-8' standalone='yes' \?><hierarchy rotation="1">/,
    );
  });

  it('--compressed keeps only nodes with content or actions', () => {
    const xml = dumpXml(hierarchy, 35, true);
    expect(xml).not.toContain('android.widget.FrameLayout');
    expect(xml.match(/<node /g)?.length).toBe(2);
  });
});
