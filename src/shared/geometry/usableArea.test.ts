import { describe, expect, it } from 'vitest';
import type { UsableAreaInput } from './types';
import { computeUsableArea } from './usableArea';

const NO_CUTOUT = { left: 0, top: 0, right: 0, bottom: 0 };
const portrait: UsableAreaInput = {
  apiLevel: 35,
  widthPx: 1080,
  heightPx: 2400,
  rotation: 0,
  statusBarPx: 136,
  navBarPx: 63,
  navBarCanMove: true,
  cutoutInsets: NO_CUTOUT,
  declaresBuiltInCutout: false,
};
const landscape: UsableAreaInput = {
  ...portrait,
  widthPx: 2400,
  heightPx: 1080,
  rotation: 90,
  statusBarPx: 84,
  navBarPx: 96,
};

function area(input: UsableAreaInput) {
  const result = computeUsableArea(input);
  return result.ok ? result.value : result.error.code;
}

describe('computeUsableArea', () => {
  it('puts the status bar on top and the nav bar at the bottom in portrait', () => {
    expect(area(portrait)).toEqual({ left: 0, top: 136, right: 1080, bottom: 2337 });
  });

  it('puts the nav bar right at rotation 90, left at 270, bottom when it cannot move', () => {
    expect(area(landscape)).toEqual({ left: 0, top: 84, right: 2304, bottom: 1080 });
    expect(area({ ...landscape, rotation: 270 })).toEqual({ left: 96, top: 84, right: 2400, bottom: 1080 });
    expect(area({ ...landscape, navBarCanMove: false })).toEqual({
      left: 0,
      top: 84,
      right: 2400,
      bottom: 984,
    });
  });

  it('combines bar and cutout per edge by max (reference: reverse landscape on API 29)', () => {
    const input = {
      ...landscape,
      apiLevel: 29,
      rotation: 270 as const,
      cutoutInsets: { ...NO_CUTOUT, left: 120 },
    };
    expect(area(input)).toEqual({ left: 120, top: 84, right: 2400, bottom: 1080 });
  });

  it('fails when the nav bar side is unknown before API 30, but not from API 30 or with no nav bar', () => {
    expect(area({ ...landscape, apiLevel: 29, navBarCanMove: null })).toBe('ON_SCREEN_LOG_LAYOUT_INVALID');
    expect(area({ ...landscape, apiLevel: 30, navBarCanMove: null })).toEqual({
      left: 0,
      top: 84,
      right: 2304,
      bottom: 1080,
    });
    expect(area({ ...landscape, apiLevel: 29, navBarCanMove: null, navBarPx: 0 })).toEqual({
      left: 0,
      top: 84,
      right: 2400,
      bottom: 1080,
    });
    expect(area({ ...portrait, apiLevel: 29, navBarCanMove: null })).toEqual({
      left: 0,
      top: 136,
      right: 1080,
      bottom: 2337,
    });
  });

  it('fails closed on API 28 with a declared built-in cutout, ignores cutouts below API 29 otherwise', () => {
    const cutout = { ...NO_CUTOUT, top: 150 };
    expect(area({ ...portrait, apiLevel: 28, declaresBuiltInCutout: true })).toBe(
      'ON_SCREEN_LOG_LAYOUT_INVALID',
    );
    expect(area({ ...portrait, apiLevel: 28, cutoutInsets: cutout })).toEqual({
      left: 0,
      top: 136,
      right: 1080,
      bottom: 2337,
    });
    expect(area({ ...portrait, apiLevel: 29, cutoutInsets: cutout })).toEqual({
      left: 0,
      top: 150,
      right: 1080,
      bottom: 2337,
    });
    expect(area({ ...portrait, apiLevel: 27, declaresBuiltInCutout: true })).toEqual({
      left: 0,
      top: 136,
      right: 1080,
      bottom: 2337,
    });
  });

  it('rejects bad sizes, negative insets and an empty result', () => {
    expect(area({ ...portrait, widthPx: 0 })).toBe('ON_SCREEN_LOG_LAYOUT_INVALID');
    expect(area({ ...portrait, statusBarPx: -1 })).toBe('ON_SCREEN_LOG_LAYOUT_INVALID');
    expect(area({ ...portrait, cutoutInsets: { ...NO_CUTOUT, left: Number.NaN } })).toBe(
      'ON_SCREEN_LOG_LAYOUT_INVALID',
    );
    expect(area({ ...portrait, statusBarPx: 2400 })).toBe('ON_SCREEN_LOG_LAYOUT_INVALID');
  });

  it('says what is unknown in the message', () => {
    const result = computeUsableArea({ ...portrait, apiLevel: 28, declaresBuiltInCutout: true });
    expect(result.ok ? '' : result.error.message).toContain('API 28');
  });
});
