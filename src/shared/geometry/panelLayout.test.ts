import { describe, expect, it } from 'vitest';
import { formatBounds } from './bounds';
import { createFixedAdvanceMeasurer, ROBOTO_LIKE_METRICS } from './fixedMeasurer';
import { displayMetricsFor } from './metrics';
import { layoutPanel } from './panelLayout';
import type { DisplayMetrics, PanelGeometrySpec, PanelLayout } from './types';

const DEFAULT_SPEC: PanelGeometrySpec = {
  anchor: 'left',
  textAlign: 'left',
  topOffsetDp: 8,
  edgeOffsetDp: 8,
  widthDp: 280,
  fontSizeSp: 12,
};
const roboto = createFixedAdvanceMeasurer(ROBOTO_LIKE_METRICS);
// API 35 phone: 1080×2400 at 420 dpi, status bar 136 px.
const pixel = displayMetricsFor({
  widthPx: 1080,
  heightPx: 2400,
  densityDpi: 420,
  fontScale: 1,
  usable: { left: 0, top: 136, right: 1080, bottom: 2400 },
});

function layout(
  metrics: DisplayMetrics,
  spec: Partial<PanelGeometrySpec>,
  content = 'FLOW-001',
): PanelLayout {
  const result = layoutPanel(metrics, { ...DEFAULT_SPEC, ...spec }, content, roboto);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('layoutPanel placement', () => {
  it('reproduces the reference controller test numbers', () => {
    const metrics: DisplayMetrics = {
      widthPx: 640,
      heightPx: 1080,
      density: 2,
      scaledDensity: 1.5,
      usable: { left: 20, top: 40, right: 620, bottom: 1040 },
    };
    const result = layout(metrics, { anchor: 'right', edgeOffsetDp: 10, topOffsetDp: 20, widthDp: 100 });
    expect(result.bounds.left).toBe(400);
    expect(result.bounds.right).toBe(600);
    expect(result.bounds.top).toBe(80);
    expect(result.paddingPx).toBe(16);
    expect(result.fontSizePx).toBe(18);
  });

  it.each([
    [{}, '[21,157][756,236]'],
    [{ edgeOffsetDp: 12, topOffsetDp: 24 }, '[32,199][767,278]'],
    [{ anchor: 'right', edgeOffsetDp: 12, topOffsetDp: 24 }, '[313,199][1048,278]'],
  ] as const)('reproduces the live API 35 bounds for %j', (spec, bounds) => {
    expect(formatBounds(layout(pixel, spec).bounds)).toBe(bounds);
  });

  it('reports line metrics, icon size and alignment', () => {
    const result = layout(pixel, { textAlign: 'right' });
    expect(result).toMatchObject({
      lineHeightPx: 37,
      fontSizePx: 31.5,
      iconSizePx: 32,
      textAlign: 'right',
      truncated: false,
    });
    expect(result.baselineOffsetPx).toBeCloseTo(29.2236328125, 10);
    expect(result.maxLines).toBe(Math.floor((2400 - 157 - 42) / 37));
    expect(result.lines).toEqual([{ text: 'FLOW-001', widthPx: 126, ellipsized: false }]);
  });

  it('grows by one line height per wrapped line', () => {
    // 693 px of text width at 15.75 px per unit: 44 units per line.
    expect(layout(pixel, {}, 'x'.repeat(44)).lines).toHaveLength(1);
    const wrapped = layout(pixel, {}, 'x'.repeat(45));
    expect(wrapped.lines.map((line) => line.text)).toEqual(['x'.repeat(44), 'x']);
    expect(formatBounds(wrapped.bounds)).toBe('[21,157][756,273]');
  });
});

describe('layoutPanel truncation', () => {
  const small: DisplayMetrics = {
    widthPx: 400,
    heightPx: 200,
    density: 1,
    scaledDensity: 1,
    usable: { left: 0, top: 0, right: 400, bottom: 200 },
  };
  const measurer = createFixedAdvanceMeasurer({ advance: 0.5, ascent: -0.75, descent: 0.25 });

  it('keeps the lines that fit and ellipsizes the last one', () => {
    // 16 px font: line height 16, padding 8; (200 - 8 - 16) / 16 = 11 lines.
    const result = layoutPanel(
      small,
      { ...DEFAULT_SPEC, topOffsetDp: 8, fontSizeSp: 16, widthDp: 100 },
      Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n'),
      measurer,
    );
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.maxLines).toBe(11);
    expect(result.value.truncated).toBe(true);
    expect(result.value.lines).toHaveLength(11);
    expect(result.value.lines[10]).toEqual({ text: 'line 10\u2026', widthPx: 64, ellipsized: true });
    expect(result.value.bounds.bottom).toBeLessThanOrEqual(200);
  });

  it('does not truncate when the lines fit exactly', () => {
    const content = Array.from({ length: 11 }, (_, i) => `l${i}`).join('\n');
    const result = layoutPanel(small, { ...DEFAULT_SPEC, fontSizeSp: 16, widthDp: 100 }, content, measurer);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.truncated).toBe(false);
    expect(result.value.bounds.bottom).toBe(8 + 16 + 11 * 16);
  });
});

