// Template expansion (seed "Live templates", reference sections 3 and 10): segments + metadata -> panel text.
//
// Deliberate differences from the reference Operator, shared with the Kotlin Operator through
// conformance/template-expand.json:
// (a) a metadata value longer than 256 units ends with its own "…" (255 units + "…", or 254 + "…" when
//     unit 255 would split a surrogate pair), so the reader sees where that value was cut;
// (b) only an expansion longer than 8192 units is cut as a whole: to at most 8191 units (one fewer rather
//     than split a pair) plus "…";
// (c) replacing control characters is not truncation: it neither sets `truncated` nor appends "…"
//     (the reference appends "…" to any expansion whose metadata held a control character);
// (d) a value is checked for blankness after its control characters became spaces, so a value made only
//     of controls shows "Unavailable" rather than invisible spaces;
// (e) U+FFFC in literal text or metadata becomes U+FFFD, so every U+FFFC in the output is a real icon
//     listed in `iconPositions` and metadata cannot forge one.
import { MAX_EXPANDED_TEMPLATE_UNITS, MAX_METADATA_VALUE_UNITS } from '../execution/limits';
import { metadataValue, UNAVAILABLE_TEXT, type TemplateMetadata } from './metadata';
import { isForegroundPlaceholder } from './placeholders';
import type { TemplateSegment } from './scan';

/** The object-replacement character that stands for the inline app icon. */
export const ICON_CHARACTER = '\uFFFC';
export const ELLIPSIS = '\u2026';
const REPLACEMENT_CHARACTER = '\uFFFD';

export interface TemplateExpansion {
  text: string;
  /** UTF-16 indexes of every U+FFFC (inline icon) in `text`; the device draws a neutral icon when the app has none. */
  iconPositions: number[];
  /** True when a value or the whole expansion was bounded. */
  truncated: boolean;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The longest prefix of at most `maxUnits` UTF-16 units that does not split a surrogate pair. */
export function safePrefix(s: string, maxUnits: number): string {
  if (maxUnits <= 0) return '';
  if (s.length <= maxUnits) return s;
  let end = Math.floor(maxUnits);
  if (isHighSurrogate(s.charCodeAt(end - 1)) && isLowSurrogate(s.charCodeAt(end))) end -= 1;
  return s.slice(0, end);
}

/** Unicode category Cc: U+0000-U+001F and U+007F-U+009F. */
function isControl(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

/** A metadata value as displayed: controls -> spaces, blank -> "Unavailable", bounded to 256 units. */
export function displayValue(raw: string | null): { value: string; truncated: boolean } {
  let cleaned = '';
  for (let i = 0; i < (raw ?? '').length; i += 1) {
    const code = (raw ?? '').charCodeAt(i);
    if (isControl(code)) cleaned += ' ';
    else if (code === 0xfffc) cleaned += REPLACEMENT_CHARACTER;
    else cleaned += String.fromCharCode(code);
  }
  // trim() strips exactly the whitespace set the validator uses for its "non-whitespace" rule.
  if (cleaned.trim() === '') return { value: UNAVAILABLE_TEXT, truncated: false };
  if (cleaned.length <= MAX_METADATA_VALUE_UNITS) return { value: cleaned, truncated: false };
  return { value: safePrefix(cleaned, MAX_METADATA_VALUE_UNITS - 1) + ELLIPSIS, truncated: true };
}

/** Substitutes metadata into scanned segments. Values are never re-scanned as template syntax. */
export function expandTemplate(
  segments: readonly TemplateSegment[],
  metadata: TemplateMetadata,
): TemplateExpansion {
  let text = '';
  let iconPositions: number[] = [];
  let truncated = false;
  for (const segment of segments) {
    // Anything past the cap is cut anyway; stop early so huge inputs stay cheap.
    if (text.length > MAX_EXPANDED_TEMPLATE_UNITS) break;
    if (segment.kind === 'literal') {
      text += segment.text.replaceAll(ICON_CHARACTER, REPLACEMENT_CHARACTER);
    } else if (segment.name === 'foreground_app.icon') {
      iconPositions.push(text.length);
      text += ICON_CHARACTER;
    } else {
      const shown = displayValue(metadataValue(metadata, segment.name));
      truncated ||= shown.truncated;
      text += shown.value;
    }
  }
  if (text.length > MAX_EXPANDED_TEMPLATE_UNITS) {
    const kept = safePrefix(text, MAX_EXPANDED_TEMPLATE_UNITS - 1);
    text = kept + ELLIPSIS;
    iconPositions = iconPositions.filter((position) => position < kept.length);
    truncated = true;
  }
  return { text, iconPositions, truncated };
}

/** True when the template needs foreground-app observation (templates of only device/system fields do not). */
export function templateUsesForegroundApp(segments: readonly TemplateSegment[]): boolean {
  return segments.some((segment) => segment.kind === 'placeholder' && isForegroundPlaceholder(segment.name));
}
