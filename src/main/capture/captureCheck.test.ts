import { describe, expect, it } from 'vitest';
import type { Rect } from '../../shared/geometry/types';
import { checkPanelInCapture, MATCH_THRESHOLD } from './captureCheck';
import {
  cloneImage,
  compositeRect,
  darkAppScreen,
  downscale,
  drawTextStrokes,
  encodePng,
  lightAppScreen,
  paintImage,
  type Image,
} from '../../test-support/testImages';
import type { CaptureCheck, CaptureCheckInput } from './types';

const WIDTH = 540;
const HEIGHT = 960;
const BOUNDS: Rect = { left: 20, top: 120, right: 400, bottom: 220 };
const TEXT_AREA: Rect = { left: 28, top: 128, right: 392, bottom: 212 };

function withPanel(screen: Image, background = '#B3000000', text = '#FFFFFFFF', bounds = BOUNDS): Image {
  const image = compositeRect(cloneImage(screen), bounds, background);
  return drawTextStrokes(image, { ...TEXT_AREA, top: bounds.top + 8, bottom: bounds.bottom - 8 }, text);
}

function check(image: Image, overrides: Partial<CaptureCheckInput> = {}): CaptureCheck {
  const result = checkPanelInCapture({
    png: encodePng(image),
    bounds: BOUNDS,
    backgroundColor: '#B3000000',
    ...overrides,
  });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

const light = lightAppScreen(WIDTH, HEIGHT);
const dark = darkAppScreen(WIDTH, HEIGHT);

describe('checkPanelInCapture on a light app screen', () => {
  it('finds the default 70% black panel with its white text', () => {
    const result = check(withPanel(light));
    expect(result.inCapture).toBe(true);
    expect(result.matchRatio).toBeGreaterThan(0.99);
    expect(result.backgroundRatio).toBeGreaterThan(0.7);
    expect(result.backgroundRatio).toBeLessThan(1);
    expect(result.surroundingRatio).toBeLessThan(0.3);
    expect(result.threshold).toBe(MATCH_THRESHOLD);
    expect(result.expected.model).toBe('translucent');
    // 378 × 98 inside pixels on a stride-4 grid (stride = ceil(sqrt(37044 / 4000))).
    expect(result.sampledPixels).toBe(95 * 25);
    expect(result.reason).toMatch(/match the panel/);
  });

  it('answers false for the same screen without the panel', () => {
    const result = check(light);
    expect(result.inCapture).toBe(false);
    expect(result.backgroundRatio).toBeLessThan(0.2);
    expect(result.reason).toMatch(/show the panel background/);
  });

  it('answers false when the panel sits elsewhere than the bounds say', () => {
    const moved = withPanel(light, '#B3000000', '#FFFFFFFF', { left: 20, top: 500, right: 400, bottom: 600 });
    expect(check(moved).inCapture).toBe(false);
  });

  it('answers false when half of the panel is missing from the capture', () => {
    const half = withPanel(light, '#B3000000', '#FFFFFFFF', { left: 20, top: 120, right: 210, bottom: 220 });
    const result = check(half);
    expect(result.inCapture).toBe(false);
    expect(result.backgroundRatio).toBeLessThan(0.6);
    const orange = paintImage(WIDTH, HEIGHT, () => [0xe6, 0x51, 0x00]);
    const halfOverOrange = check(
      withPanel(orange, '#B3000000', '#FFFFFFFF', { left: 20, top: 120, right: 210, bottom: 220 }),
    );
    expect(halfOverOrange.inCapture).toBe(false);
    expect(halfOverOrange.matchRatio).toBeLessThan(MATCH_THRESHOLD);
    expect(halfOverOrange.reason).toMatch(/only \d+% of the pixels inside the bounds match the panel/);
  });

  it('answers false for a panel drawn in another colour than the one reported', () => {
    const red = withPanel(light, '#B3FF0000');
    expect(check(red).inCapture).toBe(false);
    expect(check(red, { backgroundColor: '#B3FF0000' }).inCapture).toBe(true);
  });

  it('is not fooled by white text alone: text cannot fill most of a panel', () => {
    // A light screen is a perfect blend of white "text" over a dark panel; the background share rejects it.
    const white = paintImage(WIDTH, HEIGHT, () => [250, 250, 250]);
    const result = check(white);
    expect(result.matchRatio).toBeGreaterThan(0.9);
    expect(result.inCapture).toBe(false);
  });

  it('keeps finding the panel under dense text in the text colour', () => {
    const dense = drawTextStrokes(withPanel(light), TEXT_AREA, '#FFFFFFFF', 18);
    const result = check(dense);
    expect(result.inCapture).toBe(true);
    expect(result.matchRatio).toBeGreaterThan(0.99);
  });

  it('counts text in a colour other than the declared one as a mismatch', () => {
    const greenText = drawTextStrokes(
      compositeRect(cloneImage(light), BOUNDS, '#B3000000'),
      TEXT_AREA,
      '#FF00FF00',
      12,
    );
    const result = check(greenText);
    expect(result.matchRatio).toBeLessThan(check(withPanel(light)).matchRatio);
    expect(check(greenText, { textColor: '#FF00FF00' }).matchRatio).toBeGreaterThan(0.99);
  });
});

describe('checkPanelInCapture when the panel cannot be told apart', () => {
  it('says it cannot tell over a dark screen, with the panel', () => {
    const result = check(withPanel(dark));
    expect(result.inCapture).toBe(false);
    expect(result.matchRatio).toBeGreaterThan(0.99);
    expect(result.surroundingRatio).toBeGreaterThan(0.9);
    expect(result.reason).toMatch(/indistinguishable from the screen behind it/);
  });

  it('says it cannot tell over a dark screen, without the panel', () => {
    const result = check(dark);
    expect(result.inCapture).toBe(false);
    expect(result.reason).toMatch(/indistinguishable from the screen behind it/);
  });

  it('says it cannot tell for a fully transparent background', () => {
    const result = check(light, { backgroundColor: '#00000000' });
    expect(result.expected.model).toBe('transparent');
    expect(result.inCapture).toBe(false);
    expect(result.reason).toMatch(/indistinguishable/);
  });

  it('says it cannot tell when nothing surrounds the bounds', () => {
    const tiny = withPanel(
      paintImage(400, 100, () => [240, 240, 240]),
      '#B3000000',
      '#FFFFFFFF',
      {
        left: 0,
        top: 0,
        right: 400,
        bottom: 100,
      },
    );
    const result = check(tiny, { bounds: { left: 0, top: 0, right: 400, bottom: 100 } });
    expect(result.inCapture).toBe(false);
    expect(result.surroundingPixels).toBe(0);
    expect(result.reason).toMatch(/no screen around the bounds/);
  });

  it('says the panel is too small to sample when its inside is empty', () => {
    const result = check(light, { bounds: { left: 20, top: 120, right: 22, bottom: 220 } });
    expect(result.sampledPixels).toBe(0);
    expect(result.inCapture).toBe(false);
    expect(result.reason).toMatch(/too small/);
  });
});

describe('checkPanelInCapture with opaque colours', () => {
  it('finds an opaque panel exactly and rejects the screen without it', () => {
    const opaque = withPanel(light, '#FF123456', '#FFFFFF00');
    const input = { backgroundColor: '#FF123456', textColor: '#FFFFFF00' };
    const found = check(opaque, input);
    expect(found.expected.model).toBe('opaque');
    expect(found.inCapture).toBe(true);
    expect(check(light, input).inCapture).toBe(false);
  });

  it('finds an opaque black panel over a dark screen only when the screen differs enough', () => {
    const input = { backgroundColor: '#FF000000' };
    // The dark screen's greys (0x12..0x24) lie outside black ± 8, so even there the panel is proven.
    expect(check(withPanel(dark, '#FF000000'), input).inCapture).toBe(true);
    expect(check(dark, input).inCapture).toBe(false);
    const black = paintImage(WIDTH, HEIGHT, () => [0, 0, 0]);
    expect(check(withPanel(black, '#FF000000'), input).reason).toMatch(/indistinguishable/);
  });
});

describe('checkPanelInCapture on scaled captures', () => {
  it.each([
    [0.5, 2],
    [0.25, 4],
  ])('maps device-pixel bounds into a capture scaled by %s', (scale, factor) => {
    const device = lightAppScreen(1080, 1920);
    const bounds = { left: 40, top: 240, right: 800, bottom: 440 };
    const drawn = withPanel(device, '#B3000000', '#FFFFFFFF', bounds);
    const result = check(downscale(drawn, factor), { bounds, screenScale: scale });
    expect(result.inCapture).toBe(true);
    expect(result.matchRatio).toBeGreaterThan(0.99);
    expect(check(downscale(device, factor), { bounds, screenScale: scale }).inCapture).toBe(false);
    // Forgetting the scale puts device-pixel bounds outside the smaller capture.
    const unscaled = checkPanelInCapture({
      png: encodePng(downscale(drawn, factor)),
      bounds,
      backgroundColor: '#B3000000',
    });
    expect(unscaled.ok ? 'ok' : unscaled.error.details?.['reason']).toBe('bounds_outside_capture');
  });
});

describe('checkPanelInCapture errors', () => {
  const png = encodePng(light);

  it('rejects bounds partly outside the capture', () => {
    for (const bounds of [
      { left: 300, top: 120, right: WIDTH + 50, bottom: 220 },
      { left: -10, top: 120, right: 200, bottom: 220 },
      { left: 20, top: HEIGHT - 20, right: 200, bottom: HEIGHT + 40 },
    ]) {
      const result = checkPanelInCapture({ png, bounds, backgroundColor: '#B3000000' });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('CAPTURE_BOUNDS_MISMATCH');
        expect(result.error.details).toMatchObject({
          reason: 'bounds_outside_capture',
          captureWidthPx: WIDTH,
        });
      }
    }
  });

  it('rejects an unreadable PNG', () => {
    const result = checkPanelInCapture({
      png: new Uint8Array([1, 2, 3]),
      bounds: BOUNDS,
      backgroundColor: '#B3000000',
    });
    expect(result.ok ? 'ok' : result.error.details?.['reason']).toBe('png_unreadable');
  });

  it.each<[string, Partial<CaptureCheckInput>]>([
    ['a malformed background colour', { backgroundColor: 'black' }],
    ['a malformed text colour', { textColor: '#FFF' }],
    ['inverted bounds', { bounds: { left: 400, top: 120, right: 20, bottom: 220 } }],
    ['empty bounds', { bounds: { left: 20, top: 120, right: 400, bottom: 120 } }],
    ['non-finite bounds', { bounds: { left: 20, top: 120, right: Number.NaN, bottom: 220 } }],
    ['a zero scale', { screenScale: 0 }],
    ['an upscaling scale', { screenScale: 2 }],
    ['a negative tolerance', { tolerance: -1 }],
  ])('rejects %s as a validation failure', (_name, overrides) => {
    const result = checkPanelInCapture({ png, bounds: BOUNDS, backgroundColor: '#B3000000', ...overrides });
    expect(result.ok ? 'ok' : result.error.code).toBe('EXECUTION_VALIDATION_FAILED');
  });
});

describe('checkPanelInCapture speed', () => {
  it('checks a 1080x2400 capture in well under a second', () => {
    const screen = lightAppScreen(1080, 2400);
    const bounds = { left: 21, top: 157, right: 756, bottom: 236 };
    const png = encodePng(withPanel(screen, '#B3000000', '#FFFFFFFF', bounds));
    const started = performance.now();
    const result = checkPanelInCapture({ png, bounds, backgroundColor: '#B3000000' });
    const elapsed = performance.now() - started;
    expect(result.ok && result.value.inCapture).toBe(true);
    expect(result.ok && result.value.sampledPixels).toBeLessThanOrEqual(20000);
    console.info(`capture check of a 1080x2400 PNG: ${elapsed.toFixed(0)} ms`);
    expect(elapsed).toBeLessThan(2000);
  });
});
