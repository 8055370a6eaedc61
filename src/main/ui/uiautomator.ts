// The uiautomator path of the UI tree: `uiautomator dump` to a unique temp file removed by a trap, the focus lines
// of `dumpsys window`, `wm size` and `wm density`; the XML parsed with fast-xml-parser (entities decoded once).
import { randomBytes } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { fail, ok, type Result } from '../../shared/errors';
import type { AndroidToolContext } from '../android/tool';
import type { UiNode, UiTree } from './uiTree';

/** The device command: a fresh file name per call (hex only), removed on exit whatever happens. */
export function dumpCommand(token: string = randomBytes(8).toString('hex')): string {
  if (!/^[0-9a-f]{8,32}$/.test(token)) throw new Error('dump token must be hex');
  const file = `/data/local/tmp/androperator-ui-${token}.xml`;
  return `f='${file}'; trap 'rm -f "$f"' EXIT; uiautomator dump "$f" >/dev/null && cat "$f"`;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => name === 'node',
});

interface XmlNode {
  node?: XmlNode[];
  [attribute: string]: unknown;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const bool = (value: unknown): boolean | null => (value === 'true' ? true : value === 'false' ? false : null);

/** Parses a dump's XML into at most maxNodes nodes, breadth-first. Errors: not XML, no hierarchy, no nodes. */
export function parseDump(
  xml: string,
  maxNodes: number,
): Result<{ nodes: UiNode[]; truncated: boolean; total: number }> {
  let document: { hierarchy?: XmlNode };
  try {
    document = parser.parse(xml, true) as { hierarchy?: XmlNode };
  } catch (error) {
    return fail('ANDROID_COMMAND_FAILED', `uiautomator dump did not return valid XML: ${String(error)}`, {
      output: xml.slice(0, 300),
    });
  }
  const hierarchy = document.hierarchy;
  if (hierarchy === undefined || typeof hierarchy !== 'object')
    return fail(
      'ANDROID_COMMAND_FAILED',
      'uiautomator dump returned no <hierarchy>: the screen may be off or locked',
      {
        output: xml.slice(0, 300),
      },
    );
  const nodes: UiNode[] = [];
  let total = 0;
  const queue: { xml: XmlNode; parent: number | null; depth: number }[] = (hierarchy.node ?? []).map((n) => ({
    xml: n,
    parent: null,
    depth: 0,
  }));
  for (let head = 0; head < queue.length; head++) {
    const entry = queue[head]!;
    total++;
    if (nodes.length >= maxNodes) continue;
    const a = entry.xml;
    const index = nodes.length;
    nodes.push({
      index,
      parent: entry.parent,
      depth: entry.depth,
      package: str(a.package),
      class: str(a.class),
      resource_id: str(a['resource-id']) || null,
      text: str(a.text) || null,
      content_description: str(a['content-desc']) || null,
      bounds: str(a.bounds),
      clickable: bool(a.clickable),
      focused: bool(a.focused),
      focusable: bool(a.focusable),
      selected: bool(a.selected),
      enabled: bool(a.enabled),
      scrollable: bool(a.scrollable),
    });
    for (const child of a.node ?? []) queue.push({ xml: child, parent: index, depth: entry.depth + 1 });
  }
  if (total === 0)
    return fail('ANDROID_COMMAND_FAILED', 'uiautomator dump returned an empty tree: no window to read', {
      output: xml.slice(0, 300),
    });
  return ok({ nodes, truncated: total > nodes.length, total });
}

/** mCurrentFocus / mFocusedApp of `dumpsys window` (the first of each). */
export function parseWindowFocus(output: string): {
  current_focus: string | null;
  focused_app: string | null;
} {
  const line = (key: string) => {
    const match = new RegExp(`${key}=(.*)$`, 'm').exec(output);
    return match === null ? null : match[1]!.trim();
  };
  return { current_focus: line('mCurrentFocus'), focused_app: line('mFocusedApp') };
}

/** The override when set, else the physical value of `wm size` / `wm density`. */
export function parseDisplay(size: string, density: string): { size: string | null; density: number | null } {
  const pick = (output: string, pattern: string) =>
    new RegExp(`Override ${pattern}: (\\S+)`).exec(output)?.[1] ??
    new RegExp(`Physical ${pattern}: (\\S+)`).exec(output)?.[1] ??
    null;
  const dpi = pick(density, 'density');
  return { size: pick(size, 'size'), density: dpi === null ? null : Number(dpi) };
}

/** Reads the tree through uiautomator. A dump that says ERROR (even with exit 0) or is empty is a failure. */
export async function readUiautomatorTree(
  context: AndroidToolContext,
  maxNodes: number,
): Promise<Result<UiTree>> {
  const started = context.now();
  const command = dumpCommand();
  const dumped = await context.run(command, { timeoutMs: 20_000, maxBytesPerStream: 4 * 1024 * 1024 });
  if (!dumped.ok) return dumped;
  const result = dumped.value;
  const error = /^ERROR:.*$/m.exec(`${result.stderr}\n${result.stdout}`);
  if (error !== null)
    return fail('ANDROID_COMMAND_FAILED', `uiautomator dump failed: ${error[0].trim()}`, {
      command,
      exit_code: result.exit_code,
      stderr: result.stderr.slice(0, 500),
      hint: error[0].includes('idle')
        ? 'the screen never goes idle (an animation): use the Operator tree, or stop the animation and retry'
        : 'check that the screen is on and unlocked',
    });
  if (result.status === 'timed_out' || result.status === 'failed' || result.stdout_truncated)
    return fail(
      result.status === 'timed_out' ? 'ANDROID_COMMAND_TIMED_OUT' : 'ANDROID_COMMAND_FAILED',
      `uiautomator dump did not complete (${result.stdout_truncated ? 'output too large' : result.status})`,
      { command, exit_code: result.exit_code, stderr: result.stderr.slice(0, 500) },
    );
  const parsed = parseDump(result.stdout, maxNodes);
  if (!parsed.ok) return parsed;
  const [window, size, density] = await Promise.all([
    context.run('dumpsys window', { timeoutMs: 10_000 }),
    context.run('wm size', { timeoutMs: 10_000 }),
    context.run('wm density', { timeoutMs: 10_000 }),
  ]);
  const text = (answer: typeof window) =>
    answer.ok && answer.value.status === 'complete' ? answer.value.stdout : '';
  const truncated = parsed.value.truncated;
  return ok({
    status: truncated ? 'partial' : 'complete',
    source: 'uiautomator',
    node_count: parsed.value.nodes.length,
    truncated,
    mode: truncated ? 'partial' : 'full',
    nodes: parsed.value.nodes,
    window_focus: window.ok ? parseWindowFocus(text(window)) : null,
    display: parseDisplay(text(size), text(density)),
    duration_ms: context.now() - started,
  });
}