describe('layoutPanel rejections', () => {
  const flat: DisplayMetrics = {
    widthPx: 500,
    heightPx: 1000,
    density: 1,
    scaledDensity: 1,
    usable: { left: 0, top: 0, right: 500, bottom: 1000 },
  };

  it('rejects a panel wider than the usable width, saying by how much', () => {
    const result = layoutPanel(flat, { ...DEFAULT_SPEC, widthDp: 600 }, 'x', roboto);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('ON_SCREEN_LOG_LAYOUT_INVALID');
    expect(result.error.message).toContain('over by 108 px');
    expect(result.error.details).toMatchObject({
      axis: 'horizontal',
      widthPx: 600,
      edgeOffsetPx: 8,
      overflowPx: 108,
    });
  });

  it('rejects a right-anchored panel pushed past the left edge', () => {
    const result = layoutPanel(
      flat,
      { ...DEFAULT_SPEC, anchor: 'right', edgeOffsetDp: 300, widthDp: 280 },
      'x',
      roboto,
    );
    expect(result.ok ? null : result.error.details).toMatchObject({ x: -80, overflowPx: 80 });
  });

  it('rejects a top offset that leaves less than one line plus padding', () => {
    const result = layoutPanel(flat, { ...DEFAULT_SPEC, topOffsetDp: 990 }, 'x', roboto);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('ON_SCREEN_LOG_LAYOUT_INVALID');
    // 12 px font: line ceil(14.05) = 15, padding 8: needs 31 px, 10 remain.
    expect(result.error.details).toMatchObject({
      axis: 'vertical',
      availablePx: 10,
      requiredPx: 31,
      shortByPx: 21,
    });
    expect(result.error.message).toContain('short by 21 px');
  });

  it('rejects a top offset below the usable bottom', () => {
    const result = layoutPanel(flat, { ...DEFAULT_SPEC, topOffsetDp: 1000, edgeOffsetDp: 0 }, 'x', roboto);
    expect(result.ok ? null : result.error.details).toMatchObject({ availablePx: 0, shortByPx: 31 });
  });

  it('rejects unusable metrics, degenerate fonts and panels narrower than their padding', () => {
    const bad = (metrics: DisplayMetrics, spec: Partial<PanelGeometrySpec>, measurer = roboto) =>
      layoutPanel(metrics, { ...DEFAULT_SPEC, ...spec }, 'x', measurer);
    expect(bad({ ...flat, density: 0 }, {}).ok).toBe(false);
    expect(bad({ ...flat, scaledDensity: Number.NaN }, {}).ok).toBe(false);
    expect(bad({ ...flat, usable: { left: 0, top: 0, right: 0, bottom: 10 } }, {}).ok).toBe(false);
    expect(bad(flat, {}, createFixedAdvanceMeasurer({ advance: 0.5, ascent: 0, descent: 0 })).ok).toBe(false);
    const narrow = bad(flat, { widthDp: 16 });
    expect(narrow.ok ? null : narrow.error.details).toEqual({ widthPx: 16, paddingPx: 8 });
  });
});
