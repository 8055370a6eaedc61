// The Operator's node actions (docs/operator-protocol.md "set_text and click_node"): the target is named by the
// identity fields of the bounded tree (reference 4.3 step 5), found again by the Operator in its current windows and
// acted on with AccessibilityNodeInfo ACTION_SET_TEXT / ACTION_CLICK. Platform-free: the simulated Operator and the
// conformance runner use it here; the Kotlin Operator's core/ui/NodeActions.kt implements the same rules.
import { ok, type ErrorCode, type Result } from '../errors';
import {
  boundsString,
  TREE_MAX_TEXT_UNITS,
  TREE_MAX_VISITED,
  utf16be,
  type RawTreeNode,
  type RawTreeWindow,
  type Sha256Base64Url,
} from '../ui/operatorTree';

/** A field holds at most this many UTF-16 units after a set_text (reference 4.4: append up to 4096 in total). */
export const SET_TEXT_MAX_UNITS = 4096;

/** The identity fields of a node as get_ui_tree shows them; the Operator acts only on the one node matching all. */
export interface NodeTarget {
  package: string;
  class: string | null;
  resource_id: string | null;
  text: string | null;
  text_hash?: string;
  content_description: string | null;
  description_hash?: string;
  bounds: string;
}

export type NodeActionRequest =
  | { v: 1; type: 'set_text'; id: string; target: NodeTarget; text: string; replace: boolean }
  | { v: 1; type: 'click_node'; id: string; target: NodeTarget };

/** set_text_result / click_node_result: what the Operator did. */
export type NodeActionResponse =
  | {
      v: 1;
      type: 'set_text_result';
      id: string;
      result: { performed: true; mode: 'append' | 'replace'; length: number };
    }
  | { v: 1; type: 'click_node_result'; id: string; result: ClickResult };

/**
 * What click_node clicked: the target itself (levels_up 0) or its first clickable ancestor (reference 4.2: "walks up
 * to the first clickable ancestor"), named by class, resource id and bounds as get_ui_tree shows them.
 */
export type ClickResult = {
  performed: true;
  levels_up: number;
  clicked: { class: string | null; resource_id: string | null; bounds: string };
};

/** A refusal the Operator answers as an error frame. */
export interface NodeActionRefusal {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

const nullableString = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';
const optionalString = (value: unknown): boolean => value === undefined || typeof value === 'string';

/** Checks a request's `target` (unknown keys ignored); the message names what is wrong. */
export function parseNodeTarget(value: unknown): Result<NodeTarget, string> {
  const rule =
    'target must be an object with package (string), class, resource_id, text, content_description (string or null), bounds ([l,t][r,b]) and optional text_hash, description_hash';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: rule };
  const t = value as Record<string, unknown>;
  if (
    typeof t.package !== 'string' ||
    t.package === '' ||
    !nullableString(t.class) ||
    !nullableString(t.resource_id) ||
    !nullableString(t.text) ||
    !nullableString(t.content_description) ||
    typeof t.bounds !== 'string' ||
    !/^\[-?\d+,-?\d+\]\[-?\d+,-?\d+\]$/.test(t.bounds) ||
    !optionalString(t.text_hash) ||
    !optionalString(t.description_hash)
  )
    return { ok: false, error: rule };
  return ok({
    package: t.package,
    class: t.class,
    resource_id: t.resource_id,
    text: t.text,
    ...(typeof t.text_hash === 'string' ? { text_hash: t.text_hash } : {}),
    content_description: t.content_description,
    ...(typeof t.description_hash === 'string' ? { description_hash: t.description_hash } : {}),
    bounds: t.bounds,
  });
}

