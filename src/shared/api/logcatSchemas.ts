// The console's live logcat follow (logcat:start / logcat:stop / logcat:redaction and the logcat:batch and
// logcat:ended events), declared once: inputs, answers and event payloads, with their zod schemas.
import { z } from 'zod';
import type { AppError } from '../errors';
import { LOG_PRIORITIES, type LogEntry, type LogPriority } from '../logcat/entry';
import { exactSchema } from './exactSchema';
import { fieldCodes, serialSchema } from './fieldRules';
import { answeredErrorSchema } from './outputParts';

/** `-T <n>` bounds of a follow (src/main/logcat/stream.ts MAX_FOLLOW_TAIL). */
export const MAX_FOLLOW_TAIL_LINES = 50_000;
export const DEFAULT_FOLLOW_TAIL_LINES = 500;
export const MAX_FOLLOW_QUERY_LENGTH = 1000;
/** Bounds of a follow's cap, lines/s sent to the page (src/main/logcat/followPacer.ts). */
export const MIN_FOLLOW_RATE = 10;
export const MAX_FOLLOW_RATE = 100_000;

/** One followed line: its sequence number in the follow (gaps are drops), the entry, the values redacted. */
export interface LogcatLine {
  seq: number;
  entry: LogEntry;
  redactions: number;
}

/** Lines the follow skipped because its cap was exceeded: `count` lines just before `lines[at]` of the batch. */
export interface LogcatSkip {
  at: number;
  count: number;
}

/** logcat:start's answer. */
export interface LogcatFollowInfo {
  followId: string;
  serial: string;
  /** The exact device command. */
  command: string;
  /** The follow's own filter (applied before lines leave the console's main side); '' = every line. */
  query: string;
  redacting: boolean;
  /** What redaction cannot promise (REDACTION_CAVEAT). */
  caveat: string;
  startedAt: string;
  /**
   * The device clock read before the follow opened (device and host epoch ms, UTC offset), so `age:` and time
   * windows measure from the device's now; null when it could not be read (lines then carry no epoch_ms).
   */
  deviceClock?: { deviceMs: number; hostMs: number; utcOffset: string } | null;
  /** The follow's cap: lines/s sent at most; beyond it (after a second's backlog) the oldest are skipped, marked. */
  maxLinesPerSecond?: number;
}

/** Counts of a follow so far. */
export interface LogcatFollowCounts {
  followId: string;
  serial: string;
  /** Lines read from the device that passed the follow's query (sent or dropped). */
  received: number;
  /**
   * Lines skipped (oldest first) because more arrived than the follow's cap sends; every skip is marked in a
   * batch's `skips` with its exact count, so none is dropped silently.
   */
  dropped: number;
}

/** logcat:batch: lines of one follow since the last batch. */
export interface LogcatBatchEvent extends LogcatFollowCounts {
  lines: LogcatLine[];
  /** Lines of other formats skipped so far. */
  unparsed: number;
  /** Process names of pids first seen since the last batch (for `package:` queries). */
  processes: { pid: number; name: string }[];
  /** Skips between this batch's lines (absent: none). */
  skips?: LogcatSkip[];
}

/** logcat:ended: the follow ended without a stop (device unplugged, stream closed); `error` says why. */
export interface LogcatEndedEvent extends LogcatFollowCounts {
  error: AppError;
}

const FOLLOW_ID_RULE = 'must be the followId logcat:start answered';
const followIdSchema = z
  .string({ error: FOLLOW_ID_RULE })
  .regex(/^lf-[0-9a-z]{1,24}$/, FOLLOW_ID_RULE)
  .register(fieldCodes, { code: 'NOT_FOUND' });
const TAIL_RULE = `must be an integer from 1 to ${MAX_FOLLOW_TAIL_LINES} (recent lines to start with)`;
const QUERY_RULE = `must be a logcat query of at most ${MAX_FOLLOW_QUERY_LENGTH} characters`;
const REDACT_RULE = 'must be true or false';
const RATE_RULE = `must be an integer from ${MIN_FOLLOW_RATE} to ${MAX_FOLLOW_RATE} (lines/s sent at most)`;

export const logcatChannelSchemas = {
  'logcat:start': z.strictObject({
    serial: serialSchema,
    query: z.string({ error: QUERY_RULE }).max(MAX_FOLLOW_QUERY_LENGTH, QUERY_RULE).optional(),
    redact: z.boolean({ error: REDACT_RULE }).optional(),
    tail: z.int({ error: TAIL_RULE }).min(1, TAIL_RULE).max(MAX_FOLLOW_TAIL_LINES, TAIL_RULE).optional(),
    maxLinesPerSecond: z
      .int({ error: RATE_RULE })
      .min(MIN_FOLLOW_RATE, RATE_RULE)
      .max(MAX_FOLLOW_RATE, RATE_RULE)
      .optional(),
  }),
  'logcat:stop': z.strictObject({ followId: followIdSchema }),
  'logcat:redaction': z.strictObject({
    followId: followIdSchema,
    redact: z.boolean({ error: REDACT_RULE }),
  }),
} as const;

const entrySchema = exactSchema<LogEntry>()(
  z.object({
    time: z.string(),
    epoch_ms: z.number().nullable(),
    pid: z.number(),
    tid: z.number(),
    uid: z.string().nullable(),
    priority: z.enum(LOG_PRIORITIES as [LogPriority, ...LogPriority[]]),
    tag: z.string(),
    message: z.string(),
  }),
);

const countsShape = { followId: z.string(), serial: z.string(), received: z.number(), dropped: z.number() };

export const logcatFollowInfoSchema = exactSchema<LogcatFollowInfo>()(
  z.object({
    followId: z.string(),
    serial: z.string(),
    command: z.string(),
    query: z.string(),
    redacting: z.boolean(),
    caveat: z.string(),
    startedAt: z.string(),
    deviceClock: z
      .object({ deviceMs: z.number(), hostMs: z.number(), utcOffset: z.string() })
      .nullable()
      .optional(),
    maxLinesPerSecond: z.number().optional(),
  }),
);

export const logcatCountsSchema = exactSchema<LogcatFollowCounts>()(z.object(countsShape));

export const logcatBatchSchema = exactSchema<LogcatBatchEvent>()(
  z.object({
    ...countsShape,
    lines: z.array(z.object({ seq: z.number(), entry: entrySchema, redactions: z.number() })),
    unparsed: z.number(),
    processes: z.array(z.object({ pid: z.number(), name: z.string() })),
    skips: z.array(z.object({ at: z.number(), count: z.number() })).optional(),
  }),
);

export const logcatEndedSchema = exactSchema<LogcatEndedEvent>()(
  z.object({ ...countsShape, error: answeredErrorSchema }),
);
