// Runs conformance/geometry.json and conformance/usable-area.json (the Kotlin Operator runs the same files).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PANEL_DEFAULTS, PANEL_NUMBER_FIELDS } from '../execution/limits';
import { formatBounds, parseBounds } from './bounds';
import { decodeVectorString, readVectorFile, type VectorCase } from './conformanceVectors';
import { createFixedAdvanceMeasurer } from './fixedMeasurer';
import { layoutPanel } from './panelLayout';
import type { DisplayMetrics, PanelGeometrySpec, Rect, UsableAreaInput } from './types';
import { computeUsableArea } from './usableArea';

type Json = Record<string, unknown>;

function record(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${what} is not an object`);
  return value as Json;
}

function number(value: unknown, what: string): number {
  if (typeof value !== 'number') throw new Error(`${what} is not a number`);
  return value;
}

function text(value: unknown, what: string): string {
  const decoded = decodeVectorString(value);
  if (decoded === null) throw new Error(`${what} is not a string or generator`);
  return decoded;
}

function rect(value: unknown, what: string): Rect {
  const parsed = typeof value === 'string' ? parseBounds(value) : null;
  if (parsed === null) throw new Error(`${what} is not "[l,t][r,b]"`);
  return parsed;
}

function casesOf(file: string, kind: string, minimum: number): VectorCase[] {
  const json = JSON.parse(
    readFileSync(new URL(`../../../conformance/${file}`, import.meta.url), 'utf8'),
  ) as unknown;
  const read = readVectorFile(json, kind, minimum);
  it(`${file} is a well-formed vector file with at least ${minimum} uniquely named cases`, () => {
    expect(read.ok ? null : read.error).toBeNull();
  });
  return read.ok ? read.value.cases : [];
}

function metricsOf(value: unknown): DisplayMetrics {
  const metrics = record(value, 'metrics');
  const usable = rect(metrics.usable, 'metrics.usable');
  return {
    widthPx: usable.right,
    heightPx: usable.bottom,
    density: number(metrics.density, 'density'),
    scaledDensity: number(metrics.scaledDensity, 'scaledDensity'),
    usable,
  };
}

function specOf(value: unknown): PanelGeometrySpec {
  const spec = record(value, 'spec');
  const side = (field: string, fallback: 'left' | 'right'): 'left' | 'right' => {
    const given = spec[field];
    if (given === undefined) return fallback;
    if (given !== 'left' && given !== 'right') throw new Error(`${field} is not left or right`);
    return given;
  };
  const dimension = (field: keyof typeof PANEL_NUMBER_FIELDS): number =>
    spec[field] === undefined ? PANEL_NUMBER_FIELDS[field].default : number(spec[field], field);
  return {
    anchor: side('anchor', PANEL_DEFAULTS.anchor),
    textAlign: side('textAlign', PANEL_DEFAULTS.textAlign),
    topOffsetDp: dimension('topOffsetDp'),
    edgeOffsetDp: dimension('edgeOffsetDp'),
    widthDp: dimension('widthDp'),
    fontSizeSp: dimension('fontSizeSp'),
  };
}

const OPTIONAL_LAYOUT_NUMBERS = [
  'paddingPx',
  'fontSizePx',
  'lineHeightPx',
  'baselineOffsetPx',
  'iconSizePx',
  'maxLines',
] as const;

describe('conformance/geometry.json', () => {
  const cases = casesOf('geometry.json', 'panel-geometry', 50);

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, vector) => {
    const input = record(vector.input, 'input');
    const want = record(vector.expect, 'expect');
    const measurer = record(input.measurer, 'measurer');
    const result = layoutPanel(
      metricsOf(input.metrics),
      specOf(input.spec),
      text(input.content, 'content'),
      createFixedAdvanceMeasurer({
        advance: number(measurer.advance, 'advance'),
        ascent: number(measurer.ascent, 'ascent'),
        descent: number(measurer.descent, 'descent'),
      }),
    );
    if (want.error !== undefined) {
      expect(result.ok ? 'ok' : result.error.code).toBe(want.error);
      if (!result.ok) expect(result.error.details).toMatchObject(record(want.details, 'details'));
      return;
    }
    if (!result.ok) throw new Error(`expected a layout, got ${result.error.message}`);
    const layout = result.value;
    expect(formatBounds(layout.bounds)).toBe(want.bounds);
    expect(layout.truncated).toBe(want.truncated);
    const texts = layout.lines.map((line) => line.text);
    if (Array.isArray(want.lines)) {
      expect(texts).toEqual(want.lines.map((line, index) => text(line, `lines[${index}]`)));
    } else {
      expect(texts.length).toBe(want.lineCount);
      expect(texts.at(-1)).toBe(text(want.lastLine, 'lastLine'));
    }
    expect(layout.lines.map((line) => line.ellipsized)).toEqual(
      texts.map((_, index) => layout.truncated && index === texts.length - 1),
    );
    if (want.lineWidths !== undefined)
      expect(layout.lines.map((line) => line.widthPx)).toEqual(want.lineWidths);
    if (want.textAlign !== undefined) expect(layout.textAlign).toBe(want.textAlign);
    for (const field of OPTIONAL_LAYOUT_NUMBERS) {
      if (want[field] !== undefined) expect(layout[field], field).toBe(want[field]);
    }
  });
});

function usableInputOf(value: unknown): UsableAreaInput {
  const input = record(value, 'input');
  const rotation = input.rotation;
  if (rotation !== 0 && rotation !== 90 && rotation !== 180 && rotation !== 270)
    throw new Error('bad rotation');
  const canMove = input.navBarCanMove;
  if (canMove !== true && canMove !== false && canMove !== null) throw new Error('bad navBarCanMove');
  const cutout = input.cutoutInsets === undefined ? {} : record(input.cutoutInsets, 'cutoutInsets');
  const inset = (edge: string): number => (cutout[edge] === undefined ? 0 : number(cutout[edge], edge));
  return {
    apiLevel: number(input.apiLevel, 'apiLevel'),
    widthPx: number(input.widthPx, 'widthPx'),
    heightPx: number(input.heightPx, 'heightPx'),
    rotation,
    statusBarPx: number(input.statusBarPx, 'statusBarPx'),
    navBarPx: number(input.navBarPx, 'navBarPx'),
    navBarCanMove: canMove,
    cutoutInsets: { left: inset('left'), top: inset('top'), right: inset('right'), bottom: inset('bottom') },
    declaresBuiltInCutout: input.declaresBuiltInCutout === true,
  };
}

describe('conformance/usable-area.json', () => {
  const cases = casesOf('usable-area.json', 'usable-area', 15);

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, vector) => {
    const want = record(vector.expect, 'expect');
    const result = computeUsableArea(usableInputOf(vector.input));
    if (want.error !== undefined) expect(result.ok ? 'ok' : result.error.code).toBe(want.error);
    else expect(result.ok ? formatBounds(result.value) : result.error.message).toBe(want.usable);
  });
});
