import { describe, expect, it, vi } from 'vitest';
import { filesOf } from '../../device/files';
import { DeviceState } from '../../device/state';
import {
  DATA_SOURCE_DESCRIPTOR,
  SERVICE_DATA_SOURCE,
  SERVICE_TRACING_SESSION,
  TRACING_SERVICE_STATE,
} from '../../perfetto/schema';
import { encodeTraceConfig, type TraceConfig } from '../../perfetto/traceConfig';
import { fieldsOf, messages, summarizeTrace, text } from '../../perfetto/traceSummary';
import { runShell } from '../../../test-support/runShell';

const DIR = '/data/misc/perfetto-traces';

function config(overrides: Partial<TraceConfig> = {}): TraceConfig {
  return {
    buffers: [{ sizeKb: 4096, fillPolicy: 1 }],
    dataSources: [
      {
        name: 'linux.ftrace',
        targetBuffer: 0,
        ftrace: {
          ftraceEvents: ['sched/sched_switch', 'ftrace/print'],
          atraceCategories: ['view'],
          atraceApps: [],
          compactSched: false,
        },
      },
      { name: 'linux.process_stats', targetBuffer: 0, processStats: { scanAllProcessesOnStart: true } },
    ],
    durationMs: 60_000,
    writeIntoFile: true,
    fileWritePeriodMs: 1000,
    maxFileSizeBytes: 64 * 1024 * 1024,
    uniqueSessionName: '',
    ...overrides,
  };
}

function device(sdk = 35): DeviceState {
  return new DeviceState({ properties: { 'ro.build.version.sdk': String(sdk) } });
}

function putConfig(state: DeviceState, bytes: Buffer, path = '/data/local/tmp/config.pb'): void {
  filesOf(state).write(path, { data: bytes, mode: 0o644, mtimeSeconds: 0 });
}

function dataSourceNames(raw: Buffer): string[] {
  return messages(fieldsOf(raw), TRACING_SERVICE_STATE.dataSources).map(
    (source) =>
      text(messages(source, SERVICE_DATA_SOURCE.dsDescriptor)[0] ?? new Map(), DATA_SOURCE_DESCRIPTOR.name) ??
      '',
  );
}

/** The states --query-raw reports for the caller's tracing sessions. */
async function sessionStates(state: DeviceState): Promise<string[]> {
  const raw = (await runShell('perfetto --query-raw', { state })).stdout;
  return messages(fieldsOf(raw), TRACING_SERVICE_STATE.tracingSessions).map(
    (session) => text(session, SERVICE_TRACING_SESSION.state) ?? '',
  );
}

