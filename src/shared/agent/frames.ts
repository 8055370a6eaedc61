// Agent protocol framing (docs/operator-protocol.md): 4-byte big-endian length, then UTF-8 JSON of one object.
import { ok, type Result } from '../errors';

export const MAX_FRAME_BYTES = 4 * 1024 * 1024;

export type FrameError =
  { reason: 'too_large'; length: number } | { reason: 'invalid_json' | 'not_object'; detail: string };

/** One decoded frame: the JSON object it holds, or why it is not one. */
export type DecodedFrame = Result<Record<string, unknown>, FrameError>;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Encodes one message as a frame. */
export function encodeFrame(message: object): Uint8Array {
  const body = encoder.encode(JSON.stringify(message));
  const frame = new Uint8Array(4 + body.length);
  new DataView(frame.buffer).setUint32(0, body.length, false);
  frame.set(body, 4);
  return frame;
}

/** Incremental decoder: push chunks as they arrive, take whole frames out. */
export class FrameDecoder {
  private buffer = new Uint8Array(0);

  /** Appends bytes and returns every frame completed by them (a failed frame ends decoding: close the stream). */
  push(chunk: Uint8Array): DecodedFrame[] {
    const joined = new Uint8Array(this.buffer.length + chunk.length);
    joined.set(this.buffer, 0);
    joined.set(chunk, this.buffer.length);
    this.buffer = joined;
    const frames: DecodedFrame[] = [];
    while (this.buffer.length >= 4) {
      const length = new DataView(this.buffer.buffer, this.buffer.byteOffset, 4).getUint32(0, false);
      if (length > MAX_FRAME_BYTES) {
        frames.push({ ok: false, error: { reason: 'too_large', length } });
        this.buffer = new Uint8Array(0);
        return frames;
      }
      if (this.buffer.length < 4 + length) break;
      const body = this.buffer.subarray(4, 4 + length);
      this.buffer = this.buffer.slice(4 + length);
      const decoded = decodeBody(body);
      frames.push(decoded);
      if (!decoded.ok) {
        this.buffer = new Uint8Array(0);
        return frames;
      }
    }
    return frames;
  }

  /** Bytes received that do not yet form a whole frame. */
  get pendingBytes(): number {
    return this.buffer.length;
  }
}

function decodeBody(body: Uint8Array): DecodedFrame {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(body));
  } catch (error) {
    return {
      ok: false,
      error: { reason: 'invalid_json', detail: error instanceof Error ? error.message : String(error) },
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      error: {
        reason: 'not_object',
        detail: `frame holds ${Array.isArray(value) ? 'an array' : typeof value}`,
      },
    };
  }
  return ok(value as Record<string, unknown>);
}
