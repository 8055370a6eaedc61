import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processesOf } from '../device/processes';
import { DeviceState } from '../device/state';
import { jankUntilNs, type JankScenario } from './activity';
import { perfettoWheelPresent, runPerfettoProbe } from './pythonProbe';
import {
  ACTUAL_SURFACE_FRAME,
  BINDER_TRANSACTION,
  FRAME_TIMELINE_EVENT,
  FTRACE_EVENT,
  PRINT,
  SCHED_SWITCH,
} from './schema';
import { traceProcesses } from './threads';
import { encodeTraceConfig, type DataSourceSpec, type TraceConfig } from './traceConfig';
import {
  number,
  sortedEvents,
  summarizeTrace,
  text,
  type SummaryEvent,
  type TraceSummary,
} from './traceSummary';
import { writeTrace, type TraceInput } from './traceWriter';

const wheel = perfettoWheelPresent();
const MS = 1_000_000;
const START_NS = 3_700_000 * MS;

const FTRACE: DataSourceSpec = {
  name: 'linux.ftrace',
  targetBuffer: 0,
  ftrace: {
    ftraceEvents: [
      'sched/sched_switch',
      'sched/sched_waking',
      'sched/sched_wakeup',
      'binder/binder_transaction',
      'binder/binder_transaction_received',
      'ftrace/print',
    ],
    atraceCategories: ['gfx', 'view', 'binder_driver'],
    atraceApps: [],
    compactSched: false,
  },
};
const ALL_SOURCES: DataSourceSpec[] = [
  FTRACE,
  { name: 'linux.process_stats', targetBuffer: 0, processStats: { scanAllProcessesOnStart: true } },
  { name: 'android.surfaceflinger.frametimeline', targetBuffer: 0 },
];

function config(overrides: Partial<TraceConfig> = {}): TraceConfig {
  return {
    buffers: [{ sizeKb: 8192, fillPolicy: 1 }],
    dataSources: ALL_SOURCES,
    durationMs: 2000,
    writeIntoFile: true,
    fileWritePeriodMs: 1000,
    maxFileSizeBytes: 64 * 1024 * 1024,
    uniqueSessionName: '',
    ...overrides,
  };
}

const state = new DeviceState();
const app = state.foreground.packageName;
const appPid = processesOf(state).pidOf(app) as number;
const processes = traceProcesses(processesOf(state).list());
const renderThreadTid = processes
  .find((process) => process.pid === appPid)
  ?.threads.find((thread) => thread.comm === 'RenderThread')?.tid as number;

function input(overrides: Partial<TraceInput> = {}): TraceInput {
  const traceConfig = overrides.config ?? config();
  return {
    config: traceConfig,
    configBytes: encodeTraceConfig(traceConfig),
    startNs: START_NS,
    endNs: START_NS + 2000 * MS,
    seed: 7,
    cpus: 8,
    processes,
    apps: [{ packageName: app, pid: appPid, layerName: `TX - ${app}/.Main#0` }],
    jank: [],
    frameIntervalNs: 16_666_667,
    sdkLevel: 35,
    fingerprint: 'google/panther/panther:15/AP4A/1:user/release-keys',
    kernelRelease: '6.1.75-android14-11',
    realtimeNs: 1_800_000_000_000 * MS,
    monotonicOffsetNs: 1_000 * MS,
    ...overrides,
  };
}

function jank(frames: number, overrunMs: number, fromNs = START_NS): JankScenario[] {
  return [
    {
      packageName: app,
      fromNs,
      untilNs: jankUntilNs(fromNs, frames, overrunMs, 16_666_667),
      frames,
      overrunMs,
    },
  ];
}

function prints(summary: TraceSummary): Array<SummaryEvent & { buf: string }> {
  return sortedEvents(summary)
    .filter((event) => event.kind === FTRACE_EVENT.print)
    .map((event) => ({ ...event, buf: text(event.body, PRINT.buf) ?? '' }));
}

