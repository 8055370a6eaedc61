// A bound on how deeply arrays and objects nest, checked without recursion before anything recursive (a validator,
// JSON.stringify, a schema) sees a parsed value: ~5000 levels overflow V8's stack in JSON.stringify alone.
import { fail, type Result } from '../errors';

/** The deepest nesting any surface accepts; a canonical execution nests 4 levels ({actions:[{params:{}}]}). */
export const MAX_JSON_DEPTH = 64;

/** Path segments shown in a message; the rest of a hostile path is elided. */
const SHOWN_SEGMENTS = 6;

interface Frame {
  value: unknown;
  depth: number;
  key: string | number | null;
  parent: Frame | null;
}

function pathOf(frame: Frame): Array<string | number> {
  const path: Array<string | number> = [];
  for (let at: Frame | null = frame; at !== null; at = at.parent) if (at.key !== null) path.push(at.key);
  return path.reverse();
}

/** True when `value` contains itself through `frame`: a cycle, which JSON.stringify reports without recursing. */
function isAncestor(frame: Frame, value: object): boolean {
  for (let at = frame.parent; at !== null; at = at.parent) if (at.value === value) return true;
  return false;
}

/**
 * The keys and indexes leading to the first array or object nested more than `maxDepth` levels deep (the outermost
 * container is level 1), or null when `value` stays within the bound. Iterative; stops at the first offender; a
 * cycle is not nesting (the payload-size rule reports it).
 */
export function findExcessiveNesting(
  value: unknown,
  maxDepth: number = MAX_JSON_DEPTH,
): Array<string | number> | null {
  const stack: Frame[] = [{ value, depth: 1, key: null, parent: null }];
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    const current = frame.value;
    if (typeof current !== 'object' || current === null || isAncestor(frame, current)) continue;
    if (frame.depth > maxDepth) return pathOf(frame);
    const depth = frame.depth + 1;
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1)
        stack.push({ value: current[index], depth, key: index, parent: frame });
    } else {
      const record = current as Record<string, unknown>;
      for (const key of Object.keys(record).reverse())
        stack.push({ value: record[key], depth, key, parent: frame });
    }
  }
  return null;
}

/** A dotted path for messages: its first segments, then `…` for the elided rest. */
function shownPath(path: ReadonlyArray<string | number>): string {
  const shown = path.slice(0, SHOWN_SEGMENTS).map(String).join('.');
  return path.length > SHOWN_SEGMENTS ? `${shown}.…` : shown;
}

/**
 * EXECUTION_VALIDATION_FAILED when `value` nests deeper than MAX_JSON_DEPTH; `subject` names it in the message
 * ("Execution payload", "The request body"). The message names where, never the content.
 */
export function checkJsonDepth(value: unknown, subject: string): Result<void> {
  const path = findExcessiveNesting(value);
  if (path === null) return { ok: true, value: undefined };
  const where = shownPath(path);
  const reason = `nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`;
  return fail(
    'EXECUTION_VALIDATION_FAILED',
    `${subject} ${reason} (at ${where}); an execution needs only a few levels.`,
    { path: where, reason, maxDepth: MAX_JSON_DEPTH },
  );
}
