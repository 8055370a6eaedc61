// UTF-8 size of a value's JSON text, computed without serializing it (and without TextEncoder or Buffer).

/** JSON.stringify writes nothing for these values (object members are skipped, array items become null). */
const OMITTED = -1;
// Deeper values make the cheap bound give up and defer to the exact walk, which also detects cycles.
const BOUND_DEPTH_LIMIT = 32;
// No JavaScript number prints longer than 25 characters (e.g. "-0.0000012345678901234567").
const NUMBER_BOUND = 25;

/**
 * Byte length of `Buffer.byteLength(JSON.stringify(value))`, honouring toJSON, boxed primitives, omitted members
 * and escapes. NaN when JSON.stringify would throw (cycle, BigInt) or return undefined (undefined, function, symbol).
 */
export function jsonUtf8ByteLength(value: unknown): number {
  const bytes = measure(value, '', []);
  return bytes === OMITTED ? Number.NaN : bytes;
}

/**
 * A cheap upper bound of jsonUtf8ByteLength (each string counts 6 bytes per UTF-16 unit, the worst escape):
 * O(1) per string, so a payload whose bound is within a limit needs no exact walk. Infinity when unsure, or as
 * soon as the bound passes `limit` (which also keeps a cyclic value from being walked to the depth limit).
 */
export function jsonUtf8ByteUpperBound(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  return bound(value, 0, limit);
}

/** Exact byte length of a string's JSON literal, quotes included. */
export function jsonStringByteLength(s: string): number {
  let bytes = s.length + 2;
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code < 0x80) {
      if (code === 0x22 || code === 0x5c) bytes += 1;
      else if (code < 0x20)
        bytes += code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d ? 1 : 5;
    } else if (code < 0x800) {
      bytes += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        bytes += 2; // a pair: 4 bytes for 2 units
        i += 1;
      } else {
        bytes += 5; // a lone surrogate is written as \udXXX
      }
    } else {
      bytes += 2;
    }
  }
  return bytes;
}

function numberByteLength(n: number): number {
  if (!Number.isFinite(n)) return 4; // null
  if (n === 0) return 1; // also -0, written as 0
  if (Number.isInteger(n) && n > -1e15 && n < 1e15) {
    let digits = n < 0 ? 2 : 1;
    for (let rest = Math.abs(n); rest >= 10; rest = Math.floor(rest / 10)) digits += 1;
    return digits;
  }
  return String(n).length;
}

function measure(input: unknown, key: string | number, ancestors: object[]): number {
  let value = input;
  if (
    (typeof value === 'object' && value !== null) ||
    typeof value === 'bigint' ||
    typeof value === 'function'
  ) {
    const toJSON: unknown = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = toJSON.call(value, String(key));
  }
  switch (typeof value) {
    case 'string':
      return jsonStringByteLength(value);
    case 'number':
      return numberByteLength(value);
    case 'boolean':
      return value ? 4 : 5;
    case 'object':
      return value === null ? 4 : measureObject(value, ancestors);
    case 'bigint':
      return Number.NaN;
    default:
      return OMITTED;
  }
}

function measureObject(value: object, ancestors: object[]): number {
  if (value instanceof Number) return numberByteLength(Number(value));
  if (value instanceof String) return jsonStringByteLength(String(value));
  if (value instanceof Boolean) return value.valueOf() ? 4 : 5;
  if (ancestors.includes(value)) return Number.NaN;
  ancestors.push(value);
  let bytes = 2;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item = measure(value[i], i, ancestors);
      bytes += (item === OMITTED ? 4 : item) + (i > 0 ? 1 : 0);
    }
  } else {
    const record = value as Record<string, unknown>;
    let members = 0;
    for (const key of Object.keys(record)) {
      const member = measure(record[key], key, ancestors);
      if (member === OMITTED) continue;
      bytes += jsonStringByteLength(key) + 1 + member + (members > 0 ? 1 : 0);
      members += 1;
    }
  }
  ancestors.pop();
  return bytes;
}

function bound(value: unknown, depth: number, limit: number): number {
  switch (typeof value) {
    case 'string':
      return value.length * 6 + 2;
    case 'number':
      return NUMBER_BOUND;
    case 'boolean':
      return 5;
    case 'undefined':
      return 4;
    case 'object':
      break;
    default:
      return Number.POSITIVE_INFINITY;
  }
  if (value === null) return 4;
  if (
    depth >= BOUND_DEPTH_LIMIT ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function' ||
    value instanceof Number ||
    value instanceof String ||
    value instanceof Boolean
  ) {
    return Number.POSITIVE_INFINITY;
  }
  let bytes = 2;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      bytes += bound(value[i], depth + 1, limit) + 1;
      if (bytes === Number.POSITIVE_INFINITY || bytes > limit) return Number.POSITIVE_INFINITY;
    }
  } else {
    const record = value as Record<string, unknown>;
    // for-in also visits inherited enumerable keys, which only raises the bound; it is faster than Object.keys.
    for (const key in record) {
      bytes += key.length * 6 + 4 + bound(record[key], depth + 1, limit);
      if (bytes === Number.POSITIVE_INFINITY || bytes > limit) return Number.POSITIVE_INFINITY;
    }
  }
  return bytes;
}
