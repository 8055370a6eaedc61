// The read-only UI tools through runTool on simulated phone and TV profiles: what the device received, the source
// each answer names, TV focus after a D-pad key, truncation, partial trees refused as proof, animation -> failure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { NO_APPROVER } from '../approval/approval';
import { runTool } from '../android/runTool';
import type { AndroidTool } from '../android/tool';
import { findNode, inspectUi, screenDump, waitText } from './tools';

let adb: IsolatedAdb;
let phone: { sim: SimulatedAndroid; serial: string };
let tv: { sim: SimulatedAndroid; serial: string };

beforeAll(async () => {
  adb = await startIsolatedAdb();
  phone = await bootSimulated(adb);
  tv = await bootSimulated(adb, { profile: 'tv' });
});

afterAll(async () => {
  await phone?.sim.close();
  await tv?.sim.close();
  await adb?.stop();
});

const call = (tool: AndroidTool, serial: string, args: Record<string, unknown>) =>
  runTool(tool, {
    arguments: { device: serial, ...args },
    resolver: isolatedResolver(adb),
    approve: NO_APPROVER,
  });

const services = (sim: SimulatedAndroid) => sim.device.received().map((entry) => entry.service);

type Answer = Record<string, unknown> & { nodes: Array<Record<string, unknown>> };
const value = (result: Awaited<ReturnType<typeof call>>): Answer => {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as Answer;
};

