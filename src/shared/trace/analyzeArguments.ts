// Arguments of analyze_system_trace (reference 8.1): exactly one source (trace_id | path | host_path), optional
// pid or package (not both), threshold_ms 1-1000 (default 50), frame_budget_ms 1-100 (default 16.667).
import { z } from 'zod';
import { isPackageName } from '../packageName';

/** Trace ids start with `trace-`, 12-64 chars of [A-Za-z0-9_-]. */
export const TRACE_ID_PATTERN = /^trace-[A-Za-z0-9_-]{6,58}$/;

export const DEFAULT_THRESHOLD_MS = 50;
export const DEFAULT_FRAME_BUDGET_MS = 16.667;

export const traceIdSchema = z
  .string()
  .regex(
    TRACE_ID_PATTERN,
    'trace_id must start with "trace-" and be 12-64 characters of A-Z, a-z, 0-9, _ or -',
  );

/** The analysis options alone (what analyzeTraceFile/analyzeTraceBytes take). */
export const analyzeOptionsShape = {
  pid: z.number().int().min(1).max(4_194_304).optional(),
  package: z
    .string()
    .refine(isPackageName, 'package must be an exact Android package name such as com.example.app')
    .optional(),
  threshold_ms: z.number().int().min(1).max(1000).default(DEFAULT_THRESHOLD_MS),
  frame_budget_ms: z.number().min(1).max(100).default(DEFAULT_FRAME_BUDGET_MS),
};

const PID_OR_PACKAGE = 'pass pid or package, not both';

export const analyzeOptionsSchema = z
  .strictObject(analyzeOptionsShape)
  .refine((value) => value.pid === undefined || value.package === undefined, { message: PID_OR_PACKAGE });

export type AnalyzeOptions = z.output<typeof analyzeOptionsSchema>;
export type AnalyzeOptionsInput = z.input<typeof analyzeOptionsSchema>;

/**
 * The full tool arguments: one of trace_id (a capture of this console), path (a file on the device) or host_path
 * (a raw trace file on this computer) plus the options.
 */
export const analyzeArgumentsSchema = z
  .strictObject({
    trace_id: traceIdSchema.optional(),
    path: z.string().min(1).max(4096).optional(),
    host_path: z.string().min(1).max(4096).optional(),
    ...analyzeOptionsShape,
  })
  .refine(
    (value) =>
      [value.trace_id, value.path, value.host_path].filter((source) => source !== undefined).length === 1,
    { message: 'pass exactly one of trace_id, path or host_path' },
  )
  .refine((value) => value.pid === undefined || value.package === undefined, { message: PID_OR_PACKAGE });

export type AnalyzeArguments = z.output<typeof analyzeArgumentsSchema>;
export type AnalyzeArgumentsInput = z.input<typeof analyzeArgumentsSchema>;
