// Single-quoting for /system/bin/sh: every value that reaches a device shell goes through this (reference 1.3).

/** `value` as one sh word: wrapped in single quotes, each `'` written as `'\''`. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", "'\\''")}'`;
}
