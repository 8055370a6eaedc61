import { describe, expect, it } from 'vitest';
import { defaultFocusOf, nextFocus } from './focus';
import type { UiNode } from './uiTree';

// FocusFinder's choice on hand-made layouts: what lies in the source's beam wins over a nearer node outside it,
// among nodes in the beam the weighted distance decides, and nothing in the direction means focus stays.

function box(name: string, left: number, top: number, right: number, bottom: number): UiNode {
  return {
    className: 'android.view.View',
    packageName: 'com.example',
    contentDesc: name,
    focusable: true,
    focusKey: name,
    bounds: { left, top, right, bottom },
    drawingOrder: 1,
    children: [],
  };
}

describe('nextFocus', () => {
  const source = box('source', 100, 100, 200, 200);
  // Right of the source: one in its beam but far, one nearer but below the beam.
  const inBeamFar = box('inBeamFar', 600, 120, 700, 180);
  const outOfBeamNear = box('outOfBeamNear', 220, 260, 320, 360);
  const above = box('above', 120, 0, 180, 60);
  const aboveWide = box('aboveWide', 400, 0, 500, 60);

  it('prefers the node in the beam for LEFT/RIGHT even when another is nearer', () => {
    expect(nextFocus(source, [source, outOfBeamNear, inBeamFar], 'right')?.contentDesc).toBe('inBeamFar');
    expect(nextFocus(source, [source, above, aboveWide], 'up')?.contentDesc).toBe('above');
  });

  it('falls back to the weighted distance (13 major^2 + minor^2) outside the beam', () => {
    const farAbove = box('farAbove', 300, 0, 400, 20);
    const nearAboveOffset = box('nearAboveOffset', 700, 60, 800, 90);
    // Neither is in the vertical beam: the major axis weighs 13 times more than the minor one.
    expect(nextFocus(source, [farAbove, nearAboveOffset], 'up')?.contentDesc).toBe('farAbove');
  });

  it('answers undefined at an edge: nothing lies in the direction', () => {
    expect(nextFocus(source, [source, inBeamFar, outOfBeamNear], 'left')).toBeUndefined();
    expect(nextFocus(inBeamFar, [source, inBeamFar], 'right')).toBeUndefined();
  });

  it('takes the focusedByDefault node first, else the first focusable in tree order', () => {
    const root = box('root', 0, 0, 1000, 1000);
    root.focusable = false;
    root.children = [box('first', 0, 0, 10, 10), { ...box('chosen', 20, 0, 30, 10), defaultFocus: true }];
    expect(defaultFocusOf(root)?.contentDesc).toBe('chosen');
    root.children = root.children.slice(0, 1);
    expect(defaultFocusOf(root)?.contentDesc).toBe('first');
  });
});
