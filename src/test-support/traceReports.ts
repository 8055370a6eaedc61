// Test helper: a well-formed trace report (every group, one janky frame) for the trace view's unit tests.
import { FINDING_GROUPS, SENSITIVITY_NOTE, type TraceReport } from '../shared/trace/report';

export function testTraceReport(overrides: Partial<TraceReport> = {}): TraceReport {
  const none = () => ({ count: 0, examples: [] });
  const empty: Pick<TraceReport, (typeof FINDING_GROUPS)[number]> = {
    main_thread_unscheduled: none(),
    render_thread_anomalies: none(),
    frame_anomalies: none(),
    binder_delivery_delays: none(),
    cpu_contention: none(),
    excessive_wakeups: none(),
  };
  return {
    status: 'observed',
    coverage: {
      packets: 10,
      sched_switch: 40,
      sched_wakeup: 20,
      atrace: 12,
      binder_transaction: 0,
      binder_received: 0,
      frame_timeline: 4,
      lost_markers: 0,
      unlocated_loss_markers: 0,
      unsupported_compact_bundles: 0,
      unsupported_clock_bundles: 0,
      unsupported_clock_packets: 0,
      compressed_packets: 0,
      unsupported_packets: 0,
    },
    observed_duration_ms: 2000,
    target_pid: 1234,
    threshold_ms: 50,
    frame_budget_ms: 16.667,
    ...empty,
    frame_anomalies: {
      count: 1,
      examples: [
        {
          timestamp_ns: 2_000_000_000,
          tid: 1234,
          process_id: 1234,
          thread_name: 'com.example.app',
          duration_ms: 56.5,
          evidence: 'Choreographer#doFrame 56.5 ms > 16.667 ms budget',
        },
      ],
    },
    cpu_threads: [
      {
        tid: 1234,
        process_id: 1234,
        name: 'com.example.app',
        running_ms: 300,
        wakeups: 120,
        wakeups_per_second: 60,
        runnable_wait_ms: 22,
      },
    ],
    frames: [
      {
        source: 'do_frame',
        ts_ns: 1_000_000_000,
        duration_ms: 8,
        pid: 1234,
        tid: 1234,
        token: null,
        janky: false,
        flags: [],
      },
      {
        source: 'do_frame',
        ts_ns: 2_000_000_000,
        duration_ms: 56.5,
        pid: 1234,
        tid: 1234,
        token: null,
        janky: true,
        flags: ['over_budget'],
      },
      {
        source: 'frame_timeline',
        ts_ns: 2_010_000_000,
        duration_ms: null,
        pid: 1234,
        tid: null,
        token: 77,
        janky: true,
        flags: ['late', 'app_deadline_missed'],
      },
    ],
    frames_truncated: false,
    limitations: ['Runnable wait is not an ANR diagnosis.'],
    sensitivity_note: SENSITIVITY_NOTE,
    ...overrides,
  };
}
