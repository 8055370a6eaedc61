// The device side of a system trace: what perfetto's tracing service offers (`perfetto --query-raw`, linux.ftrace
// required), the sources a capture uses, and one bounded perfetto command.
import type { Duplex } from 'node:stream';
import { fail, ok, type Result } from '../../shared/errors';
import { toAppError } from '../../node/adb/adbkit';
import type { CommandResult } from '../../node/adb/deviceCommand';
import type { AndroidToolContext } from '../android/tool';
import { advertisedDataSources, FRAME_TIMELINE, FTRACE, PROCESS_STATS } from './perfettoProto';

/** Each perfetto call's bound (reference 8.2.5). */
export const PERFETTO_TIMEOUT_MS = 35_000;
const QUERY_MAX_BYTES = 1_048_576;

/** `perfetto --query-raw` over `exec:` (its stdout is binary, so it is read as bytes), bounded and cancellable. */
async function queryRaw(context: AndroidToolContext): Promise<Result<Buffer>> {
  const device = context.device;
  if (!device) return fail('MISSING_ARGUMENT', 'a device is needed to probe perfetto');
  let stream: Duplex;
  try {
    stream = await device.client.openService(device.serial, 'exec:perfetto --query-raw');
  } catch (error) {
    const cause = toAppError(error);
    return fail(cause.code, `adb could not run perfetto --query-raw on ${device.serial}: ${cause.message}`);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let outcome: 'end' | 'timeout' | 'cancelled' | 'too_large' = 'end';
    const stop = (why: typeof outcome): void => {
      if (outcome !== 'end') return;
      outcome = why;
      stream.destroy();
    };
    const onAbort = (): void => stop('cancelled');
    const timer = setTimeout(() => stop('timeout'), PERFETTO_TIMEOUT_MS);
    context.signal.addEventListener('abort', onAbort, { once: true });
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > QUERY_MAX_BYTES) stop('too_large');
      else chunks.push(chunk);
    });
    stream.once('end', () => stream.destroy());
    stream.once('error', () => stream.destroy());
    stream.once('close', () => {
      clearTimeout(timer);
      context.signal.removeEventListener('abort', onAbort);
      if (outcome === 'cancelled')
        resolve(fail('COMMAND_CANCELLED', 'cancelled during perfetto --query-raw'));
      else if (outcome === 'timeout')
        resolve(fail('ANDROID_COMMAND_TIMED_OUT', 'perfetto --query-raw did not answer within 35 s'));
      else if (outcome === 'too_large')
        resolve(fail('SYSTEM_TRACE_UNAVAILABLE', 'perfetto --query-raw printed more than 1 MiB'));
      else resolve(ok(Buffer.concat(chunks)));
    });
  });
}

/** The data sources traced offers, with linux.ftrace required. */
export async function probe(context: AndroidToolContext): Promise<Result<string[]>> {
  const raw = await queryRaw(context);
  if (!raw.ok) return raw;
  let names: string[];
  try {
    names = advertisedDataSources(raw.value);
  } catch {
    names = [];
  }
  if (!names.includes(FTRACE))
    return fail(
      'SYSTEM_TRACE_UNAVAILABLE',
      `the device's tracing service does not offer ${FTRACE} (perfetto --query-raw): system traces need /system/bin/perfetto and traced (Android 11+, or setprop persist.traced.enable 1)`,
      {
        query_raw_text: raw.value
          .toString('utf8')
          .replace(/[^\x20-\x7e\n]/g, '')
          .slice(0, 512),
      },
    );
  return ok(names);
}

/** Runs one perfetto command with the 35 s bound; ANDROID_COMMAND_* when adb could not run it or it timed out. */
export async function perfetto(
  context: AndroidToolContext,
  command: string,
  stdin?: Uint8Array,
): Promise<Result<CommandResult>> {
  return context.run(command, { timeoutMs: PERFETTO_TIMEOUT_MS, ...(stdin ? { stdin } : {}) });
}

export function captureSources(advertised: readonly string[]): string[] {
  return [FTRACE, ...[PROCESS_STATS, FRAME_TIMELINE].filter((name) => advertised.includes(name))];
}

export function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name) => b.includes(name));
}
