import { describe, expect, it } from 'vitest';
import { displayMetricsFor } from './metrics';

describe('displayMetricsFor', () => {
  it('derives density from dpi and scaled density from the font scale', () => {
    const metrics = displayMetricsFor({ widthPx: 1080, heightPx: 2400, densityDpi: 420, fontScale: 1.5 });
    expect(metrics.density).toBe(2.625);
    expect(metrics.scaledDensity).toBe(3.9375);
    expect(metrics.usable).toEqual({ left: 0, top: 0, right: 1080, bottom: 2400 });
  });

  it('keeps a given usable area', () => {
    const usable = { left: 0, top: 136, right: 1080, bottom: 2400 };
    expect(
      displayMetricsFor({ widthPx: 1080, heightPx: 2400, densityDpi: 420, fontScale: 1, usable }).usable,
    ).toBe(usable);
  });
});
