// A trace recorded by the simulated device's perfetto command over a real adb server, pulled and analysed.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { analyzeTraceFile } from '../node/trace/analyzeTrace';
import type { SimulatedAndroid } from '../simulator/simulatedAndroid';
import { encodeTraceConfig, type TraceConfig } from '../simulator/perfetto/traceConfig';
import { startIsolatedAdb, type IsolatedAdb } from './isolatedAdb';
import { bootSimulated } from './isolatedResolver';

let adb: IsolatedAdb;
let sim: SimulatedAndroid | undefined;
let serial = '';

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb, { profile: 'phone' }));
});

afterAll(async () => {
  await sim?.close();
  await adb?.stop();
});

function config(packageName: string): TraceConfig {
  return {
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
          atraceApps: [packageName],
          compactSched: false,
        },
      },
      { name: 'linux.process_stats', targetBuffer: 0, processStats: { scanAllProcessesOnStart: true } },
      { name: 'android.surfaceflinger.frametimeline', targetBuffer: 0 },
    ],
    durationMs: 4000,
    writeIntoFile: true,
    fileWritePeriodMs: 1000,
    maxFileSizeBytes: 67_108_864,
    uniqueSessionName: '',
  };
}

function shellWithStdin(
  args: readonly string[],
  input: Buffer,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(adb.bin, ['-P', String(adb.port), '-s', serial, 'shell', ...args], {
      env: { ...process.env, ...adb.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.resume();
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr }));
    child.stdin.end(input);
  });
}

describe('analysis of a trace recorded over adb', () => {
  it(
    'shows the simctl jank scenario as frame anomalies of the foreground app',
    { timeout: 60_000 },
    async () => {
      const packageName = sim?.state.foreground.packageName ?? '';
      const devicePath = '/data/misc/perfetto-traces/analysis.pftrace';
      const started = await shellWithStdin(
        ['perfetto', '--detach=trace-analysis1', '-c', '-', '-o', devicePath],
        encodeTraceConfig(config(packageName)),
      );
      expect(started.code, started.stderr).toBe(0);
      // Injected once the session records: the six late frames (~0.5 s) start when the command lands, so a jank
      // sent before a slow start on a busy machine would partly fall before the recording.
      const jank = await adb.adb(['-s', serial, 'shell', 'simctl', 'jank', packageName, '6', '45']);
      expect(jank.code, jank.stderr).toBe(0);
      await vi.waitFor(
        async () =>
          expect(
            (await adb.adb(['-s', serial, 'shell', 'perfetto', '--is_detached=trace-analysis1'])).code,
          ).toBe(2),
        { timeout: 10_000, interval: 100 },
      );
      const local = join(adb.directory, 'analysis.pftrace');
      const pulled = await adb.adb(['-s', serial, 'pull', devicePath, local]);
      expect(pulled.code, pulled.stderr).toBe(0);
      const result = await analyzeTraceFile(local, { package: packageName });
      if (!result.ok) throw new Error(result.error.message);
      expect(result.value.coverage.sched_switch).toBeGreaterThan(0);
      expect(result.value.frames.filter((frame) => frame.source === 'do_frame' && frame.janky)).toHaveLength(
        6,
      );
      expect(result.value.frame_anomalies.count).toBeGreaterThanOrEqual(6);
    },
  );
});
