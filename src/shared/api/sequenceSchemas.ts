// Output schemas of sequence:run and its run:progress events.
import { z } from 'zod';
import {
  captureCheckSchema,
  runCaptureSchema,
  runCrashReportSchema,
  runHoldSchema,
  runInspectionSchema,
  runLogExcerptSchema,
} from './evidenceSchemas';
import { exactSchema } from './exactSchema';
import { answeredErrorSchema, executionSchema, rectSchema, resultSchema } from './outputParts';
import { resultEnvelopeSchema } from './resultSchemas';
import type {
  DeviceSequenceResult,
  SequenceHoldState,
  SequenceProgress,
  SequenceResult,
  SequenceStep,
} from './sequence';

// A held panel's later captures are screenshot-2, screenshot-3, ...
const stepName = z.union([
  z.enum(['set', 'screenshot', 'clear']),
  z.templateLiteral(['screenshot-', z.number()]),
]);

const sequenceStepSchema = exactSchema<SequenceStep>()(
  z.object({
    step: stepName,
    status: z.enum(['pending', 'running', 'succeeded', 'failed', 'skipped']),
    commandId: z.string().optional(),
    payload: executionSchema.optional(),
    envelope: resultEnvelopeSchema.optional(),
    error: answeredErrorSchema.optional(),
    reason: z.string().optional(),
    startedAt: z.string().optional(),
    completedAt: z.string().optional(),
    durationMs: z.number().optional(),
  }),
);

export const sequenceResultSchema = exactSchema<SequenceResult>()(
  z.object({
    runId: z.string(),
    serial: z.string(),
    runPath: z.string(),
    status: z.enum(['succeeded', 'failed']),
    steps: z.array(sequenceStepSchema),
    screenshot: z.object({ path: z.string(), widthPx: z.number(), heightPx: z.number() }).optional(),
    captureCheck: captureCheckSchema.optional(),
    reportedBounds: rectSchema.optional(),
    predictedBounds: rectSchema.optional(),
    captureCheckError: answeredErrorSchema.optional(),
    evidenceError: answeredErrorSchema.optional(),
    lease: z
      .discriminatedUnion('status', [
        z.object({ status: z.literal('held'), owner: z.string(), ttlMs: z.number() }),
        z.object({ status: z.literal('unsupported'), warning: z.string() }),
      ])
      .optional(),
    interference: answeredErrorSchema.optional(),
    panelGeneration: z.object({ set: z.number(), beforeClear: z.number().optional() }).optional(),
    logExcerpt: runLogExcerptSchema.optional(),
    crashes: runCrashReportSchema.optional(),
    hold: runHoldSchema.optional(),
    captures: z.array(runCaptureSchema).optional(),
    inspection: runInspectionSchema.optional(),
  }),
);

export const deviceSequenceResultSchema = exactSchema<DeviceSequenceResult>()(
  z.object({ serial: z.string(), result: resultSchema(sequenceResultSchema) }),
);

/** A run:progress event: which device, and one step starting, ending or skipped. */
export const runProgressSchema = exactSchema<SequenceProgress & { serial: string }>()(
  z.object({
    serial: z.string(),
    runId: z.string(),
    step: stepName,
    status: z.enum(['running', 'succeeded', 'failed', 'skipped']),
    durationMs: z.number().optional(),
    error: answeredErrorSchema.optional(),
    data: z.record(z.string(), z.string()).optional(),
  }),
);

/** The held runs sequence:capture and sequence:release reached. */
export const heldRunsSchema = z.object({
  runs: z.array(z.object({ serial: z.string(), runId: z.string() })),
});

/** A run:hold event: which device, and its held run after a change. */
export const runHoldEventSchema = exactSchema<SequenceHoldState & { serial: string }>()(
  z.object({
    serial: z.string(),
    runId: z.string(),
    status: z.enum(['waiting', 'holding', 'ended']),
    maxCaptures: z.number(),
    maxMs: z.number(),
    startedAt: z.string().optional(),
    endsAt: z.string().optional(),
    capturing: z.boolean(),
    queued: z.number(),
    captures: z.array(runCaptureSchema),
    endedBy: z.enum(['user', 'max_captures', 'max_duration', 'failure', 'interference', 'closed']).optional(),
    endedReason: z.string().optional(),
    error: answeredErrorSchema.optional(),
  }),
);
