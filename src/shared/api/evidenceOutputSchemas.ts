// Output schemas of the evidence and screenshot channels (evidence:get answers with run.json's own schema).
import { z } from 'zod';
import type { ImageData, ManualCapture } from './contract';
import type { ExportedRun, RunAttachment, RunList } from './evidence';
import { runAttachmentSchema, runContextSchema, runLogExcerptSchema, runStepSchema } from './evidenceSchemas';
import { exactSchema } from './exactSchema';

export const runListSchema = exactSchema<RunList>()(
  z.object({
    runs: z.array(
      z.object({
        id: z.string(),
        path: z.string(),
        label: z.string().optional(),
        status: z.enum(['running', 'succeeded', 'failed', 'interrupted']),
        startedAt: z.string(),
        finishedAt: z.string().optional(),
        deviceSerial: z.string(),
        deviceModel: z.string().optional(),
        groupId: z.string().optional(),
        groupIndex: z.number().optional(),
        hasScreenshot: z.boolean(),
        screenshotFile: z.string().optional(),
        thumbnailFile: z.string().optional(),
        inCapture: z.boolean().optional(),
        context: runContextSchema.optional(),
        logExcerpt: runLogExcerptSchema.optional(),
        crashesSeen: z.number().optional(),
        captureCount: z.number().optional(),
        attachments: z.array(runAttachmentSchema).optional(),
      }),
    ),
    skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
  }),
);

export const manualCaptureSchema = exactSchema<ManualCapture>()(
  z.object({
    runId: z.string(),
    widthPx: z.number(),
    heightPx: z.number(),
    capturedAt: z.string(),
    step: runStepSchema,
  }),
);

export const imageDataSchema = exactSchema<ImageData>()(
  z.object({
    mimeType: z.literal('image/png'),
    base64: z.string(),
    widthPx: z.number(),
    heightPx: z.number(),
  }),
);

export const exportedRunSchema = exactSchema<ExportedRun>()(
  z.object({ path: z.string(), format: z.enum(['zip', 'folder']), files: z.array(z.string()) }),
);

export const runAttachmentOutputSchema = exactSchema<RunAttachment>()(runAttachmentSchema);