/** Operator side: the set_text / click_node request shape; an error string (without the type prefix) otherwise. */
export function parseNodeActionRequest(
  id: string,
  message: Record<string, unknown>,
): Result<NodeActionRequest, string> {
  const target = parseNodeTarget(message.target);
  if (!target.ok) return target;
  if (message.type === 'click_node') return ok({ v: 1, type: 'click_node', id, target: target.value });
  if (typeof message.text !== 'string' || message.text.length > SET_TEXT_MAX_UNITS)
    return { ok: false, error: `text must be a string of at most ${SET_TEXT_MAX_UNITS} UTF-16 units` };
  if (typeof message.replace !== 'boolean') return { ok: false, error: 'replace must be true or false' };
  return ok({
    v: 1,
    type: 'set_text',
    id,
    target: target.value,
    text: message.text,
    replace: message.replace,
  });
}

function empty(value: string | null): string | null {
  return value === null || value === '' ? null : value;
}

/** The shown value and hash of a label, as the bounded tree reports them. */
function shown(value: string | null, hash: Sha256Base64Url): { text: string | null; hash: string | null } {
  if (value === null || value.length <= TREE_MAX_TEXT_UNITS) return { text: value, hash: null };
  let cut = TREE_MAX_TEXT_UNITS;
  const last = value.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1;
  return { text: value.slice(0, cut), hash: hash(utf16be(value)) };
}

/** True when the node, shown as get_ui_tree would show it, has exactly the target's identity fields. */
function sameIdentity(node: RawTreeNode, target: NodeTarget, hash: Sha256Base64Url): boolean {
  const text = shown(node.password ? null : empty(node.text), hash);
  const description = shown(node.password ? null : empty(node.content_description), hash);
  return (
    empty(node.package) === target.package &&
    empty(node.class) === target.class &&
    empty(node.resource_id) === target.resource_id &&
    text.text === target.text &&
    text.hash === (target.text_hash ?? null) &&
    description.text === target.content_description &&
    description.hash === (target.description_hash ?? null) &&
    boundsString(node.bounds) === target.bounds
  );
}

/**
 * The one visible node of the windows with the target's identity, walked as get_ui_tree walks (breadth-first,
 * invisible subtrees skipped, at most 1000 nodes visited). None, several, or a walk cut short is a refusal.
 */
export function locateTarget(
  windows: RawTreeWindow[],
  target: NodeTarget,
  hash: Sha256Base64Url,
): Result<RawTreeNode, NodeActionRefusal> {
  const located = locate(windows, target, hash);
  return located.ok ? ok(located.value.node) : located;
}

/** locateTarget, with the node's ancestors (parent first, up to its window root). */
function locate(
  windows: RawTreeWindow[],
  target: NodeTarget,
  hash: Sha256Base64Url,
): Result<{ node: RawTreeNode; ancestors: RawTreeNode[] }, NodeActionRefusal> {
  const queue: RawTreeNode[] = windows.flatMap((window) => (window.root === null ? [] : [window.root]));
  const parentOf = new Map<RawTreeNode, RawTreeNode>();
  const found: RawTreeNode[] = [];
  let visited = 0;
  for (let head = 0; head < queue.length; head++) {
    if (visited >= TREE_MAX_VISITED)
      return {
        ok: false,
        error: {
          code: 'UI_TREE_INCOMPLETE',
          message: `The Operator visited ${TREE_MAX_VISITED} nodes without reaching the end of the windows, so the target cannot be proven unique; nothing was done.`,
          details: { visited },
        },
      };
    visited++;
    const node = queue[head]!;
    if (!node.visible) continue;
    if (sameIdentity(node, target, hash)) found.push(node);
    for (const child of node.children) {
      parentOf.set(child, node);
      queue.push(child);
    }
  }
  if (found.length === 0)
    return {
      ok: false,
      error: {
        code: 'UI_TARGET_NOT_FOUND',
        message: `No node on screen has the target's identity (${target.class ?? 'node'} ${target.resource_id ?? ''} at ${target.bounds}); nothing was done: read the screen again.`,
        details: { bounds: target.bounds },
      },
    };
  if (found.length > 1)
    return {
      ok: false,
      error: {
        code: 'UI_TARGET_AMBIGUOUS',
        message: `${found.length} nodes on screen have the target's identity; nothing was done.`,
        details: { matches: found.length },
      },
    };
  const node = found[0]!;
  const ancestors: RawTreeNode[] = [];
  for (let up = parentOf.get(node); up !== undefined; up = parentOf.get(up)) ancestors.push(up);
  return ok({ node, ancestors });
}

