import { describe, expect, it } from 'vitest';
import { boundTree, type RawTreeNode } from '../../shared/ui/operatorTree';
import { fromOperatorTree } from './readTree';

// The Operator's tree in the tools' shape keeps what set_text needs: which node is editable, which a password field.

function raw(overrides: Partial<RawTreeNode>): RawTreeNode {
  return {
    package: 'com.example.shop',
    class: 'android.widget.EditText',
    resource_id: null,
    text: null,
    content_description: null,
    bounds: { left: 0, top: 0, right: 100, bottom: 50 },
    visible: true,
    clickable: true,
    focused: false,
    focusable: true,
    selected: false,
    enabled: true,
    scrollable: false,
    editable: false,
    password: false,
    children: [],
    ...overrides,
  };
}

describe('fromOperatorTree', () => {
  it('keeps editable and password of every node', () => {
    const root = raw({
      class: 'android.widget.FrameLayout',
      children: [
        raw({ editable: true, text: 'name', focused: true }),
        raw({ editable: true, password: true }),
      ],
    });
    const tree = fromOperatorTree(
      boundTree([{ id: 1, root }], () => 'hash'),
      300,
      5,
    );
    expect(tree.nodes.map((node) => [node.editable, node.password, node.text])).toEqual([
      [false, false, null],
      [true, false, 'name'],
      [true, true, null],
    ]);
  });
});
