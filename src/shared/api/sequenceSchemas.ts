// Output schemas of sequence:run and its run:progress events.
import { z } from 'zod';
import {
  captureCheckSchema,
  runCrashReportSchema,
  runInspectionSchema,
  runLogExcerptSchema,
} from './evidenceSchemas';
import { exactSchema } from './exactSchema';
import { answeredErrorSchema, executionSchema, rectSchema, resultSchema } from './outputParts';
import { resultEnvelopeSchema } from './resultSchemas';
import type { DeviceSequenceResult, SequenceProgress, SequenceResult, SequenceStep } from './sequence';

const stepName = z.enum(['set', 'screenshot', 'clear']);

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
