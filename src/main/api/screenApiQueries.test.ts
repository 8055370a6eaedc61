import { describe, expect, it } from 'vitest';
import type { UiNode, UiTree } from '../ui/uiTree';
import { findTarget, screenNodeOf } from './screenApiQueries';

function node(index: number, fields: Partial<UiNode>): UiNode {
  return {
    index,
    parent: index === 0 ? null : 0,
    depth: index === 0 ? 0 : 1,
    package: 'com.example',
    class: 'android.widget.TextView',
    resource_id: null,
    text: null,
    content_description: null,
    bounds: '[0,0][1080,2400]',
    clickable: false,
    focused: false,
    focusable: false,
    selected: false,
    enabled: true,
    scrollable: false,
    ...fields,
  };
}

function tree(nodes: UiNode[], status: UiTree['status'] = 'complete'): UiTree {
  return {
    status,
    source: 'uiautomator',
    node_count: nodes.length,
    truncated: false,
    mode: status === 'complete' ? 'full' : 'partial',
    nodes,
    window_focus: null,
    display: null,
    duration_ms: 5,
  };
}

const SCREEN = tree([
  node(0, { class: 'android.widget.FrameLayout' }),
  node(1, { text: 'OK', bounds: '[0,0][100,50]', clickable: true }),
  node(2, { content_description: 'OK', bounds: '[0,100][100,150]', clickable: true }),
  node(3, { text: 'Cancel', bounds: '[200,0][300,50]', text_hash: 'h' }),
]);

describe('findTarget (the Screen view’s Find)', () => {
  it('matches text or description exactly, so two labels "OK" are ambiguous with both as candidates', () => {
    const found = findTarget(SCREEN, { text: 'OK' });
    expect(found).toMatchObject({
      ok: false,
      error: {
        code: 'UI_TARGET_AMBIGUOUS',
        hint: expect.stringMatching(/exact bounds/),
        details: { candidates: [{ index: 1 }, { index: 2 }] },
      },
    });
  });

  it('with bounds as well picks the one at those bounds; the wrong label there is not found, said with the bounds', () => {
    expect(findTarget(SCREEN, { text: 'OK', bounds: '[0,100][100,150]' })).toMatchObject({
      ok: true,
      value: { index: 2 },
    });
    const wrong = findTarget(SCREEN, { text: 'Cancel', bounds: '[0,100][100,150]' });
    expect(wrong).toMatchObject({
      ok: false,
      error: {
        code: 'UI_TARGET_NOT_FOUND',
        message: "node not found: no node has exactly text 'Cancel' within bounds [0,100][100,150]",
        details: { query: { text: 'Cancel', bounds: '[0,100][100,150]' } },
      },
    });
  });

  it('by bounds alone, as tap_node: exact bounds only', () => {
    expect(findTarget(SCREEN, { bounds: '[200,0][300,50]' })).toMatchObject({
      ok: true,
      value: { index: 3 },
    });
    expect(findTarget(SCREEN, { bounds: '[200,0][300,51]' })).toMatchObject({
      ok: false,
      error: { code: 'UI_TARGET_NOT_FOUND' },
    });
  });

  it('never proves a target in a partial tree, even with one match', () => {
    const partial = tree(SCREEN.nodes, 'partial');
    expect(findTarget(partial, { text: 'Cancel' })).toMatchObject({
      ok: false,
      error: { code: 'UI_TREE_INCOMPLETE', hint: expect.stringMatching(/max_nodes/) },
    });
    expect(findTarget(partial, { text: 'Cancel', bounds: '[200,0][300,50]' })).toMatchObject({
      ok: false,
      error: { code: 'UI_TREE_INCOMPLETE' },
    });
  });

  it('refuses a node without a package (its identity could not be revalidated by a tap)', () => {
    const orphan = tree([node(0, { text: 'Lost', package: null, bounds: '[0,0][10,10]' })]);
    expect(findTarget(orphan, { text: 'Lost' })).toMatchObject({
      ok: false,
      error: { code: 'UI_TARGET_NOT_FOUND', message: expect.stringMatching(/no package/) },
    });
  });

  it('shows a node without the Operator hashes', () => {
    expect(screenNodeOf(SCREEN.nodes[3]!)).not.toHaveProperty('text_hash');
    expect(screenNodeOf(SCREEN.nodes[3]!)).toMatchObject({ text: 'Cancel', bounds: '[200,0][300,50]' });
  });
});
