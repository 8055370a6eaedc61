// Exact node matching for android.find_node / android.wait_text: unique, ambiguous or not found; a partial or
// truncated tree never proves a unique target.
import { isCompleteTree, type UiNode, type UiTree } from './uiTree';

export interface NodeQuery {
  text?: string | undefined;
  content_description?: string | undefined;
  resource_id?: string | undefined;
  bounds?: string | undefined;
}

export type MatchOutcome = 'unique' | 'ambiguous' | 'not_found';

export interface FindResult {
  match: MatchOutcome;
  /** True only for one match in a complete tree: the only answer that may be used as a target. */
  proves_unique: boolean;
  matches: UiNode[];
  reason: string | null;
}

export function matches(node: UiNode, query: NodeQuery): boolean {
  return (
    (query.text === undefined || node.text === query.text) &&
    (query.content_description === undefined || node.content_description === query.content_description) &&
    (query.resource_id === undefined || node.resource_id === query.resource_id) &&
    (query.bounds === undefined || node.bounds === query.bounds)
  );
}

export function findNodes(tree: UiTree, query: NodeQuery): FindResult {
  const found = tree.nodes.filter((node) => matches(node, query));
  const complete = isCompleteTree(tree);
  const match: MatchOutcome = found.length === 0 ? 'not_found' : found.length === 1 ? 'unique' : 'ambiguous';
  let reason: string | null = null;
  if (!complete && match !== 'ambiguous')
    reason = `the tree is ${tree.truncated ? 'truncated' : tree.status}: a node outside it may also match, so this cannot prove a unique target`;
  return { match, proves_unique: match === 'unique' && complete, matches: found, reason };
}

/** Exact text or content description anywhere in the tree (wait_text). */
export function textPresent(tree: UiTree, text: string): UiNode[] {
  return tree.nodes.filter((node) => node.text === text || node.content_description === text);
}
