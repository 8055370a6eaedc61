// A bounded protobuf wire reader (no protobufjs): varints of at most 10 bytes, groups (wire types 3/4) refused,
// at most MAX_FIELDS_PER_MESSAGE fields per message. Throws TraceError on anything malformed.
import type { ErrorCode } from '../../shared/errors';

export const MAX_FIELDS_PER_MESSAGE = 100_000;

export class TraceError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'TraceError';
  }
}

export function malformed(message: string): TraceError {
  return new TraceError('TRACE_MALFORMED', `malformed trace: ${message}`);
}

/** Reads one varint at `pos` of `bytes` (below `end`); returns [value, next]. Values above 2^53 lose precision. */
export function readVarint(bytes: Uint8Array, pos: number, end: number): [number, number] {
  let value = 0;
  let scale = 1;
  for (let i = 0; i < 10; i++) {
    if (pos >= end) throw malformed('truncated varint');
    const byte = bytes[pos++] ?? 0;
    value += (byte & 0x7f) * scale;
    if ((byte & 0x80) === 0) return [value, pos];
    scale *= 128;
  }
  throw malformed('varint longer than 10 bytes');
}

/** One field: varint value, or a [start, end) slice for length-delimited fields; fixed fields are skipped. */
export interface Field {
  field: number;
  wireType: number;
  value: number;
  start: number;
  end: number;
}

/** Calls `visit` for each field of the message at bytes[start, end). */
export function walkFields(
  bytes: Uint8Array,
  start: number,
  end: number,
  visit: (field: Field) => void,
): void {
  let pos = start;
  let count = 0;
  const current: Field = { field: 0, wireType: 0, value: 0, start: 0, end: 0 };
  while (pos < end) {
    if (++count > MAX_FIELDS_PER_MESSAGE) {
      throw new TraceError(
        'TRACE_LIMIT_EXCEEDED',
        `a message has more than ${MAX_FIELDS_PER_MESSAGE} fields`,
      );
    }
    const [tag, afterTag] = readVarint(bytes, pos, end);
    pos = afterTag;
    const wireType = tag % 8;
    const field = Math.floor(tag / 8);
    if (field === 0) throw malformed('field number 0');
    current.field = field;
    current.wireType = wireType;
    current.value = 0;
    switch (wireType) {
      case 0: {
        const [value, next] = readVarint(bytes, pos, end);
        current.value = value;
        pos = next;
        break;
      }
      case 1:
        if (pos + 8 > end) throw malformed('truncated fixed64');
        pos += 8;
        break;
      case 2: {
        const [length, next] = readVarint(bytes, pos, end);
        if (next + length > end) throw malformed('length-delimited field runs past its message');
        current.start = next;
        current.end = next + length;
        pos = next + length;
        break;
      }
      case 5:
        if (pos + 4 > end) throw malformed('truncated fixed32');
        pos += 4;
        break;
      default:
        throw malformed(`wire type ${wireType} (groups are not supported)`);
    }
    visit(current);
  }
}

const decoder = new TextDecoder('utf-8', { fatal: false });

/** A string field stripped of control characters and cut to 256 chars. */
export function readString(bytes: Uint8Array, start: number, end: number): string {
  const limited = Math.min(end, start + 1024);
  let text = '';
  for (const char of decoder.decode(bytes.subarray(start, limited))) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0x20 && !(code >= 0x7f && code <= 0x9f)) text += char;
    if (text.length >= 256) break;
  }
  return text.slice(0, 256);
}
