// Source choice for the UI tree, per device and per call: the Operator's bounded tree (agent request
// `get_ui_tree`) when its service is enabled and answers, else uiautomator. The answer always names its source.
import { randomBytes } from 'node:crypto';
import { fail, ok, type Result } from '../../shared/errors';
import type { OperatorTree } from '../../shared/ui/operatorTree';
import type { UiSourceChoice } from '../../shared/ui/uiArguments';
import type { AndroidToolContext } from '../android/tool';
import { DEFAULT_OPERATOR_PACKAGE } from '../devices/hubConfig';
import { callAgent } from '../operator/agentClient';
import { readUiautomatorTree } from './uiautomator';
import type { UiTree } from './uiTree';

const OPERATOR_WAIT_MS = 3000;

export interface TreeRead {
  tree: UiTree;
  /** Why the Operator was not used (null when it was, or when uiautomator was asked for). */
  fallback_reason: string | null;
}

/** Converts the Operator's tree to the tools' shape, capped at maxNodes. */
export function fromOperatorTree(tree: OperatorTree, maxNodes: number, durationMs: number): UiTree {
  const capped = tree.nodes.length > maxNodes;
  const nodes = tree.nodes.slice(0, maxNodes).map((node) => ({
    index: node.index,
    parent: node.parent,
    depth: node.depth,
    package: node.package,
    class: node.class,
    resource_id: node.resource_id,
    text: node.text,
    content_description: node.content_description,
    bounds: node.bounds,
    clickable: node.clickable,
    focused: node.focused,
    focusable: node.focusable,
    selected: node.selected,
    enabled: node.enabled,
    scrollable: node.scrollable,
    editable: node.editable,
    password: node.password,
    ...(node.text_hash === undefined ? {} : { text_hash: node.text_hash }),
    ...(node.description_hash === undefined ? {} : { description_hash: node.description_hash }),
  }));
  const truncated = tree.truncated || capped;
  return {
    status: truncated || tree.status === 'partial' ? 'partial' : 'complete',
    source: 'operator',
    node_count: nodes.length,
    truncated,
    mode: truncated || tree.mode === 'partial' ? 'partial' : 'full',
    nodes,
    window_focus: null,
    display: null,
    duration_ms: durationMs,
  };
}

/**
 * Asks the Operator; an error string when it is not enabled or does not answer with a tree. `signal` cancels the
 * request (its agent stream is closed before this answers).
 */
export async function readOperatorTree(
  context: AndroidToolContext,
  maxNodes: number,
  signal?: AbortSignal,
): Promise<Result<UiTree, string>> {
  const device = context.device;
  if (device === undefined) return { ok: false, error: 'no device' };
  const started = context.now();
  const enabled = await context.run('settings get secure enabled_accessibility_services', {
    timeoutMs: 5000,
  });
  if (!enabled.ok || !enabled.value.stdout.includes(DEFAULT_OPERATOR_PACKAGE))
    return { ok: false, error: "the Operator's accessibility service is not enabled" };
  const answer = await callAgent(
    { client: device.client, serial: device.serial, operatorPackage: DEFAULT_OPERATOR_PACKAGE },
    { v: 1, type: 'get_ui_tree', id: `ui-tree-${randomBytes(6).toString('hex')}` },
    OPERATOR_WAIT_MS,
    signal,
  );
  if (!answer.ok) return { ok: false, error: `the Operator did not answer: ${answer.error.message}` };
  const response = answer.value;
  if (response.type !== 'ui_tree_result')
    return {
      ok: false,
      error: `the Operator answered ${response.type}${response.type === 'error' ? ` ${response.code}: ${response.message}` : ''}`,
    };
  return ok(fromOperatorTree(response.tree, maxNodes, context.now() - started));
}

/**
 * The tree from the chosen source; `auto` tries the Operator first, then uiautomator. `signal` (optional) cancels
 * an Operator read in flight; a cancelled read never falls back to uiautomator.
 */
export async function readTree(
  context: AndroidToolContext,
  choice: UiSourceChoice,
  maxNodes: number,
  signal?: AbortSignal,
): Promise<Result<TreeRead>> {
  if (choice === 'uiautomator') {
    const tree = await readUiautomatorTree(context, maxNodes);
    return tree.ok ? ok({ tree: tree.value, fallback_reason: null }) : tree;
  }
  const operator = await readOperatorTree(context, maxNodes, signal);
  if (operator.ok) return ok({ tree: operator.value, fallback_reason: null });
  if (signal?.aborted) return fail('COMMAND_CANCELLED', `The UI tree read was cancelled: ${operator.error}`);
  if (choice === 'operator')
    return fail('OPERATOR_UNREACHABLE', `The Operator tree is unavailable: ${operator.error}`, {
      hint: 'enable the Operator accessibility service, or pass source: "uiautomator"',
    });
  const tree = await readUiautomatorTree(context, maxNodes);
  return tree.ok ? ok({ tree: tree.value, fallback_reason: operator.error }) : tree;
}
