// Line breaking of panel text, modelled on Android's StaticLayout with BREAK_STRATEGY_SIMPLE (greedy):
// - paragraphs split at LF; an empty paragraph (also after a final LF) is one empty line;
// - a line may break after a run of U+0020 spaces once it holds a non-space character; the spaces at a
//   break (and at a paragraph end) hang: they count to no width and are dropped from the line text;
// - a word wider than the line breaks between code points (never inside a surrogate pair), keeping at
//   least one non-space code point per line;
// - TAB advances to the next multiple of `tabStopPx` from the line start. Android's Layout uses fixed
//   20 px steps; we use 4 × the advance of a space at the panel font so tabs scale with the text;
// - U+FFFC is an inline icon `iconSizePx` wide.
// Widths accumulate left to right: text runs between tabs and icons are measured whole.
import type { TextMeasurer } from './types';

export interface LineFont {
  measurer: TextMeasurer;
  fontSizePx: number;
  iconSizePx: number;
  /** Tab stops are multiples of this from the line start; 0 makes TAB zero-width. */
  tabStopPx: number;
}

const SPACE = 0x20;
const TAB = 0x09;
const ICON = 0xfffc;
const ELLIPSIS = '\u2026';

/** Advance of a line's text in px, every character counted (tabs, icons and trailing spaces included). */
export function lineAdvance(text: string, font: LineFont): number {
  let x = 0;
  let runStart = 0;
  const flushRun = (end: number): void => {
    if (end > runStart) x += font.measurer.measure(text.slice(runStart, end), font.fontSizePx);
  };
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code !== TAB && code !== ICON) continue;
    flushRun(i);
    runStart = i + 1;
    if (code === ICON) x += font.iconSizePx;
    else if (font.tabStopPx > 0) x = (Math.floor(x / font.tabStopPx) + 1) * font.tabStopPx;
  }
  flushRun(text.length);
  return x;
}

/** `text` without its trailing U+0020 spaces (the ones that hang at a line end). */
export function trimHangingSpaces(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === SPACE) end -= 1;
  return text.slice(0, end);
}

/** The index after the code point starting at `index`. */
function nextCodePoint(text: string, index: number): number {
  const code = text.charCodeAt(index);
  const next = text.charCodeAt(index + 1);
  return code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? index + 2 : index + 1;
}

function fits(paragraph: string, start: number, end: number, maxWidthPx: number, font: LineFont): boolean {
  return lineAdvance(trimHangingSpaces(paragraph.slice(start, end)), font) <= maxWidthPx;
}

/** The end of the longest line from `start` that ends at a break opportunity and fits; -1 when none fits. */
function greedyBreak(paragraph: string, start: number, maxWidthPx: number, font: LineFont): number {
  let best = -1;
  let seenNonSpace = false;
  for (let end = start + 1; end <= paragraph.length; end += 1) {
    const previous = paragraph.charCodeAt(end - 1);
    if (previous !== SPACE) seenNonSpace = true;
    const opportunity =
      end === paragraph.length || (previous === SPACE && paragraph.charCodeAt(end) !== SPACE && seenNonSpace);
    if (!opportunity) continue;
    if (!fits(paragraph, start, end, maxWidthPx, font)) break;
    best = end;
  }
  return best;
}

/** Where to cut a word that alone is wider than the line: the most code points that fit, at least one visible. */
function desperateBreak(paragraph: string, start: number, maxWidthPx: number, font: LineFont): number {
  let minimum = start;
  while (minimum < paragraph.length && paragraph.charCodeAt(minimum) === SPACE) minimum += 1;
  if (minimum >= paragraph.length) return paragraph.length;
  minimum = nextCodePoint(paragraph, minimum);
  let end = minimum;
  while (end < paragraph.length) {
    const candidate = nextCodePoint(paragraph, end);
    if (!fits(paragraph, start, candidate, maxWidthPx, font)) break;
    end = candidate;
  }
  return end;
}

/** Wraps `content` into line texts (hanging spaces and LFs removed), stopping once `lineLimit` lines exist. */
export function wrapText(content: string, maxWidthPx: number, font: LineFont, lineLimit: number): string[] {
  const lines: string[] = [];
  for (const paragraph of content.split('\n')) {
    if (lines.length >= lineLimit) break;
    if (paragraph.length === 0) {
      lines.push('');
      continue;
    }
    let start = 0;
    while (start < paragraph.length && lines.length < lineLimit) {
      let end = greedyBreak(paragraph, start, maxWidthPx, font);
      if (end < 0) end = desperateBreak(paragraph, start, maxWidthPx, font);
      lines.push(trimHangingSpaces(paragraph.slice(start, end)));
      start = end;
    }
  }
  return lines;
}

/** Drops code points from the end of `text` until text + "…" fits (only "…" when nothing fits). */
export function ellipsizeLine(text: string, maxWidthPx: number, font: LineFont): string {
  let kept = trimHangingSpaces(text);
  while (kept.length > 0 && lineAdvance(kept + ELLIPSIS, font) > maxWidthPx) {
    const last = kept.charCodeAt(kept.length - 1);
    const beforeLast = kept.charCodeAt(kept.length - 2);
    const pair = last >= 0xdc00 && last <= 0xdfff && beforeLast >= 0xd800 && beforeLast <= 0xdbff;
    kept = kept.slice(0, kept.length - (pair ? 2 : 1));
  }
  return kept + ELLIPSIS;
}
