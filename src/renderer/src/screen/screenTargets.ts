// The Screen view's target model, pure: a found node located in the shown tree by its identity (the fields a tap
// revalidates), the swipe an Inject draws inside a node's bounds, and the Wait for text progress.
import type { ScreenAction, ScreenNode, ScreenTreeAnswer } from '../../../shared/api/screenSchemas';
import type { AppError } from '../../../shared/errors';
import { nodeRect } from './screenGeometry';

/** The fields android.tap_text / tap_node compare after approval (without the Operator's hashes). */
const IDENTITY = ['package', 'class', 'resource_id', 'text', 'content_description', 'bounds'] as const;

/** The node of `tree` with the same identity as `node`, or null (the shown tree is of another screen). */
export function nodeInTree(tree: ScreenTreeAnswer | null, node: ScreenNode): ScreenNode | null {
  if (tree === null) return null;
  return tree.nodes.find((candidate) => IDENTITY.every((field) => candidate[field] === node[field])) ?? null;
}

export const INJECT_GESTURES = [
  'tap',
  'long_press',
  'swipe_up',
  'swipe_down',
  'swipe_left',
  'swipe_right',
] as const;
export type InjectGesture = (typeof INJECT_GESTURES)[number];

export const INJECT_LABELS: Record<InjectGesture, string> = {
  tap: 'Tap',
  long_press: 'Long press',
  swipe_up: 'Swipe up',
  swipe_down: 'Swipe down',
  swipe_left: 'Swipe left',
  swipe_right: 'Swipe right',
};

/**
 * inject_android_input for a gesture inside `node`: a tap or long press at its centre (the tool's default), a swipe
 * between 3/4 and 1/4 of the node along the direction, through its centre; null when the node has no area.
 */
export function injectAction(node: ScreenNode, gesture: InjectGesture): ScreenAction | null {
  const rect = nodeRect(node);
  if (rect === null || node.bounds === null) return null;
  const bounds = node.bounds;
  if (gesture === 'tap' || gesture === 'long_press') return { kind: 'inject', action: gesture, bounds };
  const width = rect.right - rect.left;
  const height = rect.bottom - rect.top;
  const x = rect.left + Math.floor(width / 2);
  const y = rect.top + Math.floor(height / 2);
  const near = (start: number, size: number): number => start + Math.floor(size / 4);
  const far = (start: number, size: number): number => start + Math.min(size - 1, Math.floor((size * 3) / 4));
  const points =
    gesture === 'swipe_up'
      ? { x, y: far(rect.top, height), end_x: x, end_y: near(rect.top, height) }
      : gesture === 'swipe_down'
        ? { x, y: near(rect.top, height), end_x: x, end_y: far(rect.top, height) }
        : gesture === 'swipe_left'
          ? { x: far(rect.left, width), y, end_x: near(rect.left, width), end_y: y }
          : { x: near(rect.left, width), y, end_x: far(rect.left, width), end_y: y };
  return { kind: 'inject', action: 'swipe', bounds, ...points };
}

export type WaitStatus = 'idle' | 'waiting' | 'found' | 'failed' | 'cancelled';

/** The Screen view's Wait for text: one at a time, named by its wait_id so Cancel can stop its poll. */
export interface ScreenWait {
  status: WaitStatus;
  id: string | null;
  text: string;
  timeoutMs: number;
  startedAt: number | null;
  /** When it ended: the tool's own elapsed_ms when it said, else measured here. */
  elapsedMs: number | null;
  polls: number | null;
  node: ScreenNode | null;
  error: AppError | null;
}

export const IDLE_WAIT: ScreenWait = {
  status: 'idle',
  id: null,
  text: '',
  timeoutMs: 0,
  startedAt: null,
  elapsedMs: null,
  polls: null,
  node: null,
  error: null,
};

/** Elapsed ms of a wait at `now` (its end once it ended), never beyond its timeout while it runs. */
export function waitElapsed(wait: ScreenWait, now: number): number {
  if (wait.status !== 'waiting') return wait.elapsedMs ?? 0;
  if (wait.startedAt === null) return 0;
  return Math.min(Math.max(0, now - wait.startedAt), wait.timeoutMs);
}

/** "1.2 s" (one decimal), the way the wait's progress reads. */
export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** A number from an error's details, when it has one. */
export function detailNumber(error: AppError, name: string): number | null {
  const value = error.details?.[name];
  return typeof value === 'number' ? value : null;
}
