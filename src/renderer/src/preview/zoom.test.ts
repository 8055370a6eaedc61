import { describe, expect, it } from 'vitest';
import { cssScale, FIT, parseZoom, zoomForKey, zoomPercent, zoomStep } from './zoom';

describe('preview zoom', () => {
  it('steps up and down from any scale, clamped to 10%..200%', () => {
    expect(zoomStep(0.26, 1)).toBe(0.333);
    expect(zoomStep(0.26, -1)).toBe(0.25);
    expect(zoomStep(1, 1)).toBe(1.5);
    expect(zoomStep(1, -1)).toBe(0.75);
    expect(zoomStep(2, 1)).toBe(2);
    expect(zoomStep(3, -1)).toBe(2);
    expect(zoomStep(0.1, -1)).toBe(0.1);
  });

  it('maps +, -, 0 and 1 to zooms; other keys to nothing', () => {
    expect(zoomForKey('+', 0.5)).toEqual({ mode: 'scale', scale: 0.667 });
    expect(zoomForKey('-', 0.5)).toEqual({ mode: 'scale', scale: 0.333 });
    expect(zoomForKey('0', 2)).toEqual(FIT);
    expect(zoomForKey('1', 0.2)).toEqual({ mode: 'scale', scale: 1 });
    expect(zoomForKey('a', 1)).toBeNull();
  });

  it('1:1 is one device pixel per screen pixel on any pixel ratio', () => {
    expect(cssScale({ mode: 'scale', scale: 1 }, 0.2, 2)).toBe(0.5);
    expect(cssScale({ mode: 'scale', scale: 1 }, 0.2, 1)).toBe(1);
    expect(cssScale(FIT, 0.2, 2)).toBe(0.2);
    expect(zoomPercent(0.333)).toBe('33%');
  });

  it('reads back what it stored, and fit from anything else', () => {
    expect(parseZoom(JSON.stringify({ mode: 'scale', scale: 0.5 }))).toEqual({ mode: 'scale', scale: 0.5 });
    expect(parseZoom(JSON.stringify({ mode: 'fit' }))).toEqual(FIT);
    expect(parseZoom('{broken')).toEqual(FIT);
    expect(parseZoom(JSON.stringify({ mode: 'scale', scale: 4 }))).toEqual(FIT);
    expect(parseZoom(null)).toEqual(FIT);
  });
});
