import { spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated } from '../../test-support/isolatedResolver';
import {
  ACTUAL_SURFACE_FRAME,
  DATA_SOURCE_DESCRIPTOR,
  FRAME_TIMELINE_EVENT,
  PRINT,
  SERVICE_DATA_SOURCE,
  SERVICE_TRACING_SESSION,
  TRACING_SERVICE_STATE,
} from '../perfetto/schema';
import { perfettoWheelPresent, runPerfettoProbe } from '../perfetto/pythonProbe';
import { encodeTraceConfig, type TraceConfig } from '../perfetto/traceConfig';
import { fieldsOf, messages, number, sortedEvents, summarizeTrace, text } from '../perfetto/traceSummary';
import type { SimulatedAndroid } from '../simulatedAndroid';

// The capture flow the console will use (reference §8.2), through the real adb server against a simulated phone:
// probe with --query-raw, start a detached session with the binary config on shell v2 stdin, --is_detached, stop,
// pull the file and decode it.

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

function hostConfig(packageName: string, durationMs: number): TraceConfig {
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
            'sched/sched_waking',
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
    durationMs,
    writeIntoFile: true,
    fileWritePeriodMs: 1000,
    maxFileSizeBytes: 67_108_864,
    uniqueSessionName: '',
  };
}

