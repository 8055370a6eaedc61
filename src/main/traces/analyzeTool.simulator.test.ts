// analyze_system_trace by trace_id and by device path on a simulated phone under `simctl jank`: the capture tools
// record it, the analysis shows the injected jank, and the path source only stats and pulls on the device.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok } from '../../shared/errors';
import type { TraceReport } from '../../shared/trace/report';
import { runDeviceCommand } from '../../node/adb/deviceCommand';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { runTool } from '../android/runTool';
import type { AndroidTool } from '../android/tool';
import { analyzeTraceTool } from './analyzeTool';
import { systemTraceTools } from './capture';

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial = '';
let home = '';
const root = (): string => join(home, 'system-traces');
const [start, stop] = systemTraceTools(root) as [AndroidTool, AndroidTool];
const analyze = analyzeTraceTool(root);
let packageName = '';
let traceId = '';
let devicePath = '';

const call = (tool: AndroidTool, args: unknown) =>
  runTool(tool, {
    arguments: args,
    resolver: isolatedResolver(adb),
    approve: () => Promise.resolve(ok(undefined)),
  });
const services = (): string[] => sim.device.received().map((entry) => entry.service);
const shell = async (command: string) => {
  const device = await isolatedResolver(adb).resolve(serial);
  if (!device.ok) throw new Error(device.error.message);
  const result = await runDeviceCommand(device.value.client, serial, command);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb));
  home = mkdtempSync(join(tmpdir(), 'androperator-analyze-'));
  packageName = sim.state.foreground.packageName;
  // The jank is injected once the session records: its six late frames (~0.5 s of wall time) start when the
  // command lands, so on a busy machine a jank sent before a slow start would partly fall before the recording.
  // The 5 s capture leaves that margin after the command, and ends by itself.
  const started = await call(start, { package: packageName, duration_secs: 5, device: serial });
  if (!started.ok) throw new Error(started.error.message);
  const jank = await shell(`simctl jank ${packageName} 6 45`);
  expect(jank.exit_code, jank.stderr).toBe(0);
  const value = started.value as { trace_id: string; path: string };
  traceId = value.trace_id;
  devicePath = value.path;
}, 60_000);

afterAll(async () => {
  await sim.close();
  await adb.stop();
  rmSync(home, { recursive: true, force: true });
});

function expectJank(report: TraceReport): void {
  expect(report.coverage.sched_switch).toBeGreaterThan(0);
  expect(report.frames.filter((frame) => frame.source === 'do_frame' && frame.janky)).toHaveLength(6);
  expect(report.frame_anomalies.count).toBeGreaterThanOrEqual(6);
  expect(report.frame_anomalies.examples.length).toBeGreaterThan(0);
}

describe('analyze_system_trace sources', () => {
  it('refuses a capture that is still being recorded, saying so from the read-only probe', async () => {
    const result = await call(analyze, { trace_id: traceId });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'SYSTEM_TRACE_REFUSED', details: { on_device: 'recording' } },
    });
    if (!result.ok) expect(result.error.message).toContain('is still recording on');
  });

  it('analyses a stopped capture by trace_id and shows the injected jank', { timeout: 60_000 }, async () => {
    await vi.waitFor(
      async () => expect((await shell(`perfetto --is_detached=${traceId}`)).exit_code).toBe(2),
      { timeout: 15_000, interval: 100 },
    );
    const stopped = await call(stop, { trace_id: traceId, device: serial });
    expect(stopped).toMatchObject({ ok: true, value: { status: 'already_stopped' } });
    const before = services().length;
    const result = await call(analyze, { trace_id: traceId, package: packageName });
    if (!result.ok) throw new Error(result.error.message);
    expectJank(result.value as TraceReport);
    expect(
      services()
        .slice(before)
        .filter((service) => service.startsWith('shell')),
    ).toEqual([]);
  });

  it('analyses the same file by its device path: stat first, then a pull', { timeout: 60_000 }, async () => {
    const before = services().length;
    const result = await call(analyze, { path: devicePath, package: packageName, device: serial });
    if (!result.ok) throw new Error(result.error.message);
    expectJank(result.value as TraceReport);
    const sent = services().slice(before);
    expect(sent.filter((service) => service.startsWith('shell'))).toEqual([
      `shell,v2,raw:stat -c '%F|%s' '${devicePath}'`,
    ]);
    expect(sent).toContain('sync:');
  });

  it('refuses directories, missing files and unsafe paths before pulling', async () => {
    const before = services().length;
    const directory = await call(analyze, { path: '/data/local/tmp', device: serial });
    expect(directory).toMatchObject({ ok: false, error: { code: 'INVALID_PATH' } });
    if (!directory.ok) expect(directory.error.message).toContain('not a regular file');
    const missing = await call(analyze, { path: '/data/local/tmp/none.pftrace', device: serial });
    expect(missing).toMatchObject({ ok: false, error: { code: 'FILE_NOT_FOUND' } });
    for (const path of ['relative.pftrace', "/data/local/tmp/a'b", '/data/local/../tmp/x.pftrace']) {
      const refused = await call(analyze, { path, device: serial });
      expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_PATH' } });
    }
    expect(services().slice(before)).not.toContain('sync:');
    expect(
      services()
        .slice(before)
        .filter((service) => !service.includes('stat -c')),
    ).toEqual([]);
  });

  it('refuses two sources and an unknown id', async () => {
    const both = await call(analyze, { trace_id: traceId, path: devicePath });
    expect(both).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    const unknown = await call(analyze, { trace_id: 'trace-unknown12345' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'SYSTEM_TRACE_REFUSED' } });
  });
});
