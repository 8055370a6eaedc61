// The single-letter backslash escapes toybox's `echo -e` and `printf` both decode (their octal forms differ).
export const BACKSLASH_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  e: '\x1b',
};
