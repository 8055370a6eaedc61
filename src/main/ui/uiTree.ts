// The UI tree every read-only UI tool answers with, whichever source produced it (docs/ui-loop.md): node fields
// per the reference's section 4, attributes a source did not report stay null.

export type UiSource = 'operator' | 'uiautomator';

export interface UiNode {
  index: number;
  parent: number | null;
  depth: number;
  package: string | null;
  class: string | null;
  resource_id: string | null;
  text: string | null;
  content_description: string | null;
  /** `[l,t][r,b]` as the source wrote it; null when missing. */
  bounds: string | null;
  clickable: boolean | null;
  focused: boolean | null;
  focusable: boolean | null;
  selected: boolean | null;
  enabled: boolean | null;
  scrollable: boolean | null;
  /** Operator trees: an editable text field / a password field (set_text needs them; uiautomator leaves them out). */
  editable?: boolean;
  password?: boolean;
  /** Operator trees: SHA-256 of a text / description shortened to 256 units (identity revalidation compares them). */
  text_hash?: string;
  description_hash?: string;
}

export interface UiTree {
  /** complete: every node the source saw is here; partial: a limit or a source stopped early. */
  status: 'complete' | 'partial';
  source: UiSource;
  node_count: number;
  truncated: boolean;
  mode: 'full' | 'partial';
  nodes: UiNode[];
  /** The focus lines of `dumpsys window` (uiautomator path); null when not read. */
  window_focus: { current_focus: string | null; focused_app: string | null } | null;
  /** `wm size` / `wm density` (uiautomator path): the physical or override values; null when not read. */
  display: { size: string | null; density: number | null } | null;
  duration_ms: number;
}

export interface ParsedBounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** `[l,t][r,b]` with a positive area, else null (bounds-validated views drop such nodes). */
export function parseBounds(bounds: string | null): ParsedBounds | null {
  if (bounds === null) return null;
  const match = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/.exec(bounds);
  if (match === null) return null;
  const [left, top, right, bottom] = match.slice(1).map(Number) as [number, number, number, number];
  if (right <= left || bottom <= top) return null;
  return { left, top, right, bottom };
}

/** A tree that can prove a unique target: complete, not truncated. */
export function isCompleteTree(tree: UiTree): boolean {
  return tree.status === 'complete' && !tree.truncated && tree.mode === 'full';
}
