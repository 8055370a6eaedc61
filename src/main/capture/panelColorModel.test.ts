import { describe, expect, it } from 'vitest';
import { classifyPixel, panelColorModel, type PanelColorModel } from './panelColorModel';

function model(background: string, text = '#FFFFFFFF', tolerance = 8): PanelColorModel {
  const built = panelColorModel(background, text, tolerance);
  if (built === null) throw new Error('malformed test colour');
  return built;
}

/** `color` at `alpha` over `under`, rounded like a compositor. */
function over(color: number[], alpha: number, under: number[]): [number, number, number] {
  return [0, 1, 2].map((c) => Math.round((color[c] ?? 0) * alpha + (under[c] ?? 0) * (1 - alpha))) as [
    number,
    number,
    number,
  ];
}

describe('panelColorModel', () => {
  it('derives the range a 70% black background can take over any screen', () => {
    const { estimate } = model('#B3000000');
    expect(estimate.model).toBe('translucent');
    expect(estimate.alpha).toBeCloseTo(0xb3 / 255, 6);
    expect(estimate.minRgb).toEqual([0, 0, 0]);
    expect(estimate.maxRgb.map((value) => Math.round(value))).toEqual([76, 76, 76]);
    expect(estimate.textColor).toBe('#FFFFFFFF');
    expect(estimate.description).toContain('70% background');
  });

  it('names opaque and fully transparent backgrounds and normalizes colours', () => {
    expect(model('#123456').estimate).toMatchObject({ model: 'opaque', minRgb: [0x12, 0x34, 0x56] });
    expect(model('#00ff0000').estimate.model).toBe('transparent');
    expect(model('#b3000000', '#ff0000').estimate.textColor).toBe('#FFFF0000');
  });

  it('rejects malformed colours', () => {
    expect(panelColorModel('#B300000', '#FFFFFFFF', 8)).toBeNull();
    expect(panelColorModel('#B3000000', 'white', 8)).toBeNull();
  });

  it('accepts the background composited over light, dark and saturated screens', () => {
    const panel = model('#B3000000');
    for (const under of [
      [255, 255, 255],
      [0, 0, 0],
      [0xe6, 0x51, 0x00],
      [0x42, 0x85, 0xf4],
    ]) {
      const [r, g, b] = over([0, 0, 0], 0xb3 / 255, under);
      expect(classifyPixel(panel, r, g, b)).toBe('background');
    }
  });

  it('rejects screen colours no composite can produce', () => {
    const panel = model('#B3000000');
    expect(classifyPixel(panel, 0xe6, 0x51, 0x00)).toBe('other');
    expect(classifyPixel(panel, 0x42, 0x85, 0xf4)).toBe('other');
    expect(classifyPixel(panel, 120, 20, 20)).toBe('other');
  });

  it('applies the tolerance at the range edges', () => {
    // A transparent text colour leaves the background range alone in play.
    const panel = model('#B3000000', '#00000000', 8);
    expect(classifyPixel(panel, 84, 84, 84)).toBe('background');
    expect(classifyPixel(panel, 86, 40, 40)).toBe('other');
    expect(classifyPixel(model('#B3000000', '#00000000', 20), 86, 40, 40)).toBe('background');
    expect(classifyPixel(model('#B3000000', '#00000000', 0), 77, 0, 0)).toBe('other');
  });

  it('classifies text and its anti-aliased edges over the panel as text', () => {
    const panel = model('#B3000000', '#FFFF0000');
    const behind = over([0, 0, 0], 0xb3 / 255, [0x42, 0x85, 0xf4]);
    for (const coverage of [1, 0.75, 0.5]) {
      const [r, g, b] = over([255, 0, 0], coverage, behind);
      expect(classifyPixel(panel, r, g, b)).toBe('text');
    }
    // A faint edge may still lie inside the background range; either way it is not a mismatch.
    expect(classifyPixel(panel, ...over([255, 0, 0], 0.25, behind))).not.toBe('other');
    // Green cannot come from red text over a dark panel.
    expect(classifyPixel(panel, 40, 200, 40)).toBe('other');
  });

  it('limits text blends to the text alpha', () => {
    const halfWhite = model('#FF000000', '#80FFFFFF');
    expect(classifyPixel(halfWhite, 128, 128, 128)).toBe('text');
    expect(classifyPixel(halfWhite, 250, 250, 250)).toBe('other');
    expect(classifyPixel(model('#FF000000', '#00FFFFFF'), 128, 128, 128)).toBe('other');
  });

  it('classifies the text colour itself over an opaque background', () => {
    const panel = model('#FF123456', '#FFFFFF00');
    expect(classifyPixel(panel, 0x12, 0x34, 0x56)).toBe('background');
    expect(classifyPixel(panel, 255, 255, 0)).toBe('text');
    expect(classifyPixel(panel, ...over([255, 255, 0], 0.4, [0x12, 0x34, 0x56]))).toBe('text');
    expect(classifyPixel(panel, 255, 255, 255)).toBe('other');
  });
});
