// The compact, bounds-validated view of a UI tree and its TV focus `navigation` summary (docs/ui-loop.md).
// Labels come only from a node and its own descendants: never from neighbours or coordinates.
import { isCompleteTree, parseBounds, type UiNode, type UiTree } from './uiTree';

export const LABELS_PER_FOCUS = 16;
export const VISIBLE_LABELS = 40;

export interface FocusSummary {
  index: number;
  class: string | null;
  resource_id: string | null;
  bounds: string | null;
  labels: string[];
  labels_truncated: boolean;
  /** An unlabeled container whose descendants carry several labels does not identify one action. */
  identifies_one_action: boolean;
}

export interface NavigationSummary {
  focused: FocusSummary[];
  visible_labels: string[];
  visible_labels_truncated: boolean;
  /** True only for a complete, untruncated current tree. */
  complete: boolean;
}

/** A node's text and description; one label when they are the same string (a launcher icon's "Settings"). */
function ownLabels(node: UiNode): string[] {
  const { text, content_description: description } = node;
  return [text, description === text ? null : description].filter((label): label is string => label !== null);
}

function descendantsOf(nodes: UiNode[], index: number): UiNode[] {
  const out: UiNode[] = [];
  const parents = new Set([index]);
  for (const node of nodes)
    if (node.parent !== null && parents.has(node.parent)) {
      out.push(node);
      parents.add(node.index);
    }
  return out;
}

export function navigationSummary(tree: UiTree, nodes: UiNode[]): NavigationSummary {
  const focused = tree.nodes
    .filter((node) => node.focused === true)
    .map((node): FocusSummary => {
      const own = ownLabels(node);
      const all = [...own, ...descendantsOf(tree.nodes, node.index).flatMap(ownLabels)];
      return {
        index: node.index,
        class: node.class,
        resource_id: node.resource_id,
        bounds: node.bounds,
        labels: all.slice(0, LABELS_PER_FOCUS),
        labels_truncated: all.length > LABELS_PER_FOCUS,
        identifies_one_action: own.length > 0 || all.length === 1,
      };
    });
  const labels = nodes.flatMap(ownLabels);
  return {
    focused,
    visible_labels: labels.slice(0, VISIBLE_LABELS),
    visible_labels_truncated: labels.length > VISIBLE_LABELS,
    complete: isCompleteTree(tree),
  };
}

/** Nodes with valid bounds that carry a label, an id, or can be acted on or focused. */
export function interestingNodes(tree: UiTree): UiNode[] {
  return tree.nodes.filter(
    (node) =>
      parseBounds(node.bounds) !== null &&
      (node.text !== null ||
        node.content_description !== null ||
        node.resource_id !== null ||
        node.clickable === true ||
        node.focusable === true ||
        node.focused === true ||
        node.scrollable === true),
  );
}
