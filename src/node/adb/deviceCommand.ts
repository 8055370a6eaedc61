// One device command over adb with what a diagnostic needs: exit status, stdout and stderr apart, byte caps with
// explicit truncation markers, a timeout, and cancellation that waits until adb has closed the stream.
import type { Duplex } from 'node:stream';
import { fail, ok, type Result } from '../../shared/errors';
import { toAppError, type AdbClient } from './adbkit';

/** The reference's status words (section 1.1). */
export type CommandStatus = 'complete' | 'partial' | 'failed' | 'timed_out';

export interface CommandResult {
  status: CommandStatus;
  /** null when the command timed out, was cancelled, or the transport gives no status. */
  exit_code: number | null;
  stdout: string;
  stderr: string;
  stdout_truncated: boolean;
  stderr_truncated: boolean;
  /**
   * How it ran: `shell_v2` (exit status and separate streams, Android 7+), or `shell` for devices without it, where
   * stderr arrives mixed into stdout (so `stderr` is empty) and the exit status is printed after a marker.
   */
  transport: 'shell_v2' | 'shell';
  duration_ms: number;
}

export interface DeviceCommandOptions {
  /** Default 30 s (the reference's execute_timeout_secs). */
  timeoutMs?: number;
  /** Per captured stream; default 1 MiB (tool_output_max_bytes). */
  maxBytesPerStream?: number;
  /** Bytes for the command's stdin (shell v2 only; refused on legacy devices). */
  stdin?: Uint8Array;
  /** Cancels the command: its adb stream is closed and the result waits until the stream has ended. */
  signal?: AbortSignal;
}

export const DEFAULT_COMMAND_TIMEOUT_MS = 30_000;
export const DEFAULT_STREAM_CAP_BYTES = 1_048_576;

/** Shell protocol v2 packet ids (adb's shell_protocol.h). */
const PACKET = { stdin: 0, stdout: 1, stderr: 2, exit: 3, closeStdin: 4 } as const;
const EXIT_MARKER = '__androperator_exit_status=';

/** The status word for a finished (not timed-out) command. */
export function statusOf(exitCode: number | null, stdout: string): CommandStatus {
  if (exitCode === 0) return 'complete';
  return stdout.trim() === '' ? 'failed' : 'partial';
}

/** Keeps at most `cap` bytes of a stream; what is dropped is counted for the marker. */
class CappedBuffer {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  dropped = 0;
  constructor(private readonly cap: number) {}
  push(data: Buffer): void {
    const room = this.cap - this.kept;
    if (room > 0) {
      const taken = data.length <= room ? data : data.subarray(0, room);
      this.chunks.push(taken);
      this.kept += taken.length;
    }
    this.dropped += Math.max(0, data.length - Math.max(0, room));
  }
  text(name: string): string {
    const body = Buffer.concat(this.chunks).toString('utf8');
    return this.dropped === 0
      ? body
      : `${body}\n[TRUNCATED: ${name} cut at ${this.cap} bytes, ${this.dropped} more bytes not kept]`;
  }
}

/** Splits shell v2 framing ([id u8][length u32le][data]) as chunks arrive. */
function shellV2Reader(onPacket: (id: number, data: Buffer) => void): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  return (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= 5) {
      const length = pending.readUInt32LE(1);
      if (pending.length < 5 + length) return;
      onPacket(pending.readUInt8(0), pending.subarray(5, 5 + length));
      pending = pending.subarray(5 + length);
    }
  };
}

function packet(id: number, data: Uint8Array): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt8(id, 0);
  header.writeUInt32LE(data.length, 1);
  return Buffer.concat([header, data]);
}

interface Collected {
  exitCode: number | null;
  ended: 'end' | 'timeout' | 'cancelled';
}

/**
 * Reads `stream` until it ends, the deadline passes or `signal` aborts; on the last two it destroys the stream and
 * resolves only once it has closed (adbd then ends the device process).
 */
