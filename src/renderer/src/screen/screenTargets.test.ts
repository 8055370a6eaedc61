import { describe, expect, it } from 'vitest';
import type { ScreenNode } from '../../../shared/api/screenSchemas';
import { SCREEN_CHANNEL_ANSWERS } from '../../../test-support/screenAnswers';
import { IDLE_WAIT, injectAction, nodeInTree, seconds, waitElapsed } from './screenTargets';

const TREE = SCREEN_CHANNEL_ANSWERS['screen:tree'];
const NODE: ScreenNode = { ...TREE.nodes[0]!, bounds: '[100,200][300,600]' };

/** Inside the half-open box [l,r) x [t,b), as inject_android_input requires. */
const inside = (x: number, y: number): boolean => x >= 100 && x < 300 && y >= 200 && y < 600;

describe('the Screen view target model', () => {
  it('locates a found node in the shown tree by its identity, not its index', () => {
    const shown = { ...TREE, nodes: [{ ...TREE.nodes[0]!, index: 7 }] };
    expect(nodeInTree(shown, { ...TREE.nodes[0]!, index: 2 })?.index).toBe(7);
    expect(nodeInTree(shown, { ...TREE.nodes[0]!, text: 'Cancel' })).toBeNull();
    expect(nodeInTree(null, TREE.nodes[0]!)).toBeNull();
  });

  it('builds inject gestures inside the node: tap and long press at its centre, swipes through it', () => {
    expect(injectAction(NODE, 'tap')).toEqual({ kind: 'inject', action: 'tap', bounds: NODE.bounds });
    expect(injectAction(NODE, 'long_press')).toEqual({
      kind: 'inject',
      action: 'long_press',
      bounds: NODE.bounds,
    });
    expect(injectAction(NODE, 'swipe_up')).toEqual({
      kind: 'inject',
      action: 'swipe',
      bounds: NODE.bounds,
      x: 200,
      y: 500,
      end_x: 200,
      end_y: 300,
    });
    for (const gesture of ['swipe_up', 'swipe_down', 'swipe_left', 'swipe_right'] as const) {
      const action = injectAction(NODE, gesture);
      if (action?.kind !== 'inject' || action.x === undefined) throw new Error(`no swipe for ${gesture}`);
      expect(inside(action.x, action.y ?? -1) && inside(action.end_x ?? -1, action.end_y ?? -1)).toBe(true);
    }
    // A one-pixel node still keeps both points inside it.
    const tiny = injectAction({ ...NODE, bounds: '[5,5][6,6]' }, 'swipe_left');
    expect(tiny).toMatchObject({ x: 5, y: 5, end_x: 5, end_y: 5 });
    expect(injectAction({ ...NODE, bounds: '[5,5][5,9]' }, 'tap')).toBeNull();
    expect(injectAction({ ...NODE, bounds: null }, 'tap')).toBeNull();
  });

  it('reads the elapsed time of a wait, capped at its timeout while it runs', () => {
    const waiting = { ...IDLE_WAIT, status: 'waiting' as const, startedAt: 1000, timeoutMs: 500 };
    expect(waitElapsed(waiting, 1200)).toBe(200);
    expect(waitElapsed(waiting, 9000)).toBe(500);
    expect(waitElapsed({ ...waiting, status: 'found', elapsedMs: 320 }, 9000)).toBe(320);
    expect(seconds(1234)).toBe('1.2 s');
  });
});
