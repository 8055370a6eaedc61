// android.tap_text / tap_node's path (docs/ui-loop.md "Taps"): an Accessibility click through the Operator's
// click_node when the target came from the Operator's tree and the Operator advertises click_node (reference 4.2:
// the click walks up to the first clickable ancestor), else `input tap` at the node's centre. The path is chosen
// before approval and never swapped after it: a failed click_node is never replayed through `input tap`.
import type { UiNode, UiTree } from '../uiTree';
import type { AndroidToolContext } from '../../android/tool';
import { operatorOffers } from './operatorText';

/** `accessibility_click`: the Operator's click_node (ACTION_CLICK); `input_tap`: `input tap` at the centre. */
export type TapMethod = 'accessibility_click' | 'input_tap';

/** Why a semantic tap goes through `input tap` although the Operator path is preferred. */
export type InputTapReason =
  | 'uiautomator_tree'
  | 'operator_missing'
  | 'operator_not_enabled'
  | 'operator_old'
  | 'no_clickable_node'
  | 'clickable_node_disabled';

export interface TapPath {
  method: TapMethod;
  /** Why `input tap` was chosen (null for the Accessibility click). */
  reason: InputTapReason | null;
}

/** The Operator's side of the choice: the tree came from it and it offers click_node. Read once, before approval. */
export async function operatorClickPath(context: AndroidToolContext, tree: UiTree): Promise<TapPath> {
  if (tree.source !== 'operator') return { method: 'input_tap', reason: 'uiautomator_tree' };
  const offered = await operatorOffers(context, 'click_node');
  return offered.ok
    ? { method: 'accessibility_click', reason: null }
    : { method: 'input_tap', reason: offered.error.reason };
}

/**
 * The node ACTION_CLICK goes to, as the Operator finds it: the first clickable node from `node` up through its
 * parents (the tree's `parent` indices). null when none is clickable up to the window root.
 */
export function firstClickable(tree: UiTree, node: UiNode): { node: UiNode; levels: number } | null {
  const byIndex = new Map(tree.nodes.map((candidate) => [candidate.index, candidate]));
  let levels = 0;
  for (let at: UiNode | undefined = node; at !== undefined; levels++) {
    if (at.clickable === true) return { node: at, levels };
    at = at.parent === null ? undefined : byIndex.get(at.parent);
  }
  return null;
}

/** The clicked node as the command and preview name it (its identity decides the byte-identical rebuild). */
export function clickedName(clicked: { node: UiNode; levels: number } | null): string {
  if (clicked === null) return 'no clickable node';
  const { node, levels } = clicked;
  const what = `${node.class ?? 'node'}${node.resource_id === null ? '' : ` ${node.resource_id}`} at ${node.bounds ?? ''}${node.enabled === false ? ' (disabled)' : ''}`;
  return levels === 0
    ? `the node itself (${what})`
    : `its clickable ancestor ${what}, ${levels} level${levels === 1 ? '' : 's'} up`;
}