/** Slices from B/E prints, per emitting thread: name and duration. */
function slices(summary: TraceSummary): Array<{ tid: number; name: string; durationNs: number }> {
  const stacks = new Map<number, Array<{ name: string; ts: number }>>();
  const result: Array<{ tid: number; name: string; durationNs: number }> = [];
  for (const event of prints(summary)) {
    const stack = stacks.get(event.pid) ?? [];
    stacks.set(event.pid, stack);
    if (event.buf.startsWith('B|')) stack.push({ name: event.buf.split('|')[2]?.trim() ?? '', ts: event.ts });
    else if (event.buf.startsWith('E|')) {
      const open = stack.pop();
      if (!open) throw new Error(`unbalanced E on ${event.pid}`);
      result.push({ tid: event.pid, name: open.name, durationNs: event.ts - open.ts });
    }
  }
  for (const [tid, stack] of stacks) if (stack.length > 0) throw new Error(`unclosed slice on ${tid}`);
  return result;
}

function lateSurfaceFrames(summary: TraceSummary): number {
  return summary.frameStarts.filter(
    (frame) =>
      frame.kind === FRAME_TIMELINE_EVENT.actualSurfaceFrameStart &&
      number(frame.body, ACTUAL_SURFACE_FRAME.jankType) === 64 &&
      number(frame.body, ACTUAL_SURFACE_FRAME.presentType) === 2,
  ).length;
}

