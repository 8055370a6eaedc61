// Reading conformance/text-stack (vectors generated from Android's text stack by Robolectric). Pure: callers read the
// file text themselves.
import { isRecord } from '../schema/parse';
import { parseBounds } from './bounds';
import { layoutPanel } from './panelLayout';
import type { PanelGeometrySpec, Rect, TextMeasurer } from './types';

export interface TextStackInput {
  text: string;
  densityDpi: number;
  fontScale: number;
  widthDp: number;
  fontSizeSp: number;
  usable: string;
  anchor: 'left' | 'right';
  textAlign: 'left' | 'right';
  edgeOffsetDp: number;
  topOffsetDp: number;
}

export interface TextStackLine {
  text: string;
  widthPx: number;
  ellipsized: boolean;
}

export interface TextStackExpect {
  bounds: string;
  fontSizePx: number;
  lineHeightPx: number;
  maxLines: number;
  truncated: boolean;
  lines: TextStackLine[];
  drawn: { widthPx: number; ellipsisCount: number; lineCount: number }[];
}

export interface TextStackCase {
  name: string;
  input: TextStackInput;
  /** Why the console cannot agree with Android on this case (the runner then checks that it indeed differs). */
  known_difference?: string;
  expect: TextStackExpect | { error: string };
}

/** The cases of vectors.json; throws on a malformed file (the generator wrote it). */
export function parseTextStackVectors(text: string): TextStackCase[] {
  const json: unknown = JSON.parse(text);
  if (!isRecord(json) || json.kind !== 'text-stack' || !Array.isArray(json.cases)) {
    throw new Error('conformance/text-stack/vectors.json is not a text-stack vector file');
  }
  return json.cases as TextStackCase[];
}

/** How the console's prediction of one case compares with Android's. */
export interface TextStackComparison {
  /** Same line texts, same truncation. */
  linesAgree: boolean;
  /** Largest |difference| of the four bounds edges in px (Infinity when only one side could lay out). */
  boundsDeviationPx: number;
  /** Largest |difference| of the line widths in px. */
  widthDeviationPx: number;
  /** First difference, for failure messages. */
  difference: string | null;
}

/** Lays the case out with `measurer` and compares with Android's layout. */
export function compareTextStackCase(vector: TextStackCase, measurer: TextMeasurer): TextStackComparison {
  const { input, expect } = vector;
  const usable = parseBounds(input.usable) as Rect;
  const density = input.densityDpi / 160;
  const spec: PanelGeometrySpec = {
    anchor: input.anchor,
    textAlign: input.textAlign,
    topOffsetDp: input.topOffsetDp,
    edgeOffsetDp: input.edgeOffsetDp,
    widthDp: input.widthDp,
    fontSizeSp: input.fontSizeSp,
  };
  const metrics = {
    widthPx: usable.right,
    heightPx: usable.bottom,
    density,
    scaledDensity: density * input.fontScale,
    usable,
  };
  const result = layoutPanel(metrics, spec, input.text, measurer);
  if ('error' in expect) {
    const agree = !result.ok && result.error.code === expect.error;
    return {
      linesAgree: agree,
      boundsDeviationPx: agree ? 0 : Infinity,
      widthDeviationPx: 0,
      difference: agree
        ? null
        : `Android fails with ${expect.error}; the console gives ${result.ok ? 'a layout' : result.error.code}`,
    };
  }
  if (!result.ok) {
    return {
      linesAgree: false,
      boundsDeviationPx: Infinity,
      widthDeviationPx: Infinity,
      difference: result.error.message,
    };
  }
  const layout = result.value;
  const want = parseBounds(expect.bounds) as Rect;
  const got = layout.bounds;
  const boundsDeviationPx = Math.max(
    Math.abs(got.left - want.left),
    Math.abs(got.top - want.top),
    Math.abs(got.right - want.right),
    Math.abs(got.bottom - want.bottom),
  );
  let difference: string | null = null;
  const count = Math.max(layout.lines.length, expect.lines.length);
  let widthDeviationPx = 0;
  for (let index = 0; index < count; index += 1) {
    const mine = layout.lines[index];
    const theirs = expect.lines[index];
    if (mine === undefined || theirs === undefined) {
      difference ??= `line ${index}: console ${JSON.stringify(mine?.text)}, Android ${JSON.stringify(theirs?.text)}`;
      widthDeviationPx = Infinity;
      continue;
    }
    widthDeviationPx = Math.max(widthDeviationPx, Math.abs(mine.widthPx - theirs.widthPx));
    if (mine.text !== theirs.text || mine.ellipsized !== theirs.ellipsized) {
      difference ??= `line ${index}: console ${JSON.stringify(mine.text)} (${mine.widthPx} px), Android ${JSON.stringify(theirs.text)} (${theirs.widthPx} px)`;
    }
  }
  if (layout.truncated !== expect.truncated)
    difference ??= `truncated: console ${layout.truncated}, Android ${expect.truncated}`;
  if (layout.lineHeightPx !== expect.lineHeightPx) {
    difference ??= `line height: console ${layout.lineHeightPx}, Android ${expect.lineHeightPx}`;
  }
  return { linesAgree: difference === null, boundsDeviationPx, widthDeviationPx, difference };
}
