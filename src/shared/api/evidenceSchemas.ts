// run.json, declared once: the evidence store reads stored records with this schema, and the renderer parses
// evidence:get answers with it. A problem names the field (`steps[1].status`).
import { z } from 'zod';
import { parseBounds } from '../geometry/bounds';
import { RUN_ID_PATTERN } from './fieldRules';
import { rectSchema } from './outputParts';
import { RUN_SCHEMA_VERSION, type CaptureCheck, type RunRecord, type RunStep } from './evidence';

/** A file name inside a run folder: no separators, and it cannot be `.` or `..`. */
export const RUN_FILE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

const NON_EMPTY = 'must be a non-empty string';
const text = z.string({ error: NON_EMPTY }).min(1, NON_EMPTY);
const timestamp = text.refine((value) => Number.isFinite(Date.parse(value)), 'must be a timestamp');
const flag = z.boolean({ error: 'must be true or false' });
const object = { error: 'must be an object' };

function number(min = -Infinity, max = Infinity) {
  const rule = `must be a number in ${min}..${max}`;
  return z.number({ error: rule }).min(min, rule).max(max, rule);
}

function integer(min = 0) {
  const rule = `must be an integer >= ${min}`;
  return z.int({ error: rule }).min(min, rule);
}

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(', ')}` });
}

// Written as {left,top,right,bottom}, the shape the CLI and the console show; records written before issue 14 hold
// the "[left,top][right,bottom]" text, which still reads (as the same object).
const BOUNDS_RULE = 'must be {left,top,right,bottom} or have the form [left,top][right,bottom]';
const bounds = z.union(
  [
    rectSchema,
    text.transform((value, context) => {
      const parsed = parseBounds(value);
      if (parsed === null) context.addIssue({ code: 'custom', message: BOUNDS_RULE });
      return parsed ?? { left: 0, top: 0, right: 0, bottom: 0 };
    }),
  ],
  { error: BOUNDS_RULE },
);
const rgb = z.tuple([number(), number(), number()], { error: 'must be [r, g, b]' });

/** A stored capture check (src/main/capture's verdict). */
export const captureCheckSchema = z.object(
  {
    inCapture: flag,
    matchRatio: number(0, 1),
    sampledPixels: integer(),
    threshold: number(0, 1),
    expected: z.object(
      {
        model: oneOf(['opaque', 'translucent', 'transparent']),
        alpha: number(0, 1),
        minRgb: rgb,
        maxRgb: rgb,
        textColor: text,
        tolerance: number(0, 255),
        description: text,
      },
      object,
    ),
    backgroundRatio: number(0, 1),
    surroundingRatio: number(0, 1),
    surroundingPixels: integer(),
    reason: text,
  },
  object,
) satisfies z.ZodType<CaptureCheck>;

// The code is kept verbatim: a device may report codes this console does not know.
const runErrorSchema = z.object(
  { code: text, message: text, details: z.record(z.string(), z.unknown(), object).optional() },
  object,
);

/** One step of a run as run.json records it (screenshot:capture answers with one). */
export const runStepSchema = z.object(
  {
    name: text,
    status: oneOf(['pending', 'running', 'succeeded', 'failed', 'skipped']),
    startedAt: timestamp.optional(),
    finishedAt: timestamp.optional(),
    durationMs: number(0).optional(),
    payload: z.unknown().optional(),
    envelope: z.unknown().optional(),
    error: runErrorSchema.optional(),
    data: z.record(z.string(), z.string({ error: 'must be a string' }), object).optional(),
  },
  object,
) satisfies z.ZodType<RunStep>;

/** The content of run.json (unknown keys are dropped; optional keys stay absent). */
/** run.json's `context`: device facts and the foreground app the Operator's hello reported around the capture. */
export const runContextSchema = z.object(
  {
    source: z.literal('operator_hello', { error: 'must be operator_hello' }),
    observedAt: timestamp,
    androidRelease: text.optional(),
    display: z
      .object(
        {
          widthPx: integer(1),
          heightPx: integer(1),
          densityDpi: integer(1),
          fontScale: number(0.1, 10),
          rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)], {
            error: 'must be 0, 90, 180 or 270',
          }),
        },
        object,
      )
      .optional(),
    locale: text.optional(),
    foregroundApp: z
      .object(
        {
          packageName: z.string().nullable(),
          label: z.string().nullable(),
          versionName: z.string().nullable(),
          versionCode: z.string().nullable(),
        },
        object,
      )
      .optional(),
  },
  object,
);

/** run.json's `logExcerpt`: the device log read after clear (RunLogExcerpt). */
export const runLogExcerptSchema = z.object(
  {
    status: oneOf(['complete', 'partial', 'failed', 'timed_out']),
    file: text.regex(RUN_FILE_PATTERN, 'must be a file name inside the run folder').optional(),
    fromEpochS: integer(0).optional(),
    toEpochS: integer(0).optional(),
    entries: integer(0),
    limitReached: flag,
    redactions: integer(0),
    error: runErrorSchema.optional(),
    caveats: z.array(text, { error: 'must be an array' }),
  },
  object,
);

const optionalText = z.string({ error: 'must be a string' }).optional();

/** A capture's host observation of the foreground app (HostForegroundObservation). */
export const hostForegroundSchema = z.object(
  {
    source: z.literal('host_dumpsys', { error: 'must be host_dumpsys' }),
    observedAt: timestamp,
    status: oneOf(['observed', 'failed']),
    packageName: optionalText,
    component: optionalText,
    versionName: optionalText,
    versionCode: optionalText,
    error: runErrorSchema.optional(),
  },
  object,
);

/** One capture of a run (RunCapture). */
export const runCaptureSchema = z.object(
  {
    step: text,
    index: integer(1),
    status: oneOf(['succeeded', 'failed']),
    file: text.regex(RUN_FILE_PATTERN, 'must be a file name inside the run folder').optional(),
    widthPx: integer(1).optional(),
    heightPx: integer(1).optional(),
    capturedAt: timestamp.optional(),
    captureCheck: captureCheckSchema.optional(),
    captureCheckError: runErrorSchema.optional(),
    foreground: hostForegroundSchema.optional(),
  },
  object,
);

/** A held panel's bounds and how it ended (RunHold). */
export const runHoldSchema = z.object(
  {
    maxCaptures: integer(1),
    maxMs: integer(1),
    startedAt: timestamp.optional(),
    endedAt: timestamp.optional(),
    endedBy: oneOf(['user', 'max_captures', 'max_duration', 'failure', 'interference', 'closed']).optional(),
    error: runErrorSchema.optional(),
  },
  object,
);

/** Crash and ANR reports in the log window (RunCrashReport). */
export const runCrashReportSchema = z.object(
  {
    status: oneOf(['none_seen', 'seen', 'not_read']),
    entries: z.array(
      z.object(
        {
          kind: oneOf(['crash', 'native_crash', 'anr']),
          time: text,
          pid: integer(0),
          tag: text,
          packageName: optionalText,
          line: z.string({ error: 'must be a string' }),
          lines: z.array(z.string({ error: 'must be a string' }), { error: 'must be an array' }).optional(),
        },
        object,
      ),
      { error: 'must be an array' },
    ),
    caveats: z.array(text, { error: 'must be an array' }),
  },
  object,
);

const optionalInt = integer(0).optional();

/** Device facts and the foreground app's inspection after clear (RunInspection). */
export const runInspectionSchema = z.object(
  {
    source: z.literal('host_diagnostics', { error: 'must be host_diagnostics' }),
    observedAt: timestamp,
    observedAfter: z.literal('clear', { error: 'must be clear' }).optional(),
    tools: z.array(text, { error: 'must be an array' }).optional(),
    durationMs: number(0).optional(),
    environment: z
      .object(
        {
          status: oneOf(['complete', 'partial', 'failed', 'timed_out']),
          androidRelease: optionalText,
          apiLevel: optionalInt,
          abi: optionalText,
          supportedAbis: z.array(z.string()).optional(),
          memoryKib: z
            .object({ total: z.number().nullable(), available: z.number().nullable() }, object)
            .optional(),
          dataKib: z
            .object({ total: z.number(), used: z.number(), available: z.number() }, object)
            .optional(),
          selinux: optionalText,
          error: runErrorSchema.optional(),
        },
        object,
      )
      .optional(),
    app: z
      .object(
        {
          status: oneOf(['complete', 'partial', 'failed', 'timed_out']),
          packageName: optionalText,
          component: optionalText,
          isForeground: flag.optional(),
          pid: optionalInt,
          versionName: optionalText,
          versionCode: optionalText,
          firstInstallTime: optionalText,
          lastUpdateTime: optionalText,
          totalPssKb: z.number().optional(),
          error: runErrorSchema.optional(),
        },
        object,
      )
      .optional(),
  },
  object,
);

/** evidence:log's answer. */
export const runLogSchema = z.object(
  { file: text, text: z.string({ error: 'must be a string' }), excerpt: runLogExcerptSchema },
  object,
);

export const runRecordSchema = z.object(
  {
    schemaVersion: z.literal(RUN_SCHEMA_VERSION, { error: `must be ${RUN_SCHEMA_VERSION}` }),
    id: text.regex(RUN_ID_PATTERN, 'is not a run id'),
    label: text.optional(),
    status: oneOf(['running', 'succeeded', 'failed', 'interrupted']),
    startedAt: timestamp,
    finishedAt: timestamp.optional(),
    device: z.object(
      {
        serial: text,
        model: text.optional(),
        manufacturer: text.optional(),
        sdkInt: integer(1).optional(),
        profile: text.optional(),
        simulated: flag.optional(),
      },
      object,
    ),
    group: z
      .object(
        {
          id: text.regex(/^[A-Za-z0-9-]{1,64}$/, 'must be 1-64 letters, digits or dashes'),
          size: integer(2),
          index: integer(0),
        },
        object,
      )
      .optional(),
    context: runContextSchema.optional(),
    design: z.unknown().optional(),
    steps: z.array(runStepSchema, { error: 'must be an array' }),
    screenshot: z
      .object(
        {
          // A hand-edited path must not lead thumbnails or exports outside the run folder.
          file: text.regex(RUN_FILE_PATTERN, 'must be a file name inside the run folder'),
          widthPx: integer(1),
          heightPx: integer(1),
          capturedAt: timestamp,
        },
        object,
      )
      .optional(),
    captureCheck: captureCheckSchema.optional(),
    predictedBounds: bounds.optional(),
    reportedBounds: bounds.optional(),
    lease: z
      .discriminatedUnion('status', [
        z.object({ status: z.literal('held'), owner: text, ttlMs: integer(1) }, object),
        z.object({ status: z.literal('unsupported'), warning: text }, object),
      ])
      .optional(),
    interference: runErrorSchema.optional(),
    panelGeneration: z.object({ set: integer(0), beforeClear: integer(0).optional() }, object).optional(),
    logExcerpt: runLogExcerptSchema.optional(),
    hold: runHoldSchema.optional(),
    captures: z.array(runCaptureSchema, { error: 'must be an array' }).optional(),
    crashes: runCrashReportSchema.optional(),
    inspection: runInspectionSchema.optional(),
  },
  object,
) satisfies z.ZodType<RunRecord>;

/** One entry of attachments.json (RunAttachment). */
export const runAttachmentSchema = z.object(
  {
    file: text.regex(RUN_FILE_PATTERN, 'must be a file name inside the run folder'),
    kind: oneOf(['diagnostic', 'logcat']),
    title: text,
    tool: text,
    arguments: z.record(z.string(), z.unknown(), object),
    serial: text,
    takenAt: timestamp,
    attachedAt: timestamp,
    status: text,
    bytes: integer(0),
  },
  object,
);

/** attachments.json: the run's attachments, oldest first. */
export const attachmentIndexSchema = z.object(
  {
    schemaVersion: z.literal(1, { error: 'must be 1' }),
    attachments: z.array(runAttachmentSchema, { error: 'must be an array' }),
  },
  object,
);
