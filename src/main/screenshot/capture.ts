// Host screenshots: the device's `screencap -p` through adb, as fast as `adb exec-out screencap -p`.
import type { Duplex } from 'node:stream';
import { fail, ok, type Result } from '../../shared/errors';
import { DEFAULT_TIMEOUT_MS } from '../../shared/execution/limits';
import type { ScreenshotScale } from '../../shared/execution/types';
import { toAppError, type AdbClient } from '../../node/adb/adbkit';
import { checkPng, describeNonPng } from './png';
import { downscalePng } from './scale';

export interface CaptureOptions {
  scale: ScreenshotScale;
  /**
   * Bound on the whole capture, opening the stream included: a wedged SurfaceFlinger or adb server must not hang a
   * run. Executions pass what is left of their own timeout; without one, DEFAULT_CAPTURE_TIMEOUT_MS.
   */
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

/** The bound of a capture outside an execution (the console's manual capture): the executions' default timeout. */
export const DEFAULT_CAPTURE_TIMEOUT_MS = DEFAULT_TIMEOUT_MS;
/**
 * Why `exec:` through openLocal rather than AdbClient.screencap: adbkit's screencap runs `shell:echo && screencap -p`
 * and pipes every byte through a JavaScript line transform; the raw `exec:` service (the one `adb exec-out` uses,
 * API 21+) hands over the PNG bytes untouched. adbkit sends any service name containing ':' verbatim.
 */
const SCREENCAP_SERVICE = 'exec:screencap -p';

function timedOut(timeoutMs: number): Result<never> {
  return fail('EVIDENCE_CAPTURE_FAILED', `screencap did not finish within ${timeoutMs} ms`, {
    reason: 'timeout',
    timeoutMs,
  });
}

/**
 * Opens a screencap `service` (`exec:screencap -p`, or `exec:screencap` for raw pixels) and reads it to the end,
 * all before `deadlineMs`; a late stream is destroyed.
 */
export function readScreencap(
  client: AdbClient,
  serial: string,
  deadlineMs: number,
  timeoutMs: number,
  service: string = SCREENCAP_SERVICE,
): Promise<Result<Uint8Array>> {
  // No time left (an execution that spent its budget waiting for the envelope): do not start one.
  if (timeoutMs <= 0)
    return Promise.resolve(
      fail('EVIDENCE_CAPTURE_FAILED', "screencap was not started: the execution's timeout had run out", {
        reason: 'timeout',
        timeoutMs: 0,
      }),
    );
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    let stream: Duplex | undefined;
    const finish = (result: Result<Uint8Array>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stream?.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => finish(timedOut(timeoutMs)), Math.max(0, deadlineMs - Date.now()));
    client.openLocal(serial, service).then(
      (opened) => {
        stream = opened;
        // Opened after the deadline: nothing reads it.
        if (settled) {
          opened.destroy();
          return;
        }
        opened.on('data', (chunk: Buffer) => chunks.push(chunk));
        opened.once('end', () =>
          finish(ok(chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks))),
        );
        opened.once('error', (error: Error) =>
          finish(
            fail('EVIDENCE_CAPTURE_FAILED', `The screencap stream failed: ${error.message}`, {
              reason: 'stream',
            }),
          ),
        );
      },
      (error: unknown) => {
        const cause = toAppError(error, 'EVIDENCE_CAPTURE_FAILED');
        finish(
          fail(cause.code, `screencap could not start on ${serial}: ${cause.message}`, { reason: 'open' }),
        );
      },
    );
  });
}

/** The device's adb state, or 'unknown' when adb does not answer before the capture's `deadlineMs`. */
export async function deviceState(client: AdbClient, serial: string, deadlineMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('unknown'), Math.max(0, deadlineMs - Date.now()));
  });
  const listed = client.listDevices().then(
    (devices) => devices.find((entry) => entry.serial === serial)?.state ?? 'absent',
    () => 'unknown',
  );
  try {
    return await Promise.race([listed, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Captures the screen as PNG; checks the PNG (signature, IHDR, IEND) and decodes it only to scale it down. */
export async function captureScreen(
  client: AdbClient,
  serial: string,
  options: CaptureOptions,
): Promise<Result<Capture>> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CAPTURE_TIMEOUT_MS;
  const deadlineMs = Date.now() + timeoutMs;
  const read = await readScreencap(client, serial, deadlineMs, timeoutMs);
  if (!read.ok) return fail(read.error.code, read.error.message, { ...read.error.details, serial });
  const bytes = read.value;
  const checked = checkPng(bytes);
  if (!checked.ok) {
    // An empty or cut-off answer usually means the device went away mid-capture: say that, not "screen off".
    const state = await deviceState(client, serial, deadlineMs);
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
