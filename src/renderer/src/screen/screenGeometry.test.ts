import { describe, expect, it } from 'vitest';
import type { ScreenNode } from '../../../shared/api/screenSchemas';
import { attributeText, gestureOf, hitTest, toDevice, toDisplayed } from './screenGeometry';

const frame = { widthPx: 1080, heightPx: 2400, displayedWidth: 360, displayedHeight: 800 };

function node(index: number, bounds: string | null, depth = index): ScreenNode {
  return {
    index,
    parent: index === 0 ? null : 0,
    depth,
    package: 'com.example',
    class: 'android.widget.Button',
    resource_id: null,
    text: null,
    content_description: null,
    bounds,
    clickable: null,
    focused: null,
    focusable: null,
    selected: null,
    enabled: null,
    scrollable: null,
  };
}

describe('coordinate mapping', () => {
  it('maps a displayed point through the displayed scale to device pixels', () => {
    expect(toDevice(frame, { x: 40, y: 100 })).toEqual({ x: 120, y: 300 });
    expect(toDevice(frame, { x: 360, y: 800 })).toEqual({ x: 1079, y: 2399 });
    expect(toDevice(frame, { x: 361, y: 10 })).toBeNull();
    expect(toDevice({ ...frame, displayedWidth: 0 }, { x: 0, y: 0 })).toBeNull();
  });

  it('draws device bounds at the displayed scale', () => {
    expect(toDisplayed(frame, { left: 300, top: 600, right: 600, bottom: 1200 })).toEqual({
      left: 100,
      top: 200,
      right: 200,
      bottom: 400,
    });
  });

  it('tells a click (tap) from a drag (swipe), and ignores a press off the frame', () => {
    expect(gestureOf(frame, { x: 40, y: 100 }, { x: 43, y: 102 })).toEqual({ kind: 'tap', x: 120, y: 300 });
    expect(gestureOf(frame, { x: 180, y: 700 }, { x: 180, y: 100 })).toEqual({
      kind: 'swipe',
      x: 540,
      y: 2100,
      end_x: 540,
      end_y: 300,
    });
    expect(gestureOf(frame, { x: 180, y: 700 }, { x: 180, y: -50 })).toMatchObject({ end_y: 0 });
    expect(gestureOf(frame, { x: -5, y: 10 }, { x: 100, y: 10 })).toBeNull();
  });
});

describe('hit-testing', () => {
  const nodes = [
    node(0, '[0,0][1080,2400]'),
    node(1, '[100,200][500,400]'),
    node(2, null),
    node(3, '[5,5][5,9]'),
  ];

  it('picks the smallest node under the point, and none outside every node', () => {
    expect(hitTest(nodes, { x: 120, y: 300 })?.index).toBe(1);
    expect(hitTest(nodes, { x: 900, y: 300 })?.index).toBe(0);
    expect(hitTest(nodes, { x: 500, y: 300 })?.index).toBe(0);
    expect(hitTest(nodes.slice(1), { x: 900, y: 300 })).toBeNull();
  });

  it('prefers the deeper node on equal bounds', () => {
    expect(hitTest([node(1, '[0,0][10,10]', 1), node(2, '[0,0][10,10]', 4)], { x: 1, y: 1 })?.index).toBe(2);
  });

  it('shows a missing attribute as unknown, not false', () => {
    expect(attributeText(null)).toBe('unknown');
    expect(attributeText(false)).toBe('false');
    expect(attributeText('[0,0][1,1]')).toBe('[0,0][1,1]');
  });
});
