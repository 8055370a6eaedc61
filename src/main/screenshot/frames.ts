// Frames for a live screen (the console's Screen view): `screencap -p` (the device encodes the PNG) or raw
// `screencap` (pixels over adb, PNG encoded here), chosen per device by measuring both once. On a real phone the
// device's PNG encoder often costs more than moving ~10 MB of pixels over USB; on another it is the other way round,
// so the choice is measured, never assumed, and every frame says which method made it.
import sharp from 'sharp';
import { fail, ok, type Result } from '../../shared/errors';
import type { AdbClient } from '../../node/adb/adbkit';
import { captureScreen, DEFAULT_CAPTURE_TIMEOUT_MS, deviceState, readScreencap } from './capture';

export type FrameMethod = 'screencap-p' | 'raw';

export interface ScreenFrame {
  png: Uint8Array;
  widthPx: number;
  heightPx: number;
  method: FrameMethod;
  /** From asking the device to having the PNG (for `raw`, the host encode included). */
  captureMs: number;
  /** Host-side PNG encoding (raw only); null for `screencap -p`. */
  encodeMs: number | null;
}

export interface FrameOptions {
  timeoutMs?: number;
  /** `auto` (default): the method measured fastest on this device. */
  method?: 'auto' | FrameMethod;
  /** Checked before each capture starts; a capture in flight runs to its end or its timeout. */
  signal?: AbortSignal;
}

/** Pixel formats of screencap's raw header (android.graphics.PixelFormat / HAL): only 32-bit RGBA is decoded. */
const RGBA_8888 = 1;
const RGBX_8888 = 2;

/** A raw screencap answer: width, height, format as u32le, a u32 dataspace from Android 9 on, then the pixels. */
export function decodeRawScreencap(
  bytes: Uint8Array,
): Result<{ widthPx: number; heightPx: number; rgba: Uint8Array }> {
  if (bytes.length < 12)
    return fail(
      'EVIDENCE_CAPTURE_FAILED',
      `raw screencap answered ${bytes.length} bytes, too few for its header`,
      {
        reason: 'raw_header',
        bytes: bytes.length,
      },
    );
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const widthPx = view.getUint32(0, true);
  const heightPx = view.getUint32(4, true);
  const format = view.getUint32(8, true);
  const pixels = widthPx * heightPx * 4;
  // The header is 12 bytes before Android 9 and 16 after; what is left after the pixels tells which.
  const header = bytes.length - pixels;
  if (widthPx === 0 || heightPx === 0 || (header !== 12 && header !== 16))
    return fail(
      'EVIDENCE_CAPTURE_FAILED',
      `raw screencap answered ${bytes.length} bytes for ${widthPx}x${heightPx}: not a whole frame`,
      { reason: 'raw_length', bytes: bytes.length, widthPx, heightPx },
    );
  if (format !== RGBA_8888 && format !== RGBX_8888)
    return fail(
      'EVIDENCE_CAPTURE_FAILED',
      `raw screencap uses pixel format ${format}; only RGBA_8888 and RGBX_8888 are decoded (use screencap -p)`,
      { reason: 'raw_format', format },
    );
  const rgba = bytes.subarray(header);
  if (format === RGBX_8888) for (let index = 3; index < rgba.length; index += 4) rgba[index] = 0xff;
  return ok({ widthPx, heightPx, rgba });
}