/** `adb shell ...` (or `adb exec-in ...`) with `input` on stdin (shell v2 sends it and closes stdin at its end). */
function shellWithStdin(
  args: readonly string[],
  input: Buffer,
  service: 'shell' | 'exec-in' = 'shell',
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(adb.bin, ['-P', String(adb.port), '-s', serial, service, ...args], {
      env: { ...process.env, ...adb.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.resume();
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
    child.stdin.end(input);
  });
}

async function pull(devicePath: string, name: string): Promise<Buffer> {
  const local = join(adb.directory, name);
  const pulled = await adb.adb(['-s', serial, 'pull', devicePath, local]);
  expect(pulled.code, pulled.stderr).toBe(0);
  return readFileSync(local);
}

describe('perfetto through the real adb server', () => {
  it(
    'probes, records a detached session with a stdin config, stops, and the pulled trace shows the jank',
    { timeout: 60_000 },
    async () => {
      const probe = await adb.adb(['-s', serial, 'shell', 'perfetto', '--query-raw']);
      expect(probe.code).toBe(0);
      const sources = messages(fieldsOf(probe.stdout), TRACING_SERVICE_STATE.dataSources).map(
        (source) =>
          text(
            messages(source, SERVICE_DATA_SOURCE.dsDescriptor)[0] ?? new Map(),
            DATA_SOURCE_DESCRIPTOR.name,
          ) ?? '',
      );
      expect(sources).toEqual(
        expect.arrayContaining([
          'linux.ftrace',
          'linux.process_stats',
          'android.surfaceflinger.frametimeline',
        ]),
      );

      const packageName = sim?.state.foreground.packageName ?? '';
      const jank = await adb.adb(['-s', serial, 'shell', 'simctl', 'jank', packageName, '6', '45']);
      expect(jank.code, jank.stderr).toBe(0);
      const notRunning = await adb.adb(['-s', serial, 'shell', 'simctl', 'jank', 'com.example.absent']);
      expect(notRunning.code).toBe(2);
      expect(notRunning.stdout.toString() + notRunning.stderr).toContain('com.example.absent is not running');

      // Session 1 ends at its duration; --is_detached turns from 0 to 2.
      const timedPath = '/data/misc/perfetto-traces/e2e-timed.pftrace';
      const started = await shellWithStdin(
        ['perfetto', '--detach=trace-e2e-timed', '-c', '-', '-o', timedPath],
        encodeTraceConfig(hostConfig(packageName, 1500)),
      );
      expect(started.code, started.stderr).toBe(0);
      expect(started.stderr).toContain('Connected to the Perfetto traced service');
      expect((await adb.adb(['-s', serial, 'shell', 'perfetto', '--is_detached=trace-e2e-timed'])).code).toBe(
        0,
      );
      const exists = await shellWithStdin(
        ['perfetto', '--detach=trace-e2e-other', '-c', '-', '-o', timedPath],
        encodeTraceConfig(hostConfig(packageName, 1500)),
      );
      expect(exists.code).toBe(1);
      expect(exists.stderr).toContain('File exists');
      await vi.waitFor(
        async () =>
          expect(
            (await adb.adb(['-s', serial, 'shell', 'perfetto', '--is_detached=trace-e2e-timed'])).code,
          ).toBe(2),
        { timeout: 10_000, interval: 100 },
      );
      const timed = await pull(timedPath, 'timed.pftrace');
      const summary = summarizeTrace(timed);
      expect([...summary.topLevelFields]).toEqual([1]);
      const late = summary.frameStarts.filter(
        (frame) =>
          frame.kind === FRAME_TIMELINE_EVENT.actualSurfaceFrameStart &&
          number(frame.body, ACTUAL_SURFACE_FRAME.jankType) === 64,
      );
      expect(late).toHaveLength(6);
      const doFrameBegins = sortedEvents(summary).filter((event) =>
        (text(event.body, PRINT.buf) ?? '').includes('|Choreographer#doFrame'),
      );
      expect(doFrameBegins.length).toBeGreaterThan(6);
      const pid = [...summary.processes.entries()].find(([, name]) => name === packageName)?.[0];
      expect(new Set(doFrameBegins.map((event) => event.pid))).toEqual(new Set([pid]));

      // Session 2 is stopped explicitly.
      const stoppedPath = '/data/misc/perfetto-traces/e2e-stopped.pftrace';
      const second = await shellWithStdin(
        ['perfetto', '--detach=trace-e2e-stop', '-c', '-', '-o', stoppedPath],
        encodeTraceConfig(hostConfig(packageName, 60_000)),
      );
      expect(second.code, second.stderr).toBe(0);
      const stop = await adb.adb(['-s', serial, 'shell', 'perfetto', '--attach=trace-e2e-stop', '--stop']);
      expect(stop.code, stop.stderr).toBe(0);
      expect((await adb.adb(['-s', serial, 'shell', 'perfetto', '--is_detached=trace-e2e-stop'])).code).toBe(
        2,
      );
      const stopped = await pull(stoppedPath, 'stopped.pftrace');
      expect(statSync(join(adb.directory, 'stopped.pftrace')).size).toBe(stopped.length);
      expect(summarizeTrace(stopped).clockSnapshots.map((snapshot) => snapshot.primary)).toEqual([6, 6]);
    },
  );

  it('starts a session with the config sent through `adb exec-in`', { timeout: 30_000 }, async () => {
    const path = '/data/misc/perfetto-traces/e2e-exec-in.pftrace';
    const packageName = sim?.state.foreground.packageName ?? '';
    const started = await shellWithStdin(
      ['perfetto', '--detach=trace-e2e-exec-in', '-c', '-', '-o', path],
      encodeTraceConfig(hostConfig(packageName, 60_000)),
      'exec-in',
    );
    expect(started.code, started.stderr).toBe(0);
    expect((await adb.adb(['-s', serial, 'shell', 'perfetto', '--is_detached=trace-e2e-exec-in'])).code).toBe(
      0,
    );
    const stop = await adb.adb(['-s', serial, 'shell', 'perfetto', '--attach=trace-e2e-exec-in', '--stop']);
    expect(stop.code, stop.stderr).toBe(0);
    const listing = await adb.adb(['-s', serial, 'shell', 'ls', '-l', path]);
    expect(listing.stdout.toString()).toMatch(/^-rw------- /);
    expect(summarizeTrace(await pull(path, 'exec-in.pftrace')).processes.get(1)).toBe('init');
  });

  it(
    'stops writing at max_file_size_bytes: the session turns DISABLED, --attach --stop releases the capped file',
    { timeout: 60_000 },
    async () => {
      const path = '/data/misc/perfetto-traces/e2e-capped.pftrace';
      const cap = 12_000;
      const packageName = sim?.state.foreground.packageName ?? '';
      const config = { ...hostConfig(packageName, 60_000), fileWritePeriodMs: 100, maxFileSizeBytes: cap };
      const started = await shellWithStdin(
        ['perfetto', '--detach=trace-e2e-capped', '-c', '-', '-o', path],
        encodeTraceConfig(config),
      );
      expect(started.code, started.stderr).toBe(0);
      const queryRaw = async (): Promise<Buffer> => {
        const probe = await adb.adb(['-s', serial, 'shell', 'perfetto', '--query-raw']);
        expect(probe.code).toBe(0);
        return probe.stdout;
      };
      const states = async (): Promise<string[]> =>
        messages(fieldsOf(await queryRaw()), TRACING_SERVICE_STATE.tracingSessions).map(
          (session) => text(session, SERVICE_TRACING_SESSION.state) ?? '',
        );
      // Long before its 60 s duration the file reaches the cap and traced disables the session.
      await vi.waitFor(async () => expect(await states()).toEqual(['DISABLED']), {
        timeout: 10_000,
        interval: 100,
      });
      expect(
        (await adb.adb(['-s', serial, 'shell', 'perfetto', '--is_detached=trace-e2e-capped'])).code,
      ).toBe(0);
      const disabledState = await queryRaw();
      const before = await pull(path, 'capped-before.pftrace');
      const stop = await adb.adb(['-s', serial, 'shell', 'perfetto', '--attach=trace-e2e-capped', '--stop']);
      expect(stop.code, stop.stderr).toBe(0);
      expect(
        (await adb.adb(['-s', serial, 'shell', 'perfetto', '--is_detached=trace-e2e-capped'])).code,
      ).toBe(2);
      const capped = await pull(path, 'capped.pftrace');
      expect(capped.equals(before)).toBe(true);
      expect(capped.length).toBeLessThan(cap);
      const summary = summarizeTrace(capped);
      expect([...summary.topLevelFields]).toEqual([1]);
      // Writing stopped mid-recording: no end-of-trace stats or closing clock snapshot.
      expect(summary.ftraceStats.map((stats) => stats.phase)).toEqual([1]);
      expect(summary.clockSnapshots).toHaveLength(1);

      if (!perfettoWheelPresent()) {
        console.warn('perfetto wheel cross-check skipped: run scripts/setup-python-test-env.sh');
        return;
      }
      const decoded = JSON.parse(
        await runPerfettoProbe(['trace', join(adb.directory, 'capped.pftrace')]),
      ) as { packets: number; ftrace_phases: number[]; clocks: number[][] };
      expect(decoded.packets).toBe(summary.packets);
      expect(decoded.ftrace_phases).toEqual([1]);
      expect(decoded.clocks).toHaveLength(1);
      // The wheel reads --query-raw's session list too, as it was while the capped session waited.
      const statePath = join(adb.directory, 'state.pb');
      writeFileSync(statePath, disabledState);
      expect(JSON.parse(await runPerfettoProbe(['state', statePath]))).toMatchObject({
        sessions: [
          {
            consumer_uid: 2000,
            state: 'DISABLED',
            duration_ms: 60_000,
            buffer_size_kb: [8192],
            num_data_sources: 3,
            is_started: true,
          },
        ],
      });
    },
  );
});