describe('android.screen_dump', () => {
  it('reads the Operator tree when its service answers, and says so', async () => {
    const answer = value(await call(screenDump, phone.serial, {}));
    expect(answer).toMatchObject({ source: 'operator', status: 'complete', truncated: false, mode: 'full' });
    expect(answer.node_count).toBe(answer.nodes.length);
    expect(answer.node_count).toBeGreaterThan(3);
    expect(Object.keys(answer.nodes[0]!)).toEqual(
      expect.arrayContaining(['package', 'class', 'resource_id', 'text', 'content_description', 'bounds']),
    );
  });

  it('runs uiautomator dump to a unique temp file removed by a trap, plus focus lines and wm size/density', async () => {
    const before = services(phone.sim).length;
    const answer = value(await call(screenDump, phone.serial, { source: 'uiautomator' }));
    expect(answer).toMatchObject({ source: 'uiautomator', status: 'complete', truncated: false });
    const sent = services(phone.sim).slice(before);
    const dump = sent.find((service) => service.includes('uiautomator dump'));
    expect(dump).toMatch(
      /^shell,v2,raw:f='\/data\/local\/tmp\/androperator-ui-[0-9a-f]{16}\.xml'; trap 'rm -f "\$f"' EXIT; uiautomator dump "\$f" >\/dev\/null && cat "\$f"$/,
    );
    expect(sent).toEqual(
      expect.arrayContaining([
        'shell,v2,raw:dumpsys window',
        'shell,v2,raw:wm size',
        'shell,v2,raw:wm density',
      ]),
    );
    expect(answer.display).toMatchObject({
      size: expect.stringMatching(/^\d+x\d+$/),
      density: expect.any(Number),
    });
    expect((answer.window_focus as { current_focus: string }).current_focus).toMatch(/Window\{/);
    // The trap removed the file: a second dump uses a new name and nothing is left behind.
    value(await call(screenDump, phone.serial, { source: 'uiautomator' }));
    const names = services(phone.sim)
      .filter((service) => service.includes('uiautomator dump'))
      .map((service) => /androperator-ui-[0-9a-f]+/.exec(service)![0]);
    expect(new Set(names).size).toBe(names.length);
    const listing = await adb.adb(['-s', phone.serial, 'shell', 'ls /data/local/tmp']);
    expect(listing.stdout.toString()).not.toContain('androperator-ui-');
  });

  it('caps the node count with a truncation flag and a partial status', async () => {
    const answer = value(await call(screenDump, phone.serial, { source: 'uiautomator', max_nodes: 2 }));
    expect(answer).toMatchObject({ status: 'partial', truncated: true, mode: 'partial', node_count: 2 });
    const operator = value(await call(screenDump, phone.serial, { max_nodes: 2 }));
    expect(operator).toMatchObject({ source: 'operator', status: 'partial', truncated: true, node_count: 2 });
  });

  it('falls back to uiautomator when the Operator service is disabled, naming the reason', async () => {
    await adb.adb(['-s', phone.serial, 'shell', 'settings put secure enabled_accessibility_services ""']);
    try {
      const answer = value(await call(screenDump, phone.serial, {}));
      expect(answer.source).toBe('uiautomator');
      expect(answer.fallback_reason).toContain('not enabled');
      const refused = await call(screenDump, phone.serial, { source: 'operator' });
      expect(refused).toMatchObject({ ok: false, error: { code: 'OPERATOR_UNREACHABLE' } });
    } finally {
      await adb.adb([
        '-s',
        phone.serial,
        'shell',
        `settings put secure enabled_accessibility_services '${phone.sim.operatorPackage}/.OperatorAccessibilityService'`,
      ]);
    }
  });

  it('reports a screen that never goes idle as a failure although uiautomator exits 0', async () => {
    const focus = await adb.adb(['-s', phone.serial, 'shell', 'dumpsys window | grep mCurrentFocus']);
    const pkg = /u0 ([\w.]+)\//.exec(focus.stdout.toString())![1]!;
    await adb.adb(['-s', phone.serial, 'shell', `simctl animate ${pkg} on`]);
    try {
      const result = await call(screenDump, phone.serial, { source: 'uiautomator' });
      expect(result).toMatchObject({ ok: false, error: { code: 'ANDROID_COMMAND_FAILED' } });
      expect(!result.ok && result.error.message).toContain('ERROR: could not get idle state.');
    } finally {
      await adb.adb(['-s', phone.serial, 'shell', `simctl animate ${pkg} off`]);
    }
  });

  it.each([
    [{ depth: 3 }, 'depth is not a known field'],
    [{ max_nodes: 0 }, 'max_nodes must be at least 1'],
    [{ source: 'vision' }, 'source must be one of auto, operator, uiautomator'],
  ])('refuses %j before anything reaches the device', async (args, message) => {
    const before = services(phone.sim).length;
    const result = await call(screenDump, phone.serial, args);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(!result.ok && result.error.message).toContain(message);
    expect(services(phone.sim).length).toBe(before);
  });
});

describe('inspect_android_ui on the TV', () => {
  it('summarises the focus before the nodes and follows a D-pad key', async () => {
    const first = value(await call(inspectUi, tv.serial, {}));
    const navigation = first.navigation as {
      focused: Array<{ bounds: string; labels: string[] }>;
      visible_labels: string[];
      complete: boolean;
    };
    expect(Object.keys(first).indexOf('navigation')).toBeLessThan(Object.keys(first).indexOf('nodes'));
    expect(navigation.complete).toBe(true);
    expect(navigation.focused).toHaveLength(1);
    expect(navigation.visible_labels.length).toBeGreaterThan(0);
    await adb.adb(['-s', tv.serial, 'shell', 'input keyevent DPAD_RIGHT']);
    const second = value(await call(inspectUi, tv.serial, { source: 'uiautomator' }));
    const moved = (second.navigation as typeof navigation).focused;
    expect(moved).toHaveLength(1);
    expect(moved[0]!.bounds).not.toBe(navigation.focused[0]!.bounds);
    // The focused node's labels are its own and its descendants', read from the same tree.
    const focusedNode = second.nodes.find((node) => node.focused === true)!;
    expect(focusedNode.bounds).toBe(moved[0]!.bounds);
    expect(services(tv.sim).some((service) => service.endsWith(':input keyevent DPAD_RIGHT'))).toBe(true);
    for (const node of second.nodes) expect(node).toHaveProperty('scrollable');
  });

  it('marks a truncated tree as not complete', async () => {
    const answer = value(await call(inspectUi, tv.serial, { max_nodes: 3 }));
    expect((answer.navigation as { complete: boolean }).complete).toBe(false);
    expect(answer.truncated).toBe(true);
  });

  it('returns every node with full: true', async () => {
    const compact = value(await call(inspectUi, tv.serial, {}));
    const full = value(await call(inspectUi, tv.serial, { full: true }));
    expect(full.view).toBe('full');
    expect(full.nodes.length).toBe(full.node_count);
    expect(full.nodes.length).toBeGreaterThanOrEqual(compact.nodes.length);
  });
});

describe('android.find_node and android.wait_text', () => {
  it('finds a unique node in a complete tree, and never proves one from a truncated tree', async () => {
    const full = value(await call(screenDump, phone.serial, {}));
    const counts = new Map<string, number>();
    for (const node of full.nodes)
      if (typeof node.text === 'string') counts.set(node.text, (counts.get(node.text) ?? 0) + 1);
    const unique = [...counts].find(([, count]) => count === 1)![0];
    const found = value(await call(findNode, phone.serial, { text: unique }));
    expect(found).toMatchObject({ match: 'unique', proves_unique: true });
    const last = full.nodes.filter((node) => node.text === unique)[0]!;
    const truncated = value(
      await call(findNode, phone.serial, { text: unique, max_nodes: Number(last.index) + 1 }),
    );
    expect(truncated).toMatchObject({ match: 'unique', proves_unique: false, truncated: true });
    expect(truncated.reason).toContain('cannot prove a unique target');
    const missing = value(await call(findNode, phone.serial, { text: 'No such label anywhere' }));
    expect(missing).toMatchObject({ match: 'not_found', proves_unique: false });
  });

  it('refuses a query without any criterion', async () => {
    const result = await call(findNode, phone.serial, {});
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(!result.ok && result.error.message).toContain('give at least one of text');
  });

  it('waits for present text and times out on absent text after polling', async () => {
    const full = value(await call(screenDump, phone.serial, {}));
    const counts = new Map<string, number>();
    for (const node of full.nodes)
      for (const text of [node.text, node.content_description])
        if (typeof text === 'string') counts.set(text, (counts.get(text) ?? 0) + 1);
    const label = [...counts].find(([, count]) => count === 1)![0];
    expect(value(await call(waitText, phone.serial, { text: label }))).toMatchObject({
      found: true,
      polls: 1,
    });
    const absent = await call(waitText, phone.serial, { text: 'Never shown', timeout_ms: 700 });
    expect(absent).toMatchObject({ ok: false, error: { code: 'COMMAND_TIMEOUT' } });
    expect(!absent.ok && (absent.error.details as { polls: number }).polls).toBeGreaterThan(1);
    const range = await call(waitText, phone.serial, { text: label, timeout_ms: 50 });
    expect(range).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    // A truncated tree fails at once instead of being polled.
    const partial = await call(waitText, phone.serial, {
      text: 'Never shown',
      source: 'uiautomator',
      max_nodes: 1,
    });
    expect(partial).toMatchObject({
      ok: false,
      error: { code: 'ANDROID_COMMAND_FAILED', details: { polls: 1 } },
    });
    expect(!partial.ok && partial.error.message).toContain('truncated');
  });
});
