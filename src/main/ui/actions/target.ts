// Unique-node selection for taps and identity revalidation after approval (reference 4.3): only a complete tree
// proves a unique target; after approval the node is selected again and must match field by field.
import { createHash } from 'node:crypto';
import { fail, ok, type Result } from '../../../shared/errors';
import { utf16be } from '../../../shared/ui/operatorTree';
import { isCompleteTree, parseBounds, type ParsedBounds, type UiNode, type UiTree } from '../uiTree';

export type TargetQuery = { text: string } | { bounds: string };

/** The fields that must be equal before and after approval (reference 4.3 step 5). */
export const IDENTITY_FIELDS = [
  'package',
  'class',
  'resource_id',
  'text',
  'content_description',
  'text_hash',
  'description_hash',
  'bounds',
] as const;

function hashOf(value: string): string {
  return createHash('sha256').update(utf16be(value)).digest('base64url');
}

/** Exact match of a label; against a shortened Operator label, its shown prefix and the full value's hash. */
export function labelMatches(shown: string | null, hash: string | undefined, needle: string): boolean {
  if (shown === null) return false;
  if (hash === undefined) return shown === needle;
  return needle.length >= shown.length && needle.startsWith(shown) && hashOf(needle) === hash;
}

function nodeMatches(node: UiNode, query: TargetQuery): boolean {
  if ('bounds' in query) return node.bounds === query.bounds;
  return (
    labelMatches(node.text, node.text_hash, query.text) ||
    labelMatches(node.content_description, node.description_hash, query.text)
  );
}

/** A short, stable description of a node for error details (candidates). */
export function describeNode(node: UiNode): Record<string, unknown> {
  return {
    index: node.index,
    package: node.package,
    class: node.class,
    resource_id: node.resource_id,
    text: node.text,
    content_description: node.content_description,
    bounds: node.bounds,
    clickable: node.clickable,
  };
}

function queryText(query: TargetQuery): string {
  return 'bounds' in query ? `bounds ${query.bounds}` : `text '${query.text}'`;
}

/** The one node `query` names in a complete tree, with its parsed bounds; a structured refusal otherwise. */
export function selectTarget(tree: UiTree, query: TargetQuery): Result<{ node: UiNode; box: ParsedBounds }> {
  if (!isCompleteTree(tree))
    return fail(
      'UI_TREE_INCOMPLETE',
      `snapshot is incomplete (${tree.truncated ? 'truncated' : tree.status}); semantic target cannot be verified`,
      { source: tree.source, status: tree.status, truncated: tree.truncated, node_count: tree.node_count },
      'raise max_nodes with android.screen_dump to see how large the screen is, or narrow the screen first',
    );
  const found = tree.nodes.filter((node) => nodeMatches(node, query));
  if (found.length === 0)
    return fail(
      'UI_TARGET_NOT_FOUND',
      `node not found: no node has exactly ${queryText(query)}`,
      {
        query,
        source: tree.source,
        candidates: tree.nodes
          .filter((node) => node.text !== null || node.content_description !== null)
          .slice(0, 20)
          .map(describeNode),
      },
      'check the exact text (case and spacing) in android.screen_dump, or use android.tap_node with bounds',
    );
  if (found.length > 1)
    return fail(
      'UI_TARGET_AMBIGUOUS',
      `match is ambiguous: ${found.length} nodes have ${queryText(query)}`,
      { query, source: tree.source, candidates: found.slice(0, 20).map(describeNode) },
      'pick one of the candidates by its exact bounds with android.tap_node',
    );
  const node = found[0]!;
  const box = parseBounds(node.bounds);
  if (box === null)
    return fail('UI_TARGET_NOT_FOUND', `the node with ${queryText(query)} has no tappable bounds`, {
      query,
      node: describeNode(node),
    });
  if (node.package === null)
    return fail(
      'UI_TARGET_NOT_FOUND',
      `the node with ${queryText(query)} has no package, so its identity cannot be revalidated`,
      { query, node: describeNode(node) },
    );
  return ok({ node, box });
}

/** The integer centre of a box (reference: `input tap <cx> <cy>`). */
export function centreOf(box: ParsedBounds): { x: number; y: number } {
  return { x: Math.floor((box.left + box.right) / 2), y: Math.floor((box.top + box.bottom) / 2) };
}

/** Inside the half-open box [l,r) x [t,b) (reference 4.5). */
export function pointInside(box: ParsedBounds, x: number, y: number): boolean {
  return x >= box.left && x < box.right && y >= box.top && y < box.bottom;
}

/** The identity fields that differ between the approved node and the re-read one (empty: same target). */
export function identityChanges(approved: UiNode, current: UiNode): string[] {
  return IDENTITY_FIELDS.filter((field) => (approved[field] ?? null) !== (current[field] ?? null));
}
