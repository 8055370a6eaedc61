import { describe, expect, it } from 'vitest';
import {
  ASCENT_PER_EM,
  createCanvasMeasurer,
  DESCENT_PER_EM,
  previewFont,
  type MeasuringContext,
} from './canvasMeasurer';

function fakeContext() {
  const calls: { font: string; text: string }[] = [];
  const context: MeasuringContext = {
    font: '',
    measureText(text) {
      calls.push({ font: context.font, text });
      return { width: text.length * 7 };
    },
  };
  return { context, calls };
}

describe('createCanvasMeasurer', () => {
  it('measures each run once per size and sets the Roboto font for its size', () => {
    const { context, calls } = fakeContext();
    const measurer = createCanvasMeasurer(context);
    expect(measurer.measure('hello', 31.5)).toBe(35);
    expect(measurer.measure('hello', 31.5)).toBe(35);
    expect(measurer.measure('hello', 12)).toBe(35);
    expect(calls).toEqual([
      { font: '31.5px Roboto', text: 'hello' },
      { font: '12px Roboto', text: 'hello' },
    ]);
    expect(measurer.cacheSize).toBe(2);
  });

  it('measures the empty string as zero without the canvas', () => {
    const { context, calls } = fakeContext();
    expect(createCanvasMeasurer(context).measure('', 10)).toBe(0);
    expect(calls).toHaveLength(0);
  });

  it('measures again after reset (a font finished loading)', () => {
    const { context, calls } = fakeContext();
    const measurer = createCanvasMeasurer(context);
    measurer.measure('a', 10);
    measurer.reset();
    context.font = 'something else';
    measurer.measure('a', 10);
    expect(calls).toEqual([
      { font: '10px Roboto', text: 'a' },
      { font: '10px Roboto', text: 'a' },
    ]);
  });

  it("reports Roboto's vertical metrics", () => {
    const measurer = createCanvasMeasurer(fakeContext().context);
    expect(measurer.fontMetrics(2048)).toEqual({ ascent: -1900, descent: 500 });
    expect(ASCENT_PER_EM * 10).toBeCloseTo(-9.277, 3);
    expect(DESCENT_PER_EM).toBeCloseTo(0.244, 3);
    expect(previewFont(9)).toBe('9px Roboto');
  });
});
