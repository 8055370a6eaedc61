// The analyser over a trace the simulated device's perfetto writer produces under a jank scenario.
import { describe, expect, it } from 'vitest';
import { analyzeTraceBytes } from '../node/trace/analyzeTrace';
import { processesOf } from '../simulator/device/processes';
import { DeviceState } from '../simulator/device/state';
import { jankUntilNs } from '../simulator/perfetto/activity';
import { traceProcesses } from '../simulator/perfetto/threads';
import { encodeTraceConfig, type TraceConfig } from '../simulator/perfetto/traceConfig';
import { writeTrace, type TraceInput } from '../simulator/perfetto/traceWriter';

const MS = 1_000_000;
const START_NS = 3_700_000 * MS;
const FRAME_NS = 16_666_667;

const config: TraceConfig = {
  buffers: [{ sizeKb: 8192, fillPolicy: 1 }],
  dataSources: [
    {
      name: 'linux.ftrace',
      targetBuffer: 0,
      ftrace: {
        ftraceEvents: [
          'sched/sched_switch',
          'sched/sched_wakeup',
          'binder/binder_transaction',
          'binder/binder_transaction_received',
          'ftrace/print',
        ],
        atraceCategories: ['gfx', 'view', 'binder_driver'],
        atraceApps: [],
        compactSched: false,
      },
    },
    { name: 'linux.process_stats', targetBuffer: 0, processStats: { scanAllProcessesOnStart: true } },
    { name: 'android.surfaceflinger.frametimeline', targetBuffer: 0 },
  ],
  durationMs: 2000,
  writeIntoFile: true,
  fileWritePeriodMs: 1000,
  maxFileSizeBytes: 64 * 1024 * 1024,
  uniqueSessionName: '',
};

const state = new DeviceState();
const app = state.foreground.packageName;
const appPid = processesOf(state).pidOf(app) as number;

function trace(jankFrames: number): Buffer {
  const input: TraceInput = {
    config,
    configBytes: encodeTraceConfig(config),
    startNs: START_NS,
    endNs: START_NS + 2000 * MS,
    seed: 7,
    cpus: 8,
    processes: traceProcesses(processesOf(state).list()),
    apps: [{ packageName: app, pid: appPid, layerName: `TX - ${app}/.Main#0` }],
    jank:
      jankFrames === 0
        ? []
        : [
            {
              packageName: app,
              fromNs: START_NS,
              untilNs: jankUntilNs(START_NS, jankFrames, 40, FRAME_NS),
              frames: jankFrames,
              overrunMs: 40,
            },
          ],
    frameIntervalNs: FRAME_NS,
    sdkLevel: 35,
    fingerprint: 'google/panther/panther:15/AP4A/1:user/release-keys',
    kernelRelease: '6.1.75-android14-11',
    realtimeNs: 1_800_000_000_000 * MS,
    monotonicOffsetNs: 1_000 * MS,
  };
  return writeTrace(input);
}

describe('analysis of a simulated device trace', () => {
  it('finds the jank scenario frames for the foreground package, and none without jank', () => {
    const janky = analyzeTraceBytes(trace(5), { package: app });
    if (!janky.ok) throw new Error(janky.error.message);
    expect(janky.value.target_pid).toBe(appPid);
    expect(janky.value.coverage.sched_switch).toBeGreaterThan(0);
    expect(janky.value.coverage.frame_timeline).toBeGreaterThan(0);
    const overBudget = janky.value.frames.filter((frame) => frame.source === 'do_frame' && frame.janky);
    expect(overBudget.length).toBe(5);
    expect(janky.value.frame_anomalies.count).toBeGreaterThanOrEqual(5);
    expect(janky.value.frame_anomalies.examples[0]?.evidence).toMatch(/Choreographer#doFrame|FrameTimeline/);

    const smooth = analyzeTraceBytes(trace(0), { package: app });
    if (!smooth.ok) throw new Error(smooth.error.message);
    expect(smooth.value.frame_anomalies.count).toBe(0);
    expect(smooth.value.frames.length).toBeGreaterThan(50);
  });
});
