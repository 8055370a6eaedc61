// The capture tools' answers as the trace view reads them (android:run carries them as `unknown`): parsed here with
// zod, a mismatch becomes an INTERNAL_ERROR naming the tool. Field names are the tools' (docs/traces.md).
import { z } from 'zod';
import type { AppError, Result } from '../../../shared/errors';
import { FINDING_GROUPS, type TraceReport } from '../../../shared/trace/report';

export const startedSchema = z.object({
  status: z.literal('recording'),
  trace_id: z.string(),
  path: z.string(),
  auto_stop_deadline_unix_secs: z.number(),
  sources: z.array(z.string()),
});
export type StartedTrace = z.infer<typeof startedSchema>;

export const stoppedSchema = z.object({
  status: z.enum(['stopped', 'already_stopped']),
  trace_id: z.string(),
  host_path: z.string(),
  bytes: z.number(),
});
export type StoppedTrace = z.infer<typeof stoppedSchema>;

export const statusSchema = z.object({
  trace_id: z.string(),
  record_status: z.enum(['recording', 'stopped', 'already_stopped']),
  recording: z.boolean(),
  on_device: z.enum(['recording', 'finished']).nullable(),
  collected: z.boolean(),
});
export type TraceStatus = z.infer<typeof statusSchema>;

const sessionSchema = z.object({
  id: z.string(),
  deadline_unix_secs: z.number(),
  package: z.string().nullable(),
  sources: z.array(z.string()),
  device: z.string(),
  path: z.string(),
  status: z.enum(['recording', 'stopped', 'already_stopped']),
  host_path: z.string().optional(),
  bytes: z.number().optional(),
});
export type CaptureRecord = z.infer<typeof sessionSchema>;

export const capturesSchema = z.object({
  count: z.number(),
  max: z.number(),
  traces: z.array(z.union([sessionSchema, z.object({ id: z.string(), error: z.string() })])),
});
export type CaptureList = z.infer<typeof capturesSchema>;

export const appsSchema = z.object({
  packages: z.array(z.object({ package: z.string() })),
});

const exampleSchema = z.object({
  timestamp_ns: z.number(),
  tid: z.number(),
  process_id: z.number().nullable(),
  thread_name: z.string().nullable(),
  duration_ms: z.number().nullable(),
  evidence: z.string(),
});
const groupSchema = z.object({ count: z.number(), examples: z.array(exampleSchema) });

export const reportSchema: z.ZodType<TraceReport> = z.object({
  status: z.enum(['unsupported', 'partial', 'observed']),
  coverage: z.object({
    packets: z.number(),
    sched_switch: z.number(),
    sched_wakeup: z.number(),
    atrace: z.number(),
    binder_transaction: z.number(),
    binder_received: z.number(),
    frame_timeline: z.number(),
    lost_markers: z.number(),
    unlocated_loss_markers: z.number(),
    unsupported_compact_bundles: z.number(),
    unsupported_clock_bundles: z.number(),
    unsupported_clock_packets: z.number(),
    compressed_packets: z.number(),
    unsupported_packets: z.number(),
  }),
  observed_duration_ms: z.number(),
  target_pid: z.number().nullable(),
  threshold_ms: z.number(),
  frame_budget_ms: z.number(),
  ...(Object.fromEntries(FINDING_GROUPS.map((group) => [group, groupSchema])) as Record<
    (typeof FINDING_GROUPS)[number],
    typeof groupSchema
  >),
  cpu_threads: z.array(
    z.object({
      tid: z.number(),
      process_id: z.number().nullable(),
      name: z.string().nullable(),
      running_ms: z.number(),
      wakeups: z.number(),
      wakeups_per_second: z.number(),
      runnable_wait_ms: z.number(),
    }),
  ),
  frames: z.array(
    z.object({
      source: z.enum(['do_frame', 'frame_timeline']),
      ts_ns: z.number(),
      duration_ms: z.number().nullable(),
      pid: z.number().nullable(),
      tid: z.number().nullable(),
      token: z.number().nullable(),
      janky: z.boolean(),
      flags: z.array(z.string()),
    }),
  ),
  frames_truncated: z.boolean(),
  limitations: z.array(z.string()),
  sensitivity_note: z.string(),
});

/** The tool's result parsed with `schema`, else an INTERNAL_ERROR saying which answer was malformed. */
export function parseToolResult<T>(tool: string, value: unknown, schema: z.ZodType<T>): Result<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const error: AppError = {
    code: 'INTERNAL_ERROR',
    message: `${tool} answered in a shape the trace view does not read (${issue?.path.join('.') ?? 'value'}: ${issue?.message ?? 'invalid'}).`,
  };
  return { ok: false, error };
}