describe('perfetto', () => {
  it('--query-raw prints TracingServiceState with the data sources of the API level', async () => {
    const names = dataSourceNames((await runShell('perfetto --query-raw', { state: device(35) })).stdout);
    expect(names).toEqual(
      expect.arrayContaining(['linux.ftrace', 'linux.process_stats', 'android.surfaceflinger.frametimeline']),
    );
    const api30 = dataSourceNames((await runShell('perfetto --query-raw', { state: device(30) })).stdout);
    expect(api30).toContain('linux.ftrace');
    expect(api30).not.toContain('android.surfaceflinger.frametimeline');
    const legacy = await runShell('perfetto --query-raw', { state: device(27) });
    expect(legacy.status).toBe(127);
    expect(legacy.stderr).toBe('/system/bin/sh: perfetto: inaccessible or not found\n');
  });

  it('detaches with a config on stdin, reports recording, and --attach --stop writes a 0600 trace', async () => {
    const state = device();
    putConfig(state, encodeTraceConfig(config()));
    const path = `${DIR}/t1.pftrace`;
    const start = await runShell(`cat /data/local/tmp/config.pb | perfetto --detach=t1 -c - -o ${path}`, {
      state,
    });
    expect(start.stderr).toMatch(
      /^\[\d+\.\d{3}\] perfetto_cmd\.cc:\d+ Connected to the Perfetto traced service, TTL: 60s\n$/,
    );
    expect(start.status).toBe(0);
    expect(filesOf(state).read(path)).toMatchObject({ mode: 0o600, data: Buffer.alloc(0) });
    expect((await runShell('perfetto --is_detached=t1', { state })).status).toBe(0);
    expect((await runShell('perfetto --is_detached=other', { state })).status).toBe(2);

    const again = await runShell(`perfetto --detach=t2 -c /data/local/tmp/config.pb -o ${path}`, { state });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(`Failed to open ${path} (errno: 17, File exists)`);
    const sameKey = await runShell(`perfetto --detach=t1 -c /data/local/tmp/config.pb -o ${DIR}/t3.pftrace`, {
      state,
    });
    expect(sameKey.status).toBe(1);
    expect(sameKey.stderr).toContain('Session detach failed');

    const stop = await runShell('perfetto --attach=t1 --stop', { state });
    expect(stop.status).toBe(0);
    const file = filesOf(state).read(path);
    expect(file?.mode).toBe(0o600);
    expect(stop.stderr).toContain(`Wrote ${file?.data.length} bytes into ${path}`);
    const summary = summarizeTrace(file?.data ?? Buffer.alloc(0));
    expect(summary.clockSnapshots).toHaveLength(2);
    expect(summary.processes.get(1)).toBe('init');
    expect((await runShell('perfetto --is_detached=t1', { state })).status).toBe(2);
    const late = await runShell('perfetto --attach=t1 --stop', { state });
    expect(late.status).toBe(2);
    expect(late.stderr).toContain('Session re-attach failed. Check service logs for details');
  });

  it('ends a detached session at duration_ms and writes the file', async () => {
    const state = device();
    putConfig(state, encodeTraceConfig(config({ durationMs: 300 })));
    const path = `${DIR}/timed.pftrace`;
    expect(
      (await runShell(`perfetto --detach=timed -c /data/local/tmp/config.pb -o ${path}`, { state })).status,
    ).toBe(0);
    await vi.waitFor(
      async () => expect((await runShell('perfetto --is_detached=timed', { state })).status).toBe(2),
      {
        timeout: 5000,
        interval: 50,
      },
    );
    const summary = summarizeTrace(filesOf(state).read(path)?.data ?? Buffer.alloc(0));
    expect(summary.clockSnapshots.length).toBe(2);
    expect(summary.bundles.some((bundle) => bundle.events.length > 0)).toBe(true);
  });

  it('grows a write_into_file trace every file_write_period_ms while recording', async () => {
    const state = device();
    putConfig(state, encodeTraceConfig(config({ fileWritePeriodMs: 100 })));
    const path = `${DIR}/growing.pftrace`;
    expect(
      (await runShell(`perfetto --detach=grow -c /data/local/tmp/config.pb -o ${path}`, { state })).status,
    ).toBe(0);
    const size = (): number => filesOf(state).read(path)?.data.length ?? 0;
    await vi.waitFor(() => expect(size()).toBeGreaterThan(0), { timeout: 5000, interval: 20 });
    const first = size();
    await vi.waitFor(() => expect(size()).toBeGreaterThan(first), { timeout: 5000, interval: 20 });
    // A periodic write holds the packets so far: the end-of-trace stats and clock snapshot come at the stop.
    expect(summarizeTrace(filesOf(state).read(path)?.data ?? Buffer.alloc(0)).clockSnapshots.length).toBe(1);
    expect((await runShell('perfetto --is_detached=grow', { state })).status).toBe(0);
    expect((await runShell('perfetto --attach=grow --stop', { state })).status).toBe(0);
    expect(summarizeTrace(filesOf(state).read(path)?.data ?? Buffer.alloc(0)).clockSnapshots.length).toBe(2);
  });

  it('stops writing and ends recording when the file reaches max_file_size_bytes', async () => {
    const state = device();
    const cap = 10_000;
    putConfig(state, encodeTraceConfig(config({ fileWritePeriodMs: 100, maxFileSizeBytes: cap })));
    const path = `${DIR}/capped.pftrace`;
    // In the foreground the command returns when the cap ends the session, long before its 60 s duration.
    const foreground = await runShell(`perfetto -c /data/local/tmp/config.pb -o ${path}`, { state });
    expect(foreground.status).toBe(0);
    const capped = filesOf(state).read(path)?.data ?? Buffer.alloc(0);
    expect(capped.length).toBeGreaterThan(0);
    // traced writes whole packets and stops before the one that would make the file reach the cap.
    expect(capped.length).toBeLessThan(cap);
    const summary = summarizeTrace(capped);
    expect(summary.topLevelFields).toEqual(new Set([1]));
    expect(summary.bundles.length).toBeGreaterThan(0);
    expect(summary.ftraceStats.map((stats) => stats.phase)).toEqual([1]);

    // Detached, the capped session is disabled but stays attachable; --attach --stop releases it unchanged.
    const detachedPath = `${DIR}/capped-detached.pftrace`;
    expect(
      (await runShell(`perfetto --detach=cap -c /data/local/tmp/config.pb -o ${detachedPath}`, { state }))
        .status,
    ).toBe(0);
    expect(await sessionStates(state)).toEqual(['STARTED']);
    await vi.waitFor(async () => expect(await sessionStates(state)).toEqual(['DISABLED']), {
      timeout: 5000,
      interval: 20,
    });
    expect((await runShell('perfetto --is_detached=cap', { state })).status).toBe(0);
    const stopped = await runShell('perfetto --attach=cap --stop', { state });
    expect(stopped.status).toBe(0);
    const final = filesOf(state).read(detachedPath)?.data ?? Buffer.alloc(0);
    expect(final.length).toBeLessThan(cap);
    expect(summarizeTrace(final).clockSnapshots.length).toBe(1);
    expect((await runShell('perfetto --is_detached=cap', { state })).status).toBe(2);
  });

  it('records in the foreground to stdout with -o - until the duration ends', async () => {
    const state = device();
    putConfig(state, encodeTraceConfig(config({ durationMs: 200 })));
    const run = await runShell('perfetto -c /data/local/tmp/config.pb -o -', { state });
    expect(run.status).toBe(0);
    expect(summarizeTrace(run.stdout).clockSnapshots.length).toBe(2);
  });

  it('fails like the real CLI on bad paths, configs and options', async () => {
    const state = device();
    putConfig(state, encodeTraceConfig(config()));
    const outside = await runShell(
      'perfetto --detach=x -c /data/local/tmp/config.pb -o /data/local/tmp/x.pftrace',
      {
        state,
      },
    );
    expect(outside.status).toBe(1);
    expect(outside.stderr).toContain(
      'Failed to open /data/local/tmp/x.pftrace (errno: 13, Permission denied)',
    );
    putConfig(state, Buffer.from([0x0b, 0xff]), '/data/local/tmp/bad.pb');
    const invalid = await runShell(`perfetto --detach=x -c /data/local/tmp/bad.pb -o ${DIR}/x.pftrace`, {
      state,
    });
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toContain('The trace config is invalid');
    const noOut = await runShell('perfetto --detach=x -c /data/local/tmp/config.pb', { state });
    expect(noOut.stderr).toContain('Either --out or --upload is required');
    putConfig(state, encodeTraceConfig(config({ buffers: [] })), '/data/local/tmp/nobuf.pb');
    const noBuffers = await runShell(
      `cat /data/local/tmp/nobuf.pb | perfetto --detach=x -c - -o ${DIR}/y.pftrace`,
      {
        state,
      },
    );
    expect(noBuffers.status).toBe(1);
    expect(noBuffers.stderr).toContain('Config has no buffers');
    const unknown = await runShell('perfetto --frobnicate', { state });
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("perfetto: unrecognized option '--frobnicate'");
    expect((await runShell('perfetto --is_detached x', { state })).status).toBe(2);
    const usage = await runShell('perfetto', { state });
    expect(usage.status).toBe(1);
    expect(usage.stderr).toContain('--is_detached=key');
  });

  it('refuses a second session with the same unique_session_name', async () => {
    const state = device();
    putConfig(state, encodeTraceConfig(config({ uniqueSessionName: 'only-one' })));
    expect(
      (await runShell(`perfetto --detach=a -c /data/local/tmp/config.pb -o ${DIR}/a.pftrace`, { state }))
        .status,
    ).toBe(0);
    const second = await runShell(`perfetto --detach=b -c /data/local/tmp/config.pb -o ${DIR}/b.pftrace`, {
      state,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain('A trace with this unique session name already exists');
    expect((await runShell('perfetto --attach=a --stop', { state })).status).toBe(0);
  });
});
