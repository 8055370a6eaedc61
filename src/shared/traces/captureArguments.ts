// Arguments of the system trace capture tools (reference section 8.1), declared once for MCP, the CLI and the
// console. Nothing here reaches the trace config except `package`, `duration_secs` and `buffer_mb`.
import { z } from 'zod';

/** The reference's trace id: `trace-` then `[A-Za-z0-9_-]`, 12 to 64 characters in all. */
export const TRACE_ID = /^trace-[A-Za-z0-9_-]{6,58}$/;

/** The reference's package rule for trace tools: at least two dot-separated non-empty `[A-Za-z0-9_]` parts. */
export const TRACE_PACKAGE = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)+$/;

const traceId = z
  .string({ error: 'must be a trace id' })
  .regex(
    TRACE_ID,
    'must be a trace id: trace- then 6 to 58 of A-Z a-z 0-9 _ - (as start_system_trace returns)',
  )
  .describe('The trace_id start_system_trace returned');

export const START_TRACE_ARGUMENTS = z.strictObject({
  package: z
    .string({ error: 'must be a package name' })
    .max(255, 'must be at most 255 characters')
    .regex(
      TRACE_PACKAGE,
      'must be an exact package: dot-separated parts of letters, digits and _ (e.g. com.example.app)',
    )
    .describe("Exact package: adds the app's atrace markers (scheduler and binder stay system-wide)")
    .optional(),
  duration_secs: z
    .int({ error: 'must be a whole number of seconds' })
    .min(1, 'must be at least 1')
    .max(120, 'must be at most 120')
    .default(10)
    .describe('Recording length; the capture stops itself after it (1-120, default 10)'),
  buffer_mb: z
    .int({ error: 'must be a whole number of MiB' })
    .min(1, 'must be at least 1')
    .max(32, 'must be at most 32')
    .default(8)
    .describe('Ring buffer size in MiB (1-32, default 8)'),
});

export const STOP_TRACE_ARGUMENTS = z.strictObject({ trace_id: traceId });

export const LIST_TRACES_ARGUMENTS = z.strictObject({});

export const DELETE_TRACE_ARGUMENTS = z.strictObject({ trace_id: traceId });
export const TRACE_STATUS_ARGUMENTS = z.strictObject({ trace_id: traceId });
