// Inputs the analyser only partly understands, in generated traces (test-support/traceBuilder): compact_sched
// bundles, a bundle's lost_events, packet-level non-boot clocks and TrackEvent FrameTimeline are counted in the
// coverage and make the report partial/unsupported (never a clean bill); FrameTimeline late and jank-flag frames keep
// their own flags, apart from dropped ones.
import { describe, expect, it } from 'vitest';
import type { TraceReport } from '../../shared/trace/report';
import { MS, TraceBuilder, type FtraceEventSpec } from '../../test-support/traceBuilder';
import type { MessageWriter } from '../../simulator/perfetto/wire';
import { analyzeTraceBytes } from './analyzeTrace';

function report(bytes: Uint8Array, options: Parameters<typeof analyzeTraceBytes>[1] = {}): TraceReport {
  const result = analyzeTraceBytes(bytes, options);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

const PARTIAL_NOTE = 'Partial data:';
const hasNote = (r: TraceReport, text: string): boolean => r.limitations.some((line) => line.includes(text));

/** Thread 10 woken at 0 on CPU 0 runs on CPU 1 at 100 ms: a 100 ms runnable wait unless pairing is reset. */
const WAKEUP: FtraceEventSpec = { ts: 0, kind: 'wakeup', pid: 10 };
const SWITCH: FtraceEventSpec = { ts: 100 * MS, kind: 'switch', prevPid: 0, prevState: 0, nextPid: 10 };

/** compact_sched (FtraceEventBundle 4) with a switch's packed fields, as a kernel with compact_sched on writes it. */
const compactSched = (bundle: MessageWriter): void => {
  bundle.message(4, (compact) => compact.bytes(1, Buffer.from([0x80, 0x01])).bytes(3, Buffer.from([10])));
};

describe('compact_sched bundles', () => {
  it('a trace of compact_sched bundles only is unsupported: nothing decoded, the bundles and their loss counted', () => {
    const r = report(new TraceBuilder().ftrace(0, [], compactSched).ftrace(1, [], compactSched).bytes());
    expect(r.status).toBe('unsupported');
    expect(r.coverage).toMatchObject({
      unsupported_compact_bundles: 2,
      unlocated_loss_markers: 2,
      sched_switch: 0,
      sched_wakeup: 0,
    });
    expect(hasNote(r, 'No sched_switch events')).toBe(true);
    expect(r.cpu_threads).toEqual([]);
  });

  it('a compact_sched bundle beside regular ones makes the report partial and resets pairing at its first event', () => {
    const plain = report(new TraceBuilder().ftrace(0, [WAKEUP]).ftrace(1, [SWITCH]).bytes());
    expect(plain.status).toBe('observed');
    expect(plain.cpu_contention.count).toBe(1);
    expect(hasNote(plain, PARTIAL_NOTE)).toBe(false);

    const r = report(new TraceBuilder().ftrace(0, [WAKEUP]).ftrace(1, [SWITCH], compactSched).bytes());
    expect(r.status).toBe('partial');
    expect(r.coverage).toMatchObject({ unsupported_compact_bundles: 1, lost_markers: 1, sched_switch: 1 });
    // The wait spans the lossy bundle's marker, so it is not paired: no finding, no runnable wait.
    expect(r.cpu_contention.count).toBe(0);
    expect(r.main_thread_unscheduled.count).toBe(0);
    expect(r.cpu_threads.find((thread) => thread.tid === 10)?.runnable_wait_ms ?? 0).toBe(0);
    expect(hasNote(r, PARTIAL_NOTE)).toBe(true);
  });
});

describe('the bundle lost_events field', () => {
  const lostEvents = (value: number) => (bundle: MessageWriter) => void bundle.varint(3, value);

  it('lost_events set is a loss marker: partial, and no interval pairs across it', () => {
    const r = report(new TraceBuilder().ftrace(0, [WAKEUP]).ftrace(1, [SWITCH], lostEvents(1)).bytes());
    expect(r.status).toBe('partial');
    expect(r.coverage).toMatchObject({ lost_markers: 1, unsupported_compact_bundles: 0, sched_switch: 1 });
    expect(r.cpu_contention.count).toBe(0);
    expect(hasNote(r, '1 loss marker(s) reset pairing')).toBe(true);
    expect(hasNote(r, PARTIAL_NOTE)).toBe(true);
  });

  it('lost_events set on a bundle without events is an unlocated loss; false is no loss at all', () => {
    const empty = report(new TraceBuilder().ftrace(0, [WAKEUP, SWITCH]).ftrace(1, [], lostEvents(1)).bytes());
    expect(empty.coverage).toMatchObject({ lost_markers: 0, unlocated_loss_markers: 1 });
    expect(empty.status).toBe('partial');
    const none = report(new TraceBuilder().ftrace(0, [WAKEUP]).ftrace(1, [SWITCH], lostEvents(0)).bytes());
    expect(none.status).toBe('observed');
    expect(none.coverage.lost_markers).toBe(0);
    expect(none.cpu_contention.count).toBe(1);
  });
});

describe('packet-level clocks', () => {
  /** An actual display frame (late, app deadline missed) with timestamp_clock_id `clock` (58). */
  const frameWithClock = (builder: TraceBuilder, clock: number | null): TraceBuilder =>
    builder.packet((packet) => {
      packet.varint(8, 500 * MS);
      if (clock !== null) packet.varint(58, clock);
      packet.message(76, (timeline) =>
        timeline.message(2, (frame) => frame.varint(2, 9).varint(3, 10).varint(4, 2).varint(7, 64)),
      );
    });

  it.each([
    ['MONOTONIC (3)', 3],
    ['REALTIME (1)', 1],
    ['MONOTONIC_RAW (4)', 4],
  ])(
    'a FrameTimeline packet on %s is counted unsupported, not analysed, and the report is partial',
    (_, clock) => {
      const r = report(frameWithClock(new TraceBuilder().ftrace(0, [WAKEUP, SWITCH]), clock).bytes());
      expect(r.coverage).toMatchObject({ unsupported_clock_packets: 1, frame_timeline: 0 });
      expect(r.frames).toEqual([]);
      expect(r.frame_anomalies.count).toBe(0);
      expect(r.status).toBe('partial');
      expect(hasNote(r, 'No FrameTimeline events')).toBe(true);
      expect(hasNote(r, PARTIAL_NOTE)).toBe(true);
    },
  );

  it('BOOTTIME (6) given explicitly, or no clock id, is analysed', () => {
    for (const clock of [6, null]) {
      const r = report(frameWithClock(new TraceBuilder().ftrace(0, [WAKEUP, SWITCH]), clock).bytes());
      expect(r.coverage).toMatchObject({ unsupported_clock_packets: 0, frame_timeline: 1 });
      expect(r.status).toBe('observed');
      expect(r.frames).toMatchObject([{ source: 'frame_timeline', token: 9, janky: true }]);
    }
  });

  it('a trace whose only events are on another clock is unsupported', () => {
    const r = report(frameWithClock(new TraceBuilder(), 3).bytes());
    expect(r.status).toBe('unsupported');
    expect(r.coverage.unsupported_clock_packets).toBe(1);
  });
});

describe('TrackEvent-based FrameTimeline', () => {
  /** A track_event (TracePacket 11) slice named like SurfaceFlinger's newer timeline tracks, with jank args. */
  const trackEventFrame = (builder: TraceBuilder, ts: number): TraceBuilder =>
    builder.packet((packet) =>
      packet
        .varint(8, ts)
        .varint(10, 1)
        .message(11, (event) =>
          event
            .varint(9, 1)
            .varint(11, 42)
            .string(23, 'Actual Timeline')
            .message(4, (annotation) => annotation.string(10, 'Jank type').string(6, 'App Deadline Missed')),
        ),
    );

  // The seed: "newer TrackEvent FrameTimeline yield unsupported/partial coverage". Beside decoded sched data the
  // report is partial (its frames may be among the undecoded packets), and says how many were left out.
  it('is not decoded: partial beside sched data, counted in unsupported_packets, no frames, said in the limitations', () => {
    let builder = new TraceBuilder().ftrace(0, [WAKEUP, SWITCH]);
    for (let index = 0; index < 3; index++) builder = trackEventFrame(builder, (200 + index * 17) * MS);
    const r = report(builder.bytes());
    expect(r.status).toBe('partial');
    expect(hasNote(r, PARTIAL_NOTE)).toBe(true);
    expect(hasNote(r, '3 TrackEvent packet(s) were not decoded')).toBe(true);
    expect(r.coverage).toMatchObject({ unsupported_packets: 3, frame_timeline: 0, sched_switch: 1 });
    expect(r.frames.filter((frame) => frame.source === 'frame_timeline')).toEqual([]);
    expect(r.frame_anomalies.count).toBe(0);
    expect(hasNote(r, 'No FrameTimeline events: dropped and late frames are unknown.')).toBe(true);
    expect(hasNote(r, 'legacy FrameTimeline packets are decoded')).toBe(true);
  });

  it('a trace of TrackEvent frames only is unsupported', () => {
    const r = report(trackEventFrame(trackEventFrame(new TraceBuilder(), 1 * MS), 2 * MS).bytes());
    expect(r.status).toBe('unsupported');
    expect(r.coverage.unsupported_packets).toBe(2);
  });
});

describe('FrameTimeline late, jank-flag and dropped frames', () => {
  /** An actual surface frame (FrameTimelineEvent 4): token 2, pid 4, present_type 6, jank_type 9. */
  const surfaceFrame = (
    builder: TraceBuilder,
    ts: number,
    frame: { token: number; pid: number; presentType: number; jankType: number },
  ): TraceBuilder =>
    builder.packet((packet) =>
      packet
        .varint(8, ts)
        .message(76, (timeline) =>
          timeline.message(4, (f) =>
            f
              .varint(2, frame.token)
              .varint(4, frame.pid)
              .varint(6, frame.presentType)
              .varint(9, frame.jankType),
          ),
        ),
    );

  function frames(): Buffer {
    // present_type 1 on time, 2 late, 4 dropped; jank_type 1 none, 8 display HAL, 64 app deadline missed, 1024 dropped.
    let builder = new TraceBuilder()
      .ftrace(0, [WAKEUP, SWITCH])
      .displayFrame(200 * MS, { token: 1, pid: 10, presentType: 1, jankType: 1 })
      .displayFrame(217 * MS, { token: 2, pid: 10, presentType: 2, jankType: 0 })
      .displayFrame(234 * MS, { token: 3, pid: 10, presentType: 1, jankType: 64 })
      .displayFrame(251 * MS, { token: 4, pid: 10, presentType: 4, jankType: 0 })
      .displayFrame(268 * MS, { token: 5, pid: 10, presentType: 1, jankType: 1024 })
      .displayFrame(285 * MS, { token: 6, pid: 10, presentType: 2, jankType: 8 })
      .displayFrame(302 * MS, { token: 8, pid: 77, presentType: 4, jankType: 0 });
    builder = surfaceFrame(builder, 319 * MS, { token: 7, pid: 10, presentType: 2, jankType: 64 });
    return builder.bytes();
  }

  it('keeps late and jank flags apart from dropped, per frame', () => {
    const r = report(frames(), { pid: 10 });
    const byToken = new Map(r.frames.map((frame) => [frame.token, frame]));
    expect(r.coverage.frame_timeline).toBe(8);
    expect(byToken.get(1)).toMatchObject({ janky: false, flags: ['jank_type=0x1'] });
    expect(byToken.get(2)).toMatchObject({ janky: true, flags: ['late'] });
    expect(byToken.get(3)).toMatchObject({ janky: true, flags: ['app_deadline_missed', 'jank_type=0x40'] });
    expect(byToken.get(4)).toMatchObject({ janky: true, flags: ['dropped'] });
    expect(byToken.get(5)).toMatchObject({ janky: true, flags: ['dropped', 'jank_type=0x400'] });
    expect(byToken.get(6)).toMatchObject({ janky: true, flags: ['late', 'jank_type=0x8'] });
    expect(byToken.get(7)).toMatchObject({
      janky: true,
      pid: 10,
      flags: ['late', 'app_deadline_missed', 'jank_type=0x40'],
    });
    // Another process's frame is not the target's.
    expect(byToken.has(8)).toBe(false);

    const carrying = (flag: string) => r.frames.filter((frame) => frame.flags.includes(flag)).length;
    expect({
      dropped: carrying('dropped'),
      late: carrying('late'),
      app: carrying('app_deadline_missed'),
    }).toEqual({ dropped: 2, late: 3, app: 2 });
    // Every janky frame is one finding, whatever its flags; the flag counts overlap and are not unique drops.
    expect(r.frame_anomalies.count).toBe(6);
    const evidence = r.frame_anomalies.examples.map((example) => example.evidence);
    expect(evidence).toContain('FrameTimeline frame 2 present_type=2 (late)');
    expect(evidence).toContain('FrameTimeline frame 3 present_type=1 (app_deadline_missed, jank_type=0x40)');
    expect(evidence.filter((text) => text.includes('dropped'))).toHaveLength(2);
  });

  it('with no target every process counts, the other app’s dropped frame included', () => {
    const r = report(frames());
    expect(r.frame_anomalies.count).toBe(7);
    expect(r.frames.filter((frame) => frame.flags.includes('dropped'))).toHaveLength(3);
  });
});
