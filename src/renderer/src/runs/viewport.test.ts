import { describe, expect, it } from 'vitest';
import {
  actualSize,
  clampToView,
  fitViewport,
  MAX_SCALE,
  MIN_SCALE,
  panBy,
  rectToView,
  wheelFactor,
  zoomAt,
} from './viewport';

const image = { width: 1080, height: 2400 };
const view = { width: 400, height: 400 };

describe('viewport math', () => {
  it('fits the whole image centred', () => {
    expect(fitViewport(image, view)).toEqual({ scale: 400 / 2400, x: (400 - 180) / 2, y: 0 });
    expect(fitViewport(image, { width: 0, height: 0 })).toEqual({ scale: 1, x: 0, y: 0 });
  });

  it('zooms about a point, which stays over the same image pixel', () => {
    const start = { scale: 0.5, x: 10, y: 20 };
    const point = { x: 110, y: 70 };
    const imagePoint = { x: (point.x - start.x) / start.scale, y: (point.y - start.y) / start.scale };
    const zoomed = zoomAt(start, 3, point);
    expect(zoomed.scale).toBe(1.5);
    expect(zoomed.x + imagePoint.x * zoomed.scale).toBeCloseTo(point.x);
    expect(zoomed.y + imagePoint.y * zoomed.scale).toBeCloseTo(point.y);
  });

  it('clamps the scale', () => {
    expect(zoomAt({ scale: 1, x: 0, y: 0 }, 1000, { x: 0, y: 0 }).scale).toBe(MAX_SCALE);
    expect(zoomAt({ scale: 1, x: 0, y: 0 }, 0.00001, { x: 0, y: 0 }).scale).toBe(MIN_SCALE);
  });

  it('goes to 100% around the view centre', () => {
    const fitted = fitViewport(image, view);
    const actual = actualSize(fitted, view);
    expect(actual.scale).toBe(1);
    const centreBefore = (200 - fitted.y) / fitted.scale;
    expect((200 - actual.y) / actual.scale).toBeCloseTo(centreBefore);
  });

  it('pans and keeps part of the image in view', () => {
    expect(panBy({ scale: 1, x: 5, y: 5 }, 10, -20)).toEqual({ scale: 1, x: 15, y: -15 });
    const lost = clampToView({ scale: 1, x: 5000, y: -9000 }, image, view, 32);
    expect(lost).toEqual({ scale: 1, x: 400 - 32, y: 32 - 2400 });
    const fine = { scale: 1, x: -100, y: -100 };
    expect(clampToView(fine, image, view)).toEqual(fine);
  });

  it('turns wheel deltas into zoom factors (lines and pages too)', () => {
    expect(wheelFactor(-100, 0)).toBeGreaterThan(1);
    expect(wheelFactor(100, 0)).toBeLessThan(1);
    expect(wheelFactor(100, 0) * wheelFactor(-100, 0)).toBeCloseTo(1);
    expect(wheelFactor(3, 1)).toBeCloseTo(wheelFactor(48, 0));
    expect(wheelFactor(1, 2)).toBeCloseTo(wheelFactor(400, 0));
  });

  it('maps image rectangles into the view', () => {
    expect(rectToView({ left: 21, top: 157, right: 756, bottom: 236 }, { scale: 0.5, x: 10, y: 20 })).toEqual(
      {
        x: 20.5,
        y: 98.5,
        width: 367.5,
        height: 39.5,
      },
    );
  });
});
