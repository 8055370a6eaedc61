// Runs conformance/ui-tree/bounded-tree.json against the TypeScript walker (the Kotlin core runs the same file).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { boundTree, type RawTreeNode, type RawTreeWindow } from './operatorTree';

interface Vector {
  name: string;
  windows?: RawTreeWindow[];
  generate?: { children: number; text_units: number; invisible_from?: number };
  expected?: unknown;
  expected_summary?: Record<string, unknown>;
}

const file = JSON.parse(
  readFileSync(new URL('../../../conformance/ui-tree/bounded-tree.json', import.meta.url), 'utf8'),
) as { vectors: Vector[] };

const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('base64url');

function leaf(text: string, visible: boolean): RawTreeNode {
  return {
    package: 'com.example',
    class: 'android.widget.TextView',
    resource_id: null,
    text,
    content_description: null,
    bounds: { left: 0, top: 0, right: 100, bottom: 50 },
    visible,
    clickable: false,
    focused: false,
    focusable: false,
    selected: false,
    enabled: true,
    scrollable: false,
    editable: false,
    password: false,
    children: [],
  };
}

function generated(spec: NonNullable<Vector['generate']>): RawTreeWindow[] {
  const root = { ...leaf('', true), class: 'android.widget.FrameLayout', text: null };
  for (let i = 0; i < spec.children; i++)
    root.children.push(
      leaf('a'.repeat(spec.text_units), spec.invisible_from === undefined || i < spec.invisible_from),
    );
  return [{ id: 1, root }];
}

describe('conformance/ui-tree/bounded-tree.json', () => {
  it('has vectors', () => expect(file.vectors.length).toBeGreaterThanOrEqual(5));
  for (const vector of file.vectors) {
    it(vector.name, () => {
      const tree = boundTree(vector.windows ?? generated(vector.generate!), sha);
      if (vector.expected !== undefined) expect(tree).toEqual(vector.expected);
      if (vector.expected_summary !== undefined) {
        const { max_json_bytes: maxBytes, ...fields } = vector.expected_summary;
        expect(tree).toMatchObject(fields);
        if (typeof maxBytes === 'number') {
          expect(Buffer.byteLength(JSON.stringify(tree.nodes))).toBeLessThanOrEqual(maxBytes);
          // The walk stopped because the next node would not fit, not earlier.
          const next = JSON.stringify({ ...tree.nodes[tree.nodes.length - 1], index: tree.node_count });
          expect(Buffer.byteLength(JSON.stringify(tree.nodes)) + Buffer.byteLength(next) + 1).toBeGreaterThan(
            maxBytes,
          );
        }
      }
    });
  }
});
