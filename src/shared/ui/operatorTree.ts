// The Operator's bounded UI tree (agent request `get_ui_tree`, docs/ui-loop.md): a breadth-first walk of the
// active windows with the reference's limits (section 4.1B). Platform-free: the Kotlin Operator's
// core/ui/BoundedTree.kt implements the same rules; both run the vectors in conformance/ui-tree/.

export const TREE_MAX_NODES = 250;
export const TREE_MAX_JSON_BYTES = 60 * 1024;
export const TREE_MAX_VISITED = 1000;
export const TREE_MAX_TEXT_UNITS = 256;

/** One accessibility node as the walker reads it (AccessibilityNodeInfo, or the simulated screen's node). */
export interface RawTreeNode {
  package: string | null;
  class: string | null;
  resource_id: string | null;
  text: string | null;
  content_description: string | null;
  bounds: { left: number; top: number; right: number; bottom: number };
  visible: boolean;
  clickable: boolean;
  focused: boolean;
  focusable: boolean;
  selected: boolean;
  enabled: boolean;
  scrollable: boolean;
  editable: boolean;
  password: boolean;
  children: RawTreeNode[];
}

export interface RawTreeWindow {
  id: number;
  root: RawTreeNode | null;
}

export interface OperatorTreeNode {
  index: number;
  parent: number | null;
  depth: number;
  window_id: number;
  package: string | null;
  class: string | null;
  resource_id: string | null;
  text: string | null;
  text_hash?: string;
  content_description: string | null;
  description_hash?: string;
  bounds: string;
  clickable: boolean;
  focused: boolean;
  focusable: boolean;
  selected: boolean;
  enabled: boolean;
  scrollable: boolean;
  editable: boolean;
  password: boolean;
}

export interface OperatorTree {
  status: 'complete' | 'partial';
  backend: 'operator';
  node_count: number;
  visited_count: number;
  truncated: boolean;
  /** Which limit stopped the walk: null when none did. */
  truncated_by: 'nodes' | 'json_bytes' | 'visited' | null;
  mode: 'full' | 'partial';
  nodes: OperatorTreeNode[];
}

/** SHA-256 over the given bytes, base64url without padding (node:crypto on the host, MessageDigest on Android). */
export type Sha256Base64Url = (bytes: Uint8Array) => string;

/** The value's UTF-16 code units, big-endian. */
export function utf16be(value: string): Uint8Array {
  const out = new Uint8Array(value.length * 2);
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    out[i * 2] = unit >> 8;
    out[i * 2 + 1] = unit & 0xff;
  }
  return out;
}

function empty(value: string | null): string | null {
  return value === null || value === '' ? null : value;
}

function shorten(value: string | null, hash: Sha256Base64Url): { shown: string | null; hash?: string } {
  if (value === null || value.length <= TREE_MAX_TEXT_UNITS) return { shown: value };
  let cut = TREE_MAX_TEXT_UNITS;
  // Never split a surrogate pair: the shown prefix stays well-formed UTF-16.
  const last = value.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1;
  return { shown: value.slice(0, cut), hash: hash(utf16be(value)) };
}

export function boundsString(b: RawTreeNode['bounds']): string {
  return `[${b.left},${b.top}][${b.right},${b.bottom}]`;
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Walks the windows breadth-first (window order, then level order) within the limits. */
export function boundTree(windows: RawTreeWindow[], hash: Sha256Base64Url): OperatorTree {
  const queue: { node: RawTreeNode; window: number; depth: number; parent: number | null }[] = [];
  for (const window of windows) {
    if (window.root !== null) queue.push({ node: window.root, window: window.id, depth: 0, parent: null });
  }
  const nodes: OperatorTreeNode[] = [];
  let visited = 0;
  let bytes = 2; // the enclosing [ ]
  let truncatedBy: OperatorTree['truncated_by'] = null;
  for (let head = 0; head < queue.length; head++) {
    const { node, window, depth, parent } = queue[head]!;
    if (visited >= TREE_MAX_VISITED) {
      truncatedBy = 'visited';
      break;
    }
    visited++;
    if (!node.visible) continue; // an invisible node's subtree is not shown either
    if (nodes.length >= TREE_MAX_NODES) {
      truncatedBy = 'nodes';
      break;
    }
    const text = shorten(node.password ? null : empty(node.text), hash);
    const description = shorten(node.password ? null : empty(node.content_description), hash);
    const out: OperatorTreeNode = {
      index: nodes.length,
      parent,
      depth,
      window_id: window,
      package: empty(node.package),
      class: empty(node.class),
      resource_id: empty(node.resource_id),
      text: text.shown,
      ...(text.hash === undefined ? {} : { text_hash: text.hash }),
      content_description: description.shown,
      ...(description.hash === undefined ? {} : { description_hash: description.hash }),
      bounds: boundsString(node.bounds),
      clickable: node.clickable,
      focused: node.focused,
      focusable: node.focusable,
      selected: node.selected,
      enabled: node.enabled,
      scrollable: node.scrollable,
      editable: node.editable,
      password: node.password,
    };
    const size = utf8Length(JSON.stringify(out)) + (nodes.length === 0 ? 0 : 1);
    if (bytes + size > TREE_MAX_JSON_BYTES) {
      truncatedBy = 'json_bytes';
      break;
    }
    bytes += size;
    nodes.push(out);
    for (const child of node.children)
      queue.push({ node: child, window, depth: depth + 1, parent: out.index });
  }
  const truncated = truncatedBy !== null;
  return {
    status: truncated ? 'partial' : 'complete',
    backend: 'operator',
    node_count: nodes.length,
    visited_count: visited,
    truncated,
    truncated_by: truncatedBy,
    mode: truncated ? 'partial' : 'full',
    nodes,
  };
}
