// Pulls a raw trace the caller names on the device (analyze_system_trace `path`) into a private host folder: the
// path is checked on the host (absolute, allow-listed characters, no `..`), then `stat` on the device refuses
// symlinks, directories and files above the 64 MiB limit before anything is pulled.
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fail, ok, type Result } from '../../shared/errors';
import { shellQuote } from '../../shared/android/shellQuote';
import { toAppError } from '../../node/adb/adbkit';
import { LIMITS } from '../../node/trace/decode';
import { commandFailure } from '../android/outcome';
import type { AndroidToolContext } from '../android/tool';

const DEVICE_PATH = /^\/[A-Za-z0-9._/+-]{1,4095}$/;

/** Host-side rule for a device trace path; the message says what to fix. */
export function checkDevicePath(path: string): Result<string> {
  if (!DEVICE_PATH.test(path))
    return fail(
      'INVALID_PATH',
      'path must be an absolute device path of letters, digits and . _ / + - (e.g. /data/local/tmp/example.pftrace)',
      { field: 'path' },
    );
  if (path.split('/').some((part) => part === '..' || part === '.'))
    return fail('INVALID_PATH', 'path must not contain . or .. components', { field: 'path' });
  return ok(path);
}

/** A pulled copy: its host path and a cleanup that removes the private folder. */
export interface PulledTrace {
  hostPath: string;
  remove(): Promise<void>;
}

/** `stat -c '%F|%s'` first (read-only), then `adb pull` into a fresh 0700 folder as a 0600 file created with 'wx'. */
export async function pullDeviceTrace(
  context: AndroidToolContext,
  path: string,
): Promise<Result<PulledTrace>> {
  const checked = checkDevicePath(path);
  if (!checked.ok) return checked;
  const device = context.device;
  if (!device)
    return fail('MISSING_ARGUMENT', 'path names a file on a device: pass device (the adb serial)', {
      field: 'device',
    });
  const command = `stat -c '%F|%s' ${shellQuote(path)}`;
  const stat = await context.run(command, { timeoutMs: 10_000, maxBytesPerStream: 4096 });
  if (!stat.ok) return stat;
  if (stat.value.exit_code !== 0 && /no such file/i.test(stat.value.stderr + stat.value.stdout))
    return fail(
      'FILE_NOT_FOUND',
      `no file at ${path} on ${device.serial}: check the path (adb shell ls -l)`,
      {
        path,
      },
    );
  const failure = commandFailure(command, stat.value);
  if (failure) return failure;
  const [kind = '', sizeText = ''] = stat.value.stdout.trim().split('|');
  if (kind === 'symbolic link')
    return fail('INVALID_PATH', `${path} is a symbolic link on the device; pass the real file`, { path });
  if (kind !== 'regular file' && kind !== 'regular empty file')
    return fail('INVALID_PATH', `${path} is not a regular file on the device (${kind || 'unknown type'})`, {
      path,
    });
  const size = Number(sizeText);
  if (!Number.isSafeInteger(size))
    return fail('ANDROID_COMMAND_FAILED', `stat printed no size for ${path}: ${stat.value.stdout.trim()}`);
  if (size > LIMITS.fileBytes)
    return fail(
      'TRACE_TOO_LARGE',
      `${path} is ${size} bytes on the device, above the ${LIMITS.fileBytes}-byte limit`,
      { path, bytes: size },
    );
  let data: Buffer;
  try {
    data = await device.client.pull(device.serial, path);
  } catch (error) {
    return fail('ANDROID_COMMAND_FAILED', `adb pull ${path} failed: ${toAppError(error).message}`, { path });
  }
  if (data.length > LIMITS.fileBytes)
    return fail('TRACE_TOO_LARGE', `${path} grew above the ${LIMITS.fileBytes}-byte limit while pulled`);
  let folder: string;
  try {
    folder = await mkdtemp(join(tmpdir(), 'androperator-trace-'));
  } catch (error) {
    return fail('FILE_WRITE_FAILED', `cannot create a private folder for the pulled trace: ${String(error)}`);
  }
  const hostPath = join(folder, 'device.pftrace');
  const remove = () => rm(folder, { recursive: true, force: true });
  try {
    const handle = await open(hostPath, 'wx', 0o600);
    try {
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
  } catch (error) {
    await remove();
    return fail('FILE_WRITE_FAILED', `cannot write the pulled trace to ${hostPath}: ${String(error)}`);
  }
  return ok({ hostPath, remove });
}