/** What set_text / click_node need from the platform for the located node. */
export interface NodeEffects {
  /** The field's current text; "" when it shows its hint (AccessibilityNodeInfo.isShowingHintText). */
  currentText(node: RawTreeNode): string;
  /** ACTION_SET_TEXT with ACTION_ARGUMENT_SET_TEXT_CHARSEQUENCE; false when the app refused it. */
  setText(node: RawTreeNode, text: string): boolean | Promise<boolean>;
  /** ACTION_CLICK on the target or its first clickable ancestor; false when the app refused it. */
  click(node: RawTreeNode): boolean | Promise<boolean>;
}

/** Runs a set_text or click_node request on the windows: the answer frame, or the refusal to send as an error. */
export async function runNodeAction(
  request: NodeActionRequest,
  windows: RawTreeWindow[],
  hash: Sha256Base64Url,
  effects: NodeEffects,
): Promise<Result<NodeActionResponse, NodeActionRefusal>> {
  const located = locate(windows, request.target, hash);
  if (!located.ok) return located;
  const { node, ancestors } = located.value;
  const refuse = (code: ErrorCode, message: string): { ok: false; error: NodeActionRefusal } => ({
    ok: false,
    error: { code, message, details: { bounds: request.target.bounds } },
  });
  if (request.type === 'click_node') {
    // ACTION_CLICK goes to the first clickable node from the target up (reference 4.2), as a finger's tap would.
    const chain = [node, ...ancestors];
    const levels = chain.findIndex((candidate) => candidate.clickable);
    const clicked = chain[levels];
    if (clicked === undefined)
      return refuse(
        'UI_TARGET_NOT_CLICKABLE',
        'Neither the target node nor any of its ancestors is clickable (ACTION_CLICK is not offered); nothing was done.',
      );
    if (!clicked.enabled)
      return refuse(
        'UI_TARGET_NOT_CLICKABLE',
        levels === 0
          ? 'The target node is disabled; nothing was done.'
          : "The target's first clickable ancestor is disabled; nothing was done.",
      );
    if (!(await effects.click(clicked)))
      return refuse('UI_NODE_ACTION_FAILED', 'The app refused ACTION_CLICK on the target node.');
    return ok({
      v: 1,
      type: 'click_node_result',
      id: request.id,
      result: {
        performed: true,
        levels_up: levels,
        clicked: {
          class: empty(clicked.class),
          resource_id: empty(clicked.resource_id),
          bounds: boundsString(clicked.bounds),
        },
      },
    });
  }
  if (node.password)
    return refuse(
      'UI_TARGET_PASSWORD',
      'The target is a password field: the Operator never types into password fields; nothing was done.',
    );
  if (!node.enabled)
    return refuse('UI_TARGET_NOT_EDITABLE', 'The target field is disabled; nothing was done.');
  if (!node.editable)
    return refuse(
      'UI_TARGET_NOT_EDITABLE',
      'The target node is not editable (ACTION_SET_TEXT needs an editable field); nothing was done: focus a text field first.',
    );
  const next = request.replace ? request.text : effects.currentText(node) + request.text;
  if (next.length > SET_TEXT_MAX_UNITS)
    return {
      ok: false,
      error: {
        code: 'INVALID_ARGUMENTS',
        message: `The field would hold ${next.length} UTF-16 units; at most ${SET_TEXT_MAX_UNITS}: shorten the text or replace instead of appending. Nothing was done.`,
        details: { length: next.length, max: SET_TEXT_MAX_UNITS },
      },
    };
  if (!(await effects.setText(node, next)))
    return refuse('UI_NODE_ACTION_FAILED', 'The app refused ACTION_SET_TEXT on the target field.');
  return ok({
    v: 1,
    type: 'set_text_result',
    id: request.id,
    result: { performed: true, mode: request.replace ? 'replace' : 'append', length: next.length },
  });
}