function collect(
  stream: Duplex,
  onData: (chunk: Buffer) => void,
  exitCode: () => number | null,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<Collected> {
  return new Promise((resolve) => {
    let outcome: Collected['ended'] = 'end';
    let closed = false;
    const finish = (): void => {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve({ exitCode: outcome === 'end' ? exitCode() : null, ended: outcome });
    };
    const stop = (why: Collected['ended']): void => {
      if (closed || outcome !== 'end') return;
      outcome = why;
      stream.destroy();
    };
    const onAbort = (): void => stop('cancelled');
    const timer = setTimeout(() => stop('timeout'), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    stream.on('data', onData);
    stream.once('close', finish);
    stream.once('end', () => {
      // A stream that ends also closes; the end is what tells us the output is complete.
      stream.destroy();
    });
    stream.once('error', () => stream.destroy());
    if (signal?.aborted) onAbort();
  });
}

const transportCache = new WeakMap<AdbClient, Map<string, Promise<boolean>>>();

/** Whether the device serves shell v2 (asked once per client and serial; a failed question is asked again). */
function supportsShellV2(client: AdbClient, serial: string): Promise<boolean> {
  let bySerial = transportCache.get(client);
  if (!bySerial) {
    bySerial = new Map();
    transportCache.set(client, bySerial);
  }
  const known = bySerial.get(serial);
  if (known) return known;
  const asked = client.transportFeatures(serial).then((features) => features.includes('shell_v2'));
  bySerial.set(serial, asked);
  asked.catch(() => bySerial.delete(serial));
  return asked;
}

/**
 * Runs `command` (a /system/bin/sh command line; quote every value with shellQuote) on the device. Resolves to the
 * command's result whatever its exit status; rejects (as a Result) only when adb could not run it at all
 * (device gone, server down) or when stdin is given to a device without shell v2.
 */
export async function runDeviceCommand(
  client: AdbClient,
  serial: string,
  command: string,
  options: DeviceCommandOptions = {},
): Promise<Result<CommandResult>> {
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  const cap = options.maxBytesPerStream ?? DEFAULT_STREAM_CAP_BYTES;
  if (options.signal?.aborted) return fail('COMMAND_CANCELLED', `cancelled before running: ${command}`);
  let v2: boolean;
  try {
    v2 = await supportsShellV2(client, serial);
  } catch (error) {
    return fail(toAppError(error).code, `adb could not reach ${serial}: ${toAppError(error).message}`);
  }
  if (!v2 && options.stdin !== undefined)
    return fail(
      'DEVICE_SHELL_UNAVAILABLE',
      `${serial} has no shell v2 (Android 7 or later), which this command needs to receive its input`,
    );
  const stdout = new CappedBuffer(cap);
  const stderr = new CappedBuffer(cap);
  let exit: number | null = null;
  let stream: Duplex;
  try {
    stream = await client.openService(
      serial,
      v2 ? `shell,v2,raw:${command}` : `shell:(${command}); printf '\\n${EXIT_MARKER}%d\\n' "$?"`,
    );
  } catch (error) {
    const cause = toAppError(error);
    return fail(cause.code, `adb could not start a shell on ${serial}: ${cause.message}`);
  }
  let onData: (chunk: Buffer) => void;
  if (v2) {
    onData = shellV2Reader((id, data) => {
      if (id === PACKET.stdout) stdout.push(data);
      else if (id === PACKET.stderr) stderr.push(data);
      else if (id === PACKET.exit) exit = data.length > 0 ? data.readUInt8(0) : null;
    });
    stream.write(packet(PACKET.stdin, options.stdin ?? new Uint8Array()));
    stream.write(packet(PACKET.closeStdin, new Uint8Array()));
  } else onData = (chunk) => stdout.push(chunk);
  const collected = await collect(stream, onData, () => exit, timeoutMs, options.signal);
  let out = stdout.text('stdout');
  let exitCode = collected.exitCode;
  if (!v2) {
    // The marker line is ours, not the command's: take the status from it and drop it from stdout.
    const at = out.lastIndexOf(EXIT_MARKER);
    exitCode = null;
    if (at >= 0 && collected.ended === 'end') {
      exitCode = Number.parseInt(out.slice(at + EXIT_MARKER.length), 10);
      // Older adbd ran shell: on a pty, which writes our '\n' as '\r\n'.
      out = out.slice(0, at).replace(/\r?\n$/, '');
    }
  }
  if (collected.ended === 'cancelled')
    return fail('COMMAND_CANCELLED', `cancelled; the command's adb stream is closed: ${command}`);
  return ok({
    status: collected.ended === 'timeout' ? 'timed_out' : statusOf(exitCode, out),
    exit_code: exitCode,
    stdout: out,
    stderr: stderr.text('stderr'),
    stdout_truncated: stdout.dropped > 0,
    stderr_truncated: stderr.dropped > 0,
    transport: v2 ? 'shell_v2' : 'shell',
    duration_ms: Date.now() - started,
  });
}
