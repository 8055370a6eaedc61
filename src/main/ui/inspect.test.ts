import { describe, expect, it } from 'vitest';
import { navigationSummary } from './inspect';
import type { UiNode, UiTree } from './uiTree';

function node(index: number, parent: number | null, fields: Partial<UiNode>): UiNode {
  return {
    index,
    parent,
    depth: parent === null ? 0 : 1,
    package: 'com.example.tv',
    class: 'android.widget.TextView',
    resource_id: null,
    text: null,
    content_description: null,
    bounds: '[0,0][100,100]',
    clickable: null,
    focused: false,
    focusable: null,
    selected: null,
    enabled: null,
    scrollable: null,
    ...fields,
  };
}

function tree(nodes: UiNode[]): UiTree {
  return {
    status: 'complete',
    source: 'uiautomator',
    node_count: nodes.length,
    truncated: false,
    mode: 'full',
    nodes,
    window_focus: null,
    display: null,
    duration_ms: 1,
  };
}

describe('navigationSummary labels', () => {
  it("counts a node whose text and description are the same string once, and keeps other nodes' equal labels", () => {
    const nodes = [
      node(0, null, { class: 'android.widget.FrameLayout' }),
      node(1, 0, { text: 'Settings', content_description: 'Settings' }),
      node(2, 0, { text: 'Settings', content_description: 'Open settings' }),
    ];
    expect(navigationSummary(tree(nodes), nodes).visible_labels).toEqual([
      'Settings',
      'Settings',
      'Open settings',
    ]);
  });

  it('an unlabeled focus whose one descendant says the same thing twice identifies one action', () => {
    const nodes = [
      node(0, null, { class: 'android.widget.FrameLayout', focused: true }),
      node(1, 0, { text: 'Play', content_description: 'Play' }),
    ];
    const [focus] = navigationSummary(tree(nodes), nodes).focused;
    expect(focus).toMatchObject({ labels: ['Play'], identifies_one_action: true });
  });

  it('an unlabeled focus with two different descendant labels does not', () => {
    const nodes = [
      node(0, null, { class: 'android.widget.FrameLayout', focused: true }),
      node(1, 0, { text: 'Play' }),
      node(2, 0, { text: 'Restore defaults' }),
    ];
    const [focus] = navigationSummary(tree(nodes), nodes).focused;
    expect(focus).toMatchObject({ labels: ['Play', 'Restore defaults'], identifies_one_action: false });
  });
});
