// Public entry points: analyse a raw Perfetto trace from bytes or from a file read in chunks (never whole).
import { lstat, open } from 'node:fs/promises';
import type { Result } from '../../shared/errors';
import { fail, ok } from '../../shared/errors';
import type { AnalyzeOptionsInput } from '../../shared/trace/analyzeArguments';
import { analyzeOptionsSchema } from '../../shared/trace/analyzeArguments';
import type { TraceReport } from '../../shared/trace/report';
import { analyzeDecoded } from './analyze';
import { LIMITS, TraceDecoder } from './decode';
import { TraceError, readVarint } from './wireReader';

const NOT_RAW =
  'not a supported raw trace: the top level must be repeated TracePacket (field 1, length-delimited)';
const CHUNK = 1024 * 1024;

function magicError(head: Uint8Array): TraceError | null {
  if (head[0] === 0x1f && head[1] === 0x8b) {
    return new TraceError('TRACE_UNSUPPORTED', 'the trace is gzip-compressed; decompress it first (gunzip)');
  }
  if (head[0] === 0x28 && head[1] === 0xb5 && head[2] === 0x2f && head[3] === 0xfd) {
    return new TraceError('TRACE_UNSUPPORTED', 'the trace is zstd-compressed; decompress it first (zstd -d)');
  }
  return null;
}

/** Reads the top-level packet header at `pos`; returns [packetLength, headerEnd] or throws. */
function packetHeader(bytes: Uint8Array, pos: number, end: number): [number, number] {
  const [tag, afterTag] = readVarint(bytes, pos, end);
  if (tag !== 10) throw new TraceError('TRACE_MALFORMED', NOT_RAW);
  const [length, afterLength] = readVarint(bytes, afterTag, end);
  if (length > LIMITS.packetBytes) {
    throw new TraceError(
      'TRACE_TOO_LARGE',
      `a packet of ${length} bytes exceeds the ${LIMITS.packetBytes}-byte limit`,
    );
  }
  return [length, afterLength];
}

function toResult(run: () => TraceReport): Result<TraceReport> {
  try {
    return ok(run());
  } catch (error) {
    if (error instanceof TraceError) return fail(error.code, error.message);
    throw error;
  }
}

function parseOptions(options: AnalyzeOptionsInput) {
  return analyzeOptionsSchema.safeParse(options);
}

/** Analyses a whole in-memory trace. */
export function analyzeTraceBytes(bytes: Uint8Array, options: AnalyzeOptionsInput = {}): Result<TraceReport> {
  const parsed = parseOptions(options);
  if (!parsed.success)
    return fail('EXECUTION_VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'bad options');
  return toResult(() => {
    if (bytes.length > LIMITS.fileBytes) {
      throw new TraceError(
        'TRACE_TOO_LARGE',
        `the trace is ${bytes.length} bytes, above the ${LIMITS.fileBytes} limit`,
      );
    }
    const compressed = magicError(bytes);
    if (compressed) throw compressed;
    const decoder = new TraceDecoder(bytes.length);
    let pos = 0;
    while (pos < bytes.length) {
      const [length, start] = packetHeader(bytes, pos, bytes.length);
      if (start + length > bytes.length)
        throw new TraceError('TRACE_MALFORMED', 'malformed trace: truncated packet');
      decoder.packet(bytes.subarray(start, start + length));
      pos = start + length;
    }
    return analyzeDecoded(decoder.finish(), parsed.data);
  });
}

/** Analyses a raw trace file on this computer, read in 1 MiB chunks; refuses symlinks, directories, >64 MiB. */
export async function analyzeTraceFile(
  path: string,
  options: AnalyzeOptionsInput = {},
): Promise<Result<TraceReport>> {
  const parsed = parseOptions(options);
  if (!parsed.success)
    return fail('EXECUTION_VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'bad options');
  let info;
  try {
    info = await lstat(path);
  } catch {
    return fail('FILE_NOT_FOUND', `no trace file at ${path}`);
  }
  if (info.isSymbolicLink()) return fail('INVALID_PATH', `${path} is a symbolic link; pass the real file`);
  if (!info.isFile()) return fail('INVALID_PATH', `${path} is not a regular file`);
  if (info.size > LIMITS.fileBytes) {
    return fail('TRACE_TOO_LARGE', `${path} is ${info.size} bytes, above the ${LIMITS.fileBytes}-byte limit`);
  }
  const handle = await open(path, 'r');
  try {
    const decoder = new TraceDecoder(info.size);
    // Bytes are read into the free end of `buffer` and never overwritten: decoded packets may keep referring to
    // them. When a packet does not fit, its unread start moves to a new buffer (the only copy made).
    let buffer = Buffer.alloc(0);
    let filled = 0;
    let offset = 0;
    let total = 0;
    const fill = async (needed: number): Promise<boolean> => {
      while (filled - offset < needed) {
        if (buffer.length - offset < needed) {
          const next = Buffer.allocUnsafe(Math.max(CHUNK, needed));
          buffer.copy(next, 0, offset, filled);
          filled -= offset;
          offset = 0;
          buffer = next;
        }
        const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, null);
        if (bytesRead === 0) return false;
        total += bytesRead;
        if (total > LIMITS.fileBytes) {
          throw new TraceError('TRACE_TOO_LARGE', `${path} grew above the ${LIMITS.fileBytes}-byte limit`);
        }
        filled += bytesRead;
      }
      return true;
    };
    try {
      await fill(4);
      const compressed = magicError(buffer.subarray(0, filled));
      if (compressed) throw compressed;
      // fill() reads only when fewer than `needed` bytes are buffered: the check here first saves an async call
      // (a promise and a microtask turn) per packet for the many packets already in the buffer.
      const buffered = (needed: number): boolean => filled - offset >= needed;
      for (;;) {
        if (!buffered(1) && !(await fill(1))) break;
        if (!buffered(20)) await fill(20);
        const [length, start] = packetHeader(buffer, offset, Math.min(filled, offset + 20));
        // fill() may move the unread bytes to the start of a new buffer: keep the header length, not `start`.
        const headerLength = start - offset;
        if (!buffered(headerLength + length) && !(await fill(headerLength + length))) {
          throw new TraceError('TRACE_MALFORMED', 'malformed trace: truncated packet');
        }
        decoder.packet(buffer.subarray(offset + headerLength, offset + headerLength + length));
        offset += headerLength + length;
      }
      return ok(analyzeDecoded(decoder.finish(), parsed.data));
    } catch (error) {
      if (error instanceof TraceError) return fail(error.code, error.message);
      throw error;
    }
  } finally {
    await handle.close();
  }
}
