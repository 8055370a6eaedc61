// The CLI's numeric token grammar (reference section 5): a complete, integral JSON number token.

const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/**
 * Parses a command-line numeric token: the whole token must be a JSON-style decimal number whose value is finite and
 * integral, so `12.0` and `1e3` are accepted while `12px`, `0x10`, `1.5`, `012`, `+5` and `1e999` are not.
 * Returns null when the token is rejected; `-0` becomes 0. Range checks belong to the canonical validator.
 */
export function parseNumericToken(token: string): number | null {
  if (!JSON_NUMBER.test(token)) return null;
  const value = Number(token);
  if (!Number.isFinite(value) || !Number.isInteger(value)) return null;
  // Adding 0 turns -0 into 0, so "-0" never reaches a payload as a negative zero.
  return value + 0;
}
