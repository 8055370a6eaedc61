// What a card shows of an android:run answer or error: the status word, caveats, the command's output. Pure.
import type { AppError } from '../../../shared/errors';

export const STATUS_WORDS = ['complete', 'partial', 'failed', 'timed_out'] as const;
export type StatusWord = (typeof STATUS_WORDS)[number];

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function statusWord(value: unknown): StatusWord | undefined {
  return (STATUS_WORDS as readonly unknown[]).includes(value) ? (value as StatusWord) : undefined;
}

/** The result's status word: its own `status`, else its command's (`result.status`). */
export function statusOf(result: unknown): StatusWord | undefined {
  const top = record(result);
  return statusWord(top?.['status']) ?? statusWord(record(top?.['result'])?.['status']);
}

/** A tool error's status word (failed and timed-out commands carry it), else failed. */
export function errorStatusOf(error: AppError): StatusWord {
  return (
    statusWord(error.details?.['status']) ??
    (error.code === 'ANDROID_COMMAND_TIMED_OUT' ? 'timed_out' : 'failed')
  );
}

/** The result's caveats (a list of sentences), when it has any. */
export function caveatsOf(result: unknown): string[] {
  const top = record(result);
  const caveats = top?.['caveats'] ?? record(top?.['result'])?.['caveats'];
  return Array.isArray(caveats)
    ? caveats.filter((caveat): caveat is string => typeof caveat === 'string')
    : [];
}

/** The command's standard output, for the one-command results (`{kind, command, result: {stdout}}`). */
export function outputOf(result: unknown): string | undefined {
  const stdout = record(record(result)?.['result'])?.['stdout'];
  return typeof stdout === 'string' ? stdout : undefined;
}

/** Top-level scalar fields of a result (the environment card lists them). */
export function summaryOf(result: unknown): Array<[string, string]> {
  return Object.entries(record(result) ?? {}).flatMap(([key, value]): Array<[string, string]> =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? [[key, String(value)]]
      : [],
  );
}
