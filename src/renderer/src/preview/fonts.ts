// Roboto for the preview (the device's font) and the UI: the fontsource woff2 files registered with the FontFace
// API and loaded before anything is measured.
import cyrillicExt from '@fontsource/roboto/files/roboto-cyrillic-ext-400-normal.woff2?no-inline';
import cyrillic from '@fontsource/roboto/files/roboto-cyrillic-400-normal.woff2?no-inline';
import greekExt from '@fontsource/roboto/files/roboto-greek-ext-400-normal.woff2?no-inline';
import greek from '@fontsource/roboto/files/roboto-greek-400-normal.woff2?no-inline';
import latinExt from '@fontsource/roboto/files/roboto-latin-ext-400-normal.woff2?no-inline';
import latin from '@fontsource/roboto/files/roboto-latin-400-normal.woff2?no-inline';
import latinExtMedium from '@fontsource/roboto/files/roboto-latin-ext-500-normal.woff2?no-inline';
import latinMedium from '@fontsource/roboto/files/roboto-latin-500-normal.woff2?no-inline';
import math from '@fontsource/roboto/files/roboto-math-400-normal.woff2?no-inline';
import symbols from '@fontsource/roboto/files/roboto-symbols-400-normal.woff2?no-inline';
import vietnamese from '@fontsource/roboto/files/roboto-vietnamese-400-normal.woff2?no-inline';
import { PREVIEW_FONT_FAMILY } from '../../../shared/geometry/canvasMeasurer';
import { ROBOTO_SUBSET_RANGES as RANGES } from './robotoRanges';

// Why FontFace instead of fontsource's CSS: Vite inlines small font files as data: URLs, which the console's
// Content-Security-Policy (font-src 'self') refuses; `?no-inline` keeps every file a same-origin asset.
const FACES: { url: string; weight: '400' | '500'; range: string }[] = [
  { url: latin, weight: '400', range: RANGES.latin },
  { url: latinExt, weight: '400', range: RANGES['latin-ext'] },
  { url: cyrillic, weight: '400', range: RANGES.cyrillic },
  { url: cyrillicExt, weight: '400', range: RANGES['cyrillic-ext'] },
  { url: greek, weight: '400', range: RANGES.greek },
  { url: greekExt, weight: '400', range: RANGES['greek-ext'] },
  { url: vietnamese, weight: '400', range: RANGES.vietnamese },
  { url: symbols, weight: '400', range: RANGES.symbols },
  { url: math, weight: '400', range: RANGES.math },
  // The UI's medium weight (headings, buttons); the panel itself is always regular.
  { url: latinMedium, weight: '500', range: RANGES.latin },
  { url: latinExtMedium, weight: '500', range: RANGES['latin-ext'] },
];

let loading: Promise<boolean> | null = null;

/** Registers and loads every Roboto face once; resolves false when a file failed (a fallback font is used). */
export function loadRoboto(): Promise<boolean> {
  loading ??= Promise.all(
    FACES.map(({ url, weight, range }) => {
      const face = new FontFace(PREVIEW_FONT_FAMILY, `url(${url}) format('woff2')`, {
        weight,
        style: 'normal',
        unicodeRange: range,
        display: 'swap',
      });
      document.fonts.add(face);
      return face.load();
    }),
  ).then(
    () => true,
    () => false,
  );
  return loading;
}
