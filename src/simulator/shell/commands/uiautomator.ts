import { resolvePath, writeRefusal } from '../../device/fileAccess';
import { filesOf } from '../../device/files';
import { navigationOf } from '../../device/navigation';
import { dumpDelayOf, uiSourceOf, type UiHierarchy, type UiNode } from '../../device/uiTree';
import { failWith, type CommandContext } from '../commandTable';

// `uiautomator dump` as frameworks/base/cmds/uiautomator writes it: KXmlSerializer output on one line, attributes in
// AccessibilityNodeInfoDumper's order, and the message with Android's own typo ("hierchary").

const DEFAULT_DUMP = '/sdcard/window_dump.xml';
/** API level from which the dump carries drawing-order and hint after bounds. */
const DRAWING_ORDER_SDK = 29;

const USAGE = `Usage: uiautomator <subcommand> [options]

Available subcommands:

help: displays help message

runtest: executes UI automation tests
    runtest <class spec> [options]
    <class spec>: <JARS> < -c <CLASSES> | -e class <CLASSES> >
      <JARS>: a list of jar files containing test classes and dependencies. If
        the path is relative, it's assumed to be under /data/local/tmp. Use
        absolute path if the file is elsewhere. Multiple files can be
        specified, separated by space.

dump: creates an XML dump of current UI hierarchy
    dump [--verbose][file]
      [--compressed]: dumps compressed layout information.
      [file]: the location where the dumped XML should be stored, default is
      ${DEFAULT_DUMP}

events: prints out accessibility events until terminated
`;

/** `uiautomator dump [--compressed] [file]`; other subcommands print the usage. */
export async function uiautomator(context: CommandContext): Promise<number> {
  const [subcommand, ...rest] = context.args;
  if (subcommand !== 'dump') {
    context.stdout(USAGE);
    return subcommand === undefined || subcommand === 'help' ? 0 : 1;
  }
  const compressed = rest.includes('--compressed');
  const unknown = rest.find(
    (argument) => argument.startsWith('-') && argument !== '--compressed' && argument !== '--verbose',
  );
  if (unknown !== undefined) return failWith(context, `Unknown option: ${unknown}`);
  const target = rest.find((argument) => !argument.startsWith('-')) ?? DEFAULT_DUMP;
  const { state } = context.device;
  const delayMs = dumpDelayOf(state);
  if (delayMs > 0) {
    // A busy screen: the dump takes this long; a host that gives up closes the stream and ends the wait.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, delayMs);
      function done(): void {
        clearTimeout(timer);
        context.signal.removeEventListener('abort', done);
        resolve();
      }
      context.signal.addEventListener('abort', done);
    });
    if (context.signal.aborted) return 1;
  }
  // DumpCommand waits for the UI to go idle first; a screen that animates without end never does.
  if (navigationOf(state).animationFrame(state.foreground.packageName) !== undefined) {
    context.stderr('ERROR: could not get idle state.\n');
    return 0;
  }
  const hierarchy = await uiSourceOf(state)?.();
  if (!hierarchy) {
    context.stderr('ERROR: null root node returned by UiTestAutomationBridge.\n');
    return 0;
  }
  const xml = dumpXml(hierarchy, state.sdkLevel, compressed);
  if (target === '/dev/tty' || target === '/dev/stdout') {
    context.stdout(xml);
  } else {
    const path = resolvePath(target);
    const files = filesOf(state);
    const refusal = writeRefusal(files, path);
    if (refusal) {
      // The dumper catches the IOException and only logs it: the command still says it dumped.
      state.appendLog({
        priority: 'E',
        tag: 'AccessibilityNodeInfoDumper',
        message: `failed to dump window to file\njava.io.FileNotFoundException: ${path}: open failed: ${errnoName(refusal)} (${refusal})`,
        pid: 9140,
        uid: 2000,
      });
    } else {
      files.write(path, {
        data: Buffer.from(xml),
        mode: 0o660,
        mtimeSeconds: Math.floor(state.now() / 1000),
      });
    }
  }
  context.stdout(`UI hierchary dumped to: ${target}\n`);
  return 0;
}