async function rawFrame(client: AdbClient, serial: string, timeoutMs: number): Promise<Result<ScreenFrame>> {
  const started = performance.now();
  const deadlineMs = Date.now() + timeoutMs;
  const read = await readScreencap(client, serial, deadlineMs, timeoutMs, 'exec:screencap');
  if (!read.ok) return fail(read.error.code, read.error.message, { ...read.error.details, serial });
  const decoded = decodeRawScreencap(read.value);
  if (!decoded.ok) {
    const state = await deviceState(client, serial, deadlineMs);
    if (state !== 'device')
      return fail(
        'DEVICE_OFFLINE',
        `${serial} went ${state === 'absent' ? 'away' : state} during screencap`,
        {
          serial,
          reason: 'device_lost',
          adbState: state,
        },
      );
    return fail(decoded.error.code, decoded.error.message, { ...decoded.error.details, serial });
  }
  const { widthPx, heightPx, rgba } = decoded.value;
  const encodeStarted = performance.now();
  // Level 1: a live frame is shown once; speed matters more than a few hundred KB.
  const png = await sharp(rgba, { raw: { width: widthPx, height: heightPx, channels: 4 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const done = performance.now();
  return ok({
    png: new Uint8Array(png),
    widthPx,
    heightPx,
    method: 'raw',
    captureMs: done - started,
    encodeMs: done - encodeStarted,
  });
}

async function pngFrame(client: AdbClient, serial: string, timeoutMs: number): Promise<Result<ScreenFrame>> {
  const started = performance.now();
  const capture = await captureScreen(client, serial, { scale: 100, timeoutMs });
  if (!capture.ok) return capture;
  return ok({
    png: capture.value.png,
    widthPx: capture.value.widthPx,
    heightPx: capture.value.heightPx,
    method: 'screencap-p',
    captureMs: performance.now() - started,
    encodeMs: null,
  });
}

/** The method measured fastest per device, with what was measured and for which screen size. */
export interface MethodChoice {
  method: FrameMethod;
  measuredMs: Record<FrameMethod, number>;
  widthPx: number;
  heightPx: number;
}

const choices = new Map<string, MethodChoice>();

/** What `auto` chose for a device (null before its first frame). */
export function frameMethodOf(serial: string): MethodChoice | null {
  return choices.get(serial) ?? null;
}

/** Forgets a device's choice (it went away, or its screen may have changed). */
export function forgetFrameMethod(serial: string): void {
  choices.delete(serial);
}

const aborted = (signal: AbortSignal | undefined): boolean => signal?.aborted === true;

function cancelled(serial: string): Result<never> {
  return fail('COMMAND_CANCELLED', `the frame capture on ${serial} was cancelled before it started`, {
    serial,
  });
}

/**
 * One frame. `auto` measures both methods on the device's first frame (`screencap -p`, raw, `screencap -p`) and
 * keeps the faster until the screen size changes; a failing raw capture makes `screencap -p` the choice.
 */
export async function captureScreenFrame(
  client: AdbClient,
  serial: string,
  options: FrameOptions = {},
): Promise<Result<ScreenFrame>> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CAPTURE_TIMEOUT_MS;
  const method = options.method ?? 'auto';
  if (aborted(options.signal)) return cancelled(serial);
  if (method === 'raw') return rawFrame(client, serial, timeoutMs);
  if (method === 'screencap-p') return pngFrame(client, serial, timeoutMs);
  const known = choices.get(serial);
  if (known !== undefined) {
    const frame = await (known.method === 'raw' ? rawFrame : pngFrame)(client, serial, timeoutMs);
    if (frame.ok && (frame.value.widthPx !== known.widthPx || frame.value.heightPx !== known.heightPx))
      choices.delete(serial);
    if (!frame.ok && known.method === 'raw') choices.delete(serial);
    return frame;
  }
  // screencap -p before and after raw, keeping its faster run: whichever goes first pays the device's warm-up (a
  // first PNG encode, a cold cache), which must not decide the choice.
  const firstPng = await pngFrame(client, serial, timeoutMs);
  if (!firstPng.ok) return firstPng;
  if (aborted(options.signal)) return firstPng;
  const viaRaw = await rawFrame(client, serial, timeoutMs);
  const againPng = await pngFrame(client, serial, timeoutMs);
  const viaPng = againPng.ok && againPng.value.captureMs < firstPng.value.captureMs ? againPng : firstPng;
  const raw = viaRaw.ok ? viaRaw.value.captureMs : Number.POSITIVE_INFINITY;
  const fastest = viaRaw.ok && raw < viaPng.value.captureMs ? viaRaw : againPng.ok ? againPng : firstPng;
  choices.set(serial, {
    method: fastest.value.method,
    measuredMs: { 'screencap-p': viaPng.value.captureMs, raw },
    widthPx: fastest.value.widthPx,
    heightPx: fastest.value.heightPx,
  });
  return fastest;
}
