import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameDecoder, MAX_FRAME_BYTES } from './frames';

describe('agent frames', () => {
  it('round-trips a message split at every byte boundary', () => {
    const frame = encodeFrame({ v: 1, type: 'hello', id: 'h1', text: 'Grüße 😀' });
    for (let split = 0; split <= frame.length; split += 1) {
      const decoder = new FrameDecoder();
      const frames = [...decoder.push(frame.subarray(0, split)), ...decoder.push(frame.subarray(split))];
      expect(frames).toEqual([{ ok: true, value: { v: 1, type: 'hello', id: 'h1', text: 'Grüße 😀' } }]);
      expect(decoder.pendingBytes).toBe(0);
    }
  });

  it('decodes several coalesced frames in order and keeps a partial tail', () => {
    const a = encodeFrame({ n: 1 });
    const b = encodeFrame({ n: 2 });
    const joined = new Uint8Array([...a, ...b, ...b.subarray(0, 3)]);
    const decoder = new FrameDecoder();
    expect(decoder.push(joined).map((f) => (f.ok ? f.value.n : null))).toEqual([1, 2]);
    expect(decoder.pendingBytes).toBe(3);
  });

  it('writes the length big-endian', () => {
    const frame = encodeFrame({});
    expect([...frame.subarray(0, 4)]).toEqual([0, 0, 0, 2]);
  });

  it('rejects an oversized length, invalid JSON, invalid UTF-8 and non-objects', () => {
    const big = new Uint8Array(4);
    new DataView(big.buffer).setUint32(0, MAX_FRAME_BYTES + 1, false);
    expect(new FrameDecoder().push(big)).toEqual([
      { ok: false, error: { reason: 'too_large', length: MAX_FRAME_BYTES + 1 } },
    ]);
    const bad = (body: number[]): unknown =>
      new FrameDecoder().push(new Uint8Array([0, 0, 0, body.length, ...body]))[0];
    expect(bad([...'{x'].map((c) => c.charCodeAt(0)))).toMatchObject({
      ok: false,
      error: { reason: 'invalid_json' },
    });
    expect(bad([0xff, 0xfe])).toMatchObject({ ok: false, error: { reason: 'invalid_json' } });
    expect(bad([...'[1]'].map((c) => c.charCodeAt(0)))).toMatchObject({
      ok: false,
      error: { reason: 'not_object' },
    });
  });
});
