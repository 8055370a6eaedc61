// Where each piece of a laid-out line is drawn: text runs, TAB stops and inline icons, with the same advance
// rules as the shared wrap (so drawn text lines up with the measured bounds).
import type { LineFont } from '../../../shared/geometry/wrap';

export type LineRun = { kind: 'text'; text: string; x: number } | { kind: 'icon'; x: number };

const TAB = 0x09;
const ICON = 0xfffc;

/** The runs of `text` with their x offsets from the line start. */
export function lineRuns(text: string, font: LineFont): LineRun[] {
  const runs: LineRun[] = [];
  let x = 0;
  let runStart = 0;
  const flush = (end: number): void => {
    if (end <= runStart) return;
    const piece = text.slice(runStart, end);
    runs.push({ kind: 'text', text: piece, x });
    x += font.measurer.measure(piece, font.fontSizePx);
  };
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code !== TAB && code !== ICON) continue;
    flush(i);
    runStart = i + 1;
    if (code === ICON) {
      runs.push({ kind: 'icon', x });
      x += font.iconSizePx;
    } else if (font.tabStopPx > 0) {
      x = (Math.floor(x / font.tabStopPx) + 1) * font.tabStopPx;
    }
  }
  flush(text.length);
  return runs;
}