function errnoName(refusal: string): string {
  const names: Record<string, string> = {
    'Read-only file system': 'EROFS',
    'Permission denied': 'EACCES',
    'No such file or directory': 'ENOENT',
    'Is a directory': 'EISDIR',
  };
  return names[refusal] ?? 'EIO';
}

/** The dump document: `<?xml ...?><hierarchy rotation="N">` then the nodes, no newlines (KXmlSerializer). */
export function dumpXml(hierarchy: UiHierarchy, sdk: number, compressed = false): string {
  const roots = compressed ? compress(hierarchy.root) : [hierarchy.root];
  const nodes = roots.map((root, index) => nodeXml(root, index, sdk)).join('');
  return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="${hierarchy.rotation}">${nodes}</hierarchy>`;
}

/** --compressed: layout-only nodes (no text, description, id or action) are left out, their children kept. */
function compress(node: UiNode): UiNode[] {
  const children = node.children.flatMap(compress);
  const important =
    Boolean(node.text || node.contentDesc || node.resourceId || node.hint) ||
    Boolean(node.clickable || node.longClickable || node.scrollable || node.checkable || node.focusable);
  return important ? [{ ...node, children }] : children;
}

/** The characters stripInvalidXMLChars replaces with '.' (controls, C1 controls but NEL, noncharacters). */
function invalidInXml(code: number): boolean {
  return (
    (code >= 0x1 && code <= 0x8) ||
    code === 0xb ||
    code === 0xc ||
    (code >= 0xe && code <= 0x1f) ||
    (code >= 0x7f && code <= 0x84) ||
    (code >= 0x86 && code <= 0x9f) ||
    (code >= 0xfdd0 && code <= 0xfddf)
  );
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\n': '&#10;',
  '\r': '&#13;',
  '\t': '&#9;',
};

/** stripInvalidXMLChars, then KXmlSerializer's escaping of attribute values. */
function escape(value: string): string {
  let escaped = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    escaped += invalidInXml(code) ? '.' : (ENTITIES[char] ?? char);
  }
  return escaped;
}

/** NAF ("not accessibility friendly"): clickable and enabled with no text or description on it or below it. */
function notAccessibilityFriendly(node: UiNode): boolean {
  const layout = /\.(GridView|GridLayout|ListView|TableLayout)$/.test(node.className);
  const labelled = (candidate: UiNode): boolean =>
    Boolean(candidate.text || candidate.contentDesc) || candidate.children.some(labelled);
  return !layout && Boolean(node.clickable) && node.enabled !== false && !labelled(node);
}

function nodeXml(node: UiNode, index: number, sdk: number): string {
  const { left, top, right, bottom } = node.bounds;
  const attributes: Array<[string, string]> = [];
  if (notAccessibilityFriendly(node)) attributes.push(['NAF', 'true']);
  attributes.push(
    ['index', String(index)],
    ['text', node.text ?? ''],
    ['resource-id', node.resourceId ?? ''],
    ['class', node.className],
    ['package', node.packageName],
    ['content-desc', node.contentDesc ?? ''],
    ['checkable', String(Boolean(node.checkable))],
    ['checked', String(Boolean(node.checked))],
    ['clickable', String(Boolean(node.clickable))],
    ['enabled', String(node.enabled !== false)],
    ['focusable', String(Boolean(node.focusable))],
    ['focused', String(Boolean(node.focused))],
    ['scrollable', String(Boolean(node.scrollable))],
    ['long-clickable', String(Boolean(node.longClickable))],
    ['password', String(Boolean(node.password))],
    ['selected', String(Boolean(node.selected))],
    ['bounds', `[${left},${top}][${right},${bottom}]`],
  );
  if (sdk >= DRAWING_ORDER_SDK)
    attributes.push(['drawing-order', String(node.drawingOrder)], ['hint', node.hint ?? '']);
  const open = `<node ${attributes.map(([name, value]) => `${name}="${escape(value)}"`).join(' ')}`;
  if (node.children.length === 0) return `${open} />`;
  return `${open}>${node.children.map((child, position) => nodeXml(child, position, sdk)).join('')}</node>`;
}
