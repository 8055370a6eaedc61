// Host screenshots: the device's `screencap -p` through adb, as fast as `adb exec-out screencap -p`.
import type { Duplex } from 'node:stream';
import { fail, ok, type Result } from '../../shared/errors';
import type { ScreenshotScale } from '../../shared/execution/types';
import { toAppError, type AdbClient } from '../../node/adb/adbkit';
import { checkPng, describeNonPng } from './png';
import { downscalePng } from './scale';

export interface CaptureOptions {
  scale: ScreenshotScale;
  /** Bound on the whole capture (default 20 s): a wedged SurfaceFlinger must not hang a run. */
  timeoutMs?: number;
}

export interface Capture {
  png: Uint8Array;
  /** Size of `png`. */
  widthPx: number;
  heightPx: number;
  /** Size of the device capture before scaling. */
  deviceWidthPx: number;
  deviceHeightPx: number;
  appliedScale: ScreenshotScale;
}

const DEFAULT_TIMEOUT_MS = 20_000;
/**
 * Why `exec:` through openLocal rather than AdbClient.screencap: adbkit's screencap runs `shell:echo && screencap -p`
 * and pipes every byte through a JavaScript line transform; the raw `exec:` service (the one `adb exec-out` uses,
 * API 21+) hands over the PNG bytes untouched. adbkit sends any service name containing ':' verbatim.
 */
const SCREENCAP_SERVICE = 'exec:screencap -p';

function readToEnd(stream: Duplex, timeoutMs: number): Promise<Result<Uint8Array>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (result: Result<Uint8Array>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(() => {
      stream.destroy();
      finish(
        fail('EVIDENCE_CAPTURE_FAILED', `screencap did not finish within ${timeoutMs} ms`, {
          reason: 'timeout',
        }),
      );
    }, timeoutMs);
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('end', () =>
      finish(ok(chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks))),
    );
    stream.once('error', (error: Error) =>
      finish(
        fail('EVIDENCE_CAPTURE_FAILED', `The screencap stream failed: ${error.message}`, {
          reason: 'stream',
        }),
      ),
    );
  });
}

async function deviceState(client: AdbClient, serial: string): Promise<string> {
  try {
    const listed = await client.listDevices();
    return listed.find((entry) => entry.serial === serial)?.state ?? 'absent';
  } catch {
    return 'unknown';
  }
}

/** Captures the screen as PNG; checks the PNG (signature, IHDR, IEND) and decodes it only to scale it down. */
export async function captureScreen(
  client: AdbClient,
  serial: string,
  options: CaptureOptions,
): Promise<Result<Capture>> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let stream: Duplex;
  try {
    stream = await client.openLocal(serial, SCREENCAP_SERVICE);
  } catch (error) {
    const cause = toAppError(error, 'EVIDENCE_CAPTURE_FAILED');
    return fail(cause.code, `screencap could not start on ${serial}: ${cause.message}`, {
      serial,
      reason: 'open',
    });
  }
  let bytes: Uint8Array;
  try {
    const read = await readToEnd(stream, timeoutMs);
    if (!read.ok) return fail(read.error.code, read.error.message, { ...read.error.details, serial });
    bytes = read.value;
  } finally {
    stream.destroy();
  }
  const checked = checkPng(bytes);
  if (!checked.ok) {
    // An empty or cut-off answer usually means the device went away mid-capture: say that, not "screen off".
    const state = await deviceState(client, serial);
    if (state !== 'device') {
      return fail(
        'DEVICE_OFFLINE',
        `${serial} went ${state === 'absent' ? 'away' : state} during screencap; reconnect it and capture again.`,
        { serial, reason: 'device_lost', adbState: state, bytes: bytes.length },
      );
    }
    return fail(
      'EVIDENCE_CAPTURE_FAILED',
      `screencap on ${serial} did not return a PNG (${checked.error}): ${describeNonPng(bytes)}`,
      {
        serial,
        reason: 'not_png',
        bytes: bytes.length,
      },
    );
  }
  const device = { deviceWidthPx: checked.value.widthPx, deviceHeightPx: checked.value.heightPx };
  if (options.scale === 100) {
    return ok({
      png: bytes,
      widthPx: checked.value.widthPx,
      heightPx: checked.value.heightPx,
      ...device,
      appliedScale: 100,
    });
  }
  const scaled = await downscalePng(bytes, options.scale);
  if (!scaled.ok) return fail(scaled.error.code, scaled.error.message, { ...scaled.error.details, serial });
  const rechecked = checkPng(scaled.value.png);
  if (!rechecked.ok)
    return fail('EVIDENCE_CAPTURE_FAILED', `The scaled screenshot is not a valid PNG (${rechecked.error})`, {
      serial,
      reason: 'scaled_not_png',
    });
  return ok({ ...scaled.value, ...device, appliedScale: options.scale });
}