const directory = mkdtempSync(join(tmpdir(), 'perfetto-trace-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('trace writer', () => {
  it("frames packets as Trace.packet with a BOOTTIME clock snapshot, stats and the device's processes", () => {
    const summary = summarizeTrace(writeTrace(input()));
    expect([...summary.topLevelFields]).toEqual([1]);
    expect(summary.clockSnapshots[0]).toEqual({ clockIds: [6, 1, 3], primary: 6 });
    expect(summary.ftraceStats.map((stats) => stats.phase)).toEqual([1, 2]);
    expect(summary.processes.get(appPid)).toBe(app);
    expect([...summary.processes.values()]).toEqual(
      expect.arrayContaining(['surfaceflinger', 'system_server']),
    );
    expect(summary.threads.get(renderThreadTid)).toEqual({ name: 'RenderThread', tgid: appPid });
    expect(summary.threads.get(appPid)?.name).toBe(app.slice(-15));
  });

  it('writes sched events per CPU bundle: consistent switch chains, ordered within a CPU and not across CPUs', () => {
    const summary = summarizeTrace(writeTrace(input({ jank: jank(5, 40) })));
    const fileOrder = summary.bundles.flatMap((bundle) => bundle.events.map((event) => event.ts));
    expect(fileOrder.some((ts, index) => index > 0 && ts < (fileOrder[index - 1] as number))).toBe(true);
    for (const bundle of summary.bundles)
      for (let index = 1; index < bundle.events.length; index += 1)
        expect((bundle.events[index] as SummaryEvent).ts).toBeGreaterThanOrEqual(
          (bundle.events[index - 1] as SummaryEvent).ts,
        );
    const running = new Map<number, number>();
    let switches = 0;
    for (const event of sortedEvents(summary)) {
      if (event.kind !== FTRACE_EVENT.schedSwitch) continue;
      switches += 1;
      const prev = number(event.body, SCHED_SWITCH.prevPid) ?? -1;
      expect(prev).toBe(running.get(event.cpu) ?? 0);
      running.set(event.cpu, number(event.body, SCHED_SWITCH.nextPid) ?? -1);
    }
    expect(switches).toBeGreaterThan(200);
    const kinds = new Set(sortedEvents(summary).map((event) => event.kind));
    expect(kinds).toEqual(new Set([3, 4, 17, 20, 50, 51]));
  });

  it('writes Choreographer#doFrame on the main thread and DrawFrame on RenderThread, balanced', () => {
    const found = slices(summarizeTrace(writeTrace(input())));
    const doFrames = found.filter((slice) => slice.name.startsWith('Choreographer#doFrame'));
    const drawFrames = found.filter((slice) => slice.name.startsWith('DrawFrame'));
    expect(doFrames.length).toBeGreaterThan(100);
    expect(new Set(doFrames.map((slice) => slice.tid))).toEqual(new Set([appPid]));
    expect(new Set(drawFrames.map((slice) => slice.tid))).toEqual(new Set([renderThreadTid]));
    expect(Math.max(...doFrames.map((slice) => slice.durationNs))).toBeLessThan(16 * MS);
  });

  it('pairs binder transactions with transaction_received by debug id, calls to system_server', () => {
    const events = sortedEvents(summarizeTrace(writeTrace(input())));
    const sent = events.filter((event) => event.kind === FTRACE_EVENT.binderTransaction);
    const received = new Set(
      events
        .filter((event) => event.kind === 51)
        .map((event) => number(event.body, BINDER_TRANSACTION.debugId)),
    );
    expect(sent.length).toBeGreaterThan(10);
    for (const event of sent) expect(received.has(number(event.body, BINDER_TRANSACTION.debugId))).toBe(true);
    const calls = sent.filter((event) => !number(event.body, BINDER_TRANSACTION.reply));
    expect(new Set(calls.map((event) => number(event.body, BINDER_TRANSACTION.toProc)))).toEqual(
      new Set([processes.find((process) => process.cmdline === 'system_server')?.pid]),
    );
  });

  it('makes scenario jank visible: late actual frames with App Deadline Missed, long doFrame, runnable waits', () => {
    const summary = summarizeTrace(writeTrace(input({ jank: jank(5, 40) })));
    expect(lateSurfaceFrames(summary)).toBe(5);
    const long = slices(summary).filter(
      (slice) => slice.name.startsWith('Choreographer#doFrame') && slice.durationNs > 40 * MS,
    );
    expect(long).toHaveLength(5);
    const preempted = sortedEvents(summary).filter(
      (event) =>
        event.kind === FTRACE_EVENT.schedSwitch &&
        number(event.body, SCHED_SWITCH.prevPid) === appPid &&
        number(event.body, SCHED_SWITCH.prevState) === 0,
    );
    expect(preempted).toHaveLength(5);
    // Every start has its frame_end.
    for (const frame of summary.frameStarts)
      expect(summary.frameEnds.has(number(frame.body, 1) ?? -1)).toBe(true);
    expect(lateSurfaceFrames(summarizeTrace(writeTrace(input())))).toBe(0);
  });

  it('places jank in device time: a trace starting after the scenario ended shows none, one overlapping shows part', () => {
    const earlier = jank(10, 40, START_NS - 5000 * MS);
    expect(lateSurfaceFrames(summarizeTrace(writeTrace(input({ jank: earlier }))))).toBe(0);
    const scenario = jank(10, 40, START_NS - 300 * MS);
    const partial = lateSurfaceFrames(summarizeTrace(writeTrace(input({ jank: scenario }))));
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(10);
  });

  it('records only what the config enables and what the API level offers', () => {
    const onlySwitch = config({
      dataSources: [
        {
          name: 'linux.ftrace',
          targetBuffer: 0,
          ftrace: { ...FTRACE.ftrace!, ftraceEvents: ['sched/sched_switch'], atraceCategories: [] },
        },
      ],
    });
    const summary = summarizeTrace(writeTrace(input({ config: onlySwitch })));
    expect(new Set(sortedEvents(summary).map((event) => event.kind))).toEqual(new Set([4]));
    expect(summary.processes.size).toBe(0);
    expect(summary.frameStarts).toHaveLength(0);
    const api30 = summarizeTrace(writeTrace(input({ sdkLevel: 30 })));
    expect(api30.frameStarts).toHaveLength(0);
    const appSections = config({
      dataSources: [{ ...FTRACE, ftrace: { ...FTRACE.ftrace!, atraceCategories: [], atraceApps: [app] } }],
    });
    const names = new Set(
      slices(summarizeTrace(writeTrace(input({ config: appSections })))).map((slice) => slice.name),
    );
    expect(names).toEqual(new Set(['RV OnBindView']));
  });

  it('marks a scenario loss: lost_events bundles, previous_packet_dropped, overrun, and a gap in the events', () => {
    const loss = { atNs: START_NS + 500 * MS, durationNs: 120 * MS };
    const summary = summarizeTrace(writeTrace(input({ loss })));
    expect(summary.bundles.some((bundle) => bundle.lostEvents)).toBe(true);
    expect(summary.droppedPackets).toBeGreaterThan(0);
    expect(summary.ftraceStats[1]?.overrun.some((overrun) => overrun > 0)).toBe(true);
    const inGap = sortedEvents(summary).filter(
      (event) => event.ts >= loss.atNs && event.ts < loss.atNs + loss.durationNs,
    );
    expect(inGap).toHaveLength(0);
    expect(summarizeTrace(writeTrace(input())).droppedPackets).toBe(0);
  });

  it('keeps whole packets within max_file_size_bytes, and the newest (ring) or oldest (discard) in a buffer', () => {
    const capped = writeTrace(input({ config: config({ maxFileSizeBytes: 20_000 }) }));
    expect(capped.length).toBeLessThanOrEqual(20_000);
    expect(summarizeTrace(capped).clockSnapshots).toHaveLength(1);
    const ring = writeTrace(
      input({ config: config({ writeIntoFile: false, buffers: [{ sizeKb: 16, fillPolicy: 1 }] }) }),
    );
    expect(ring.length).toBeLessThanOrEqual(16 * 1024);
    expect(summarizeTrace(ring).ftraceStats.map((stats) => stats.phase)).toEqual([2]);
    const discard = writeTrace(
      input({ config: config({ writeIntoFile: false, buffers: [{ sizeKb: 16, fillPolicy: 2 }] }) }),
    );
    expect(summarizeTrace(discard).ftraceStats.map((stats) => stats.phase)).toEqual([1]);
  });

  it('is deterministic from its seed', () => {
    expect(writeTrace(input()).equals(writeTrace(input()))).toBe(true);
    expect(writeTrace(input()).equals(writeTrace(input({ seed: 8 })))).toBe(false);
  });

  it.skipIf(!wheel)(
    "parses with the Python perfetto wheel's perfetto_trace_pb2, with the same contents",
    async () => {
      const bytes = writeTrace(
        input({ jank: jank(3, 30), loss: { atNs: START_NS + 900 * MS, durationNs: 50 * MS } }),
      );
      const path = join(directory, 'trace.pftrace');
      writeFileSync(path, bytes);
      const python = JSON.parse(await runPerfettoProbe(['trace', path])) as {
        packets: number;
        events: Record<string, number>;
        cpus: number[];
        processes: Record<string, string[]>;
        threads: Record<string, [string, number]>;
        clocks: number[][];
        lost_bundles: number;
        dropped_packets: number;
        frame_timeline_packets: number;
        ftrace_phases: number[];
        binder: { transactions: number[]; received: number[] };
      };
      const ours = summarizeTrace(bytes);
      const events = sortedEvents(ours);
      const count = (kind: number): number => events.filter((event) => event.kind === kind).length;
      expect(python.packets).toBe(ours.packets);
      expect(python.events).toEqual({
        sched_switch: count(4),
        sched_waking: count(20),
        sched_wakeup: count(17),
        print: count(3),
        binder_transaction: count(50),
        binder_transaction_received: count(51),
      });
      expect(python.cpus).toEqual(
        [...new Set(ours.bundles.map((bundle) => bundle.cpu))].sort((a, b) => a - b),
      );
      expect(python.processes[String(appPid)]).toEqual([app]);
      expect(python.threads[String(renderThreadTid)]).toEqual(['RenderThread', appPid]);
      expect(python.clocks).toEqual([
        [6, 1, 3],
        [6, 1, 3],
      ]);
      expect(python.lost_bundles).toBe(ours.bundles.filter((bundle) => bundle.lostEvents).length);
      expect(python.lost_bundles).toBeGreaterThan(0);
      expect(python.dropped_packets).toBe(ours.droppedPackets);
      expect(python.frame_timeline_packets).toBe(ours.frameStarts.length + ours.frameEnds.size);
      expect(python.ftrace_phases).toEqual([1, 2]);
      expect(new Set(python.binder.transactions)).toEqual(new Set(python.binder.received));
    },
  );
});
