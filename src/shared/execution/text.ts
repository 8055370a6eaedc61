// Character rules of panel text and templates (reference section 2), shared by the validator, designer and renderers.

/** True for the ECMAScript trim set: U+0009-000D, U+0020, U+00A0, U+1680, U+2000-200A, U+2028/9, U+202F, U+205F, U+3000, U+FEFF. */
export function isWhitespaceCode(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** True when `s` holds no character outside the whitespace set (so also for the empty string). */
export function isWhitespaceOnly(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isWhitespaceCode(s.charCodeAt(i))) return false;
  return true;
}

// Matching control characters is this module's purpose.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
// Why two regexes: V8 runs this anchored test in one native pass, faster than an unanchored search (which retries
// at every start position) and several times faster than a charCodeAt loop over a 2048-unit text.
// eslint-disable-next-line no-control-regex
const NO_FORBIDDEN_CONTROL = /^[^\u0000-\u0008\u000b-\u001f\u007f-\u009f]+$/;

/** Index of the first control character other than LF and TAB (U+0000-0008, U+000B-001F, U+007F-009F), or -1. */
export function findForbiddenControl(s: string): number {
  return NO_FORBIDDEN_CONTROL.test(s) ? -1 : s.search(FORBIDDEN_CONTROL);
}

/** Length in UTF-16 code units, what the 1..2048 limit counts (a character outside the BMP counts 2). */
export function utf16Length(s: string): number {
  return s.length;
}
