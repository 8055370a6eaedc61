// The capture tools through runTool on a simulated phone behind a real adb server: what the device received, what
// the private record holds, and the trace pulled back.
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../shared/errors';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { decodeTraceConfig } from '../../simulator/perfetto/traceConfig';
import { filesOf } from '../../simulator/device/files';
import { runDeviceCommand } from '../../node/adb/deviceCommand';
import type { ApprovalRequest, Approver } from '../approval/approval';
import { runTool } from '../android/runTool';
import type { AndroidTool } from '../android/tool';
import { systemTraceTools } from './capture';
import { createCapture, openRoot } from './store';

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial = '';
let home = '';
let root = '';
const [start, stop, list, remove] = systemTraceTools(() => root) as [
  AndroidTool,
  AndroidTool,
  AndroidTool,
  AndroidTool,
];

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb));
  home = mkdtempSync(join(tmpdir(), 'androperator-traces-'));
});

afterAll(async () => {
  await sim.close();
  await adb.stop();
  rmSync(home, { recursive: true, force: true });
});

let folderCount = 0;
beforeEach(() => {
  folderCount += 1;
  root = join(home, `system-traces-${folderCount}`);
});

const requests: ApprovalRequest[] = [];
const approveAll: Approver = (request) => {
  requests.push(request);
  return Promise.resolve(ok(undefined));
};
const refuseAll: Approver = (request) => {
  requests.push(request);
  return Promise.resolve(fail('APPROVAL_REFUSED', 'refused in the test'));
};

const call = (tool: AndroidTool, args: unknown, approve: Approver = approveAll) =>
  runTool(tool, { arguments: args, resolver: isolatedResolver(adb), approve });

const services = (): string[] => sim.device.received().map((entry) => entry.service);
const since = (count: number): string[] => services().slice(count);

async function started(args: unknown = { package: 'com.example.app' }): Promise<Record<string, unknown>> {
  const result = await call(start, args);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as Record<string, unknown>;
}

describe('start_system_trace and stop_system_trace', () => {
  it(
    'starts a detached session with the fixed config on stdin, stops it and pulls a non-empty trace',
    { timeout: 60_000 },
    async () => {
      const before = services().length;
      const value = await started();
      const id = String(value['trace_id']);
      expect(id).toMatch(/^trace-[A-Za-z0-9_-]{16}$/);
      const path = `/data/misc/perfetto-traces/androperator-${id}.pftrace`;
      expect(value).toMatchObject({
        status: 'recording',
        path,
        sources: ['linux.ftrace', 'linux.process_stats', 'android.surfaceflinger.frametimeline'],
        background_analysis_scheduled: false,
      });
      const sent = since(before);
      expect(sent.filter((service) => service === 'exec:perfetto --query-raw')).toHaveLength(2);
      expect(sent).toContain(`shell,v2,raw:perfetto --detach=${id} -c - -o '${path}'`);
      expect(requests.at(-1)).toMatchObject({ tool: 'start_system_trace', strength: 'normal' });
      expect(requests.at(-1)?.preview).toContain(`perfetto --detach=${id} -c - -o '${path}'`);

      const folder = join(root, id);
      expect(statSync(root).mode & 0o777).toBe(0o700);
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      for (const name of ['config.pb', 'session.json'])
        expect(statSync(join(folder, name)).mode & 0o777).toBe(0o600);
      // No lock file is left behind: stop and delete take operation.lock only while they run.
      expect(readdirSync(folder).sort()).toEqual(['config.pb', 'session.json']);
      const config = decodeTraceConfig(readFileSync(join(folder, 'config.pb')));
      expect(config).toMatchObject({
        buffers: [{ sizeKb: 8192, fillPolicy: 1 }],
        durationMs: 10_000,
        writeIntoFile: true,
        fileWritePeriodMs: 1000,
        maxFileSizeBytes: 67_108_864,
      });
      const ftrace = config.dataSources.find((source) => source.name === 'linux.ftrace')?.ftrace;
      expect(ftrace).toEqual({
        ftraceEvents: [
          'sched/sched_switch',
          'sched/sched_wakeup',
          'binder/binder_transaction',
          'binder/binder_transaction_received',
          'ftrace/print',
        ],
        atraceCategories: ['gfx', 'view', 'binder_driver'],
        atraceApps: ['com.example.app'],
        compactSched: false,
      });
      expect(
        config.dataSources.find((source) => source.name === 'linux.process_stats')?.processStats,
      ).toEqual({
        scanAllProcessesOnStart: true,
      });
      const session = JSON.parse(readFileSync(join(folder, 'session.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      expect(session).toMatchObject({
        id,
        package: 'com.example.app',
        device: serial,
        path,
        status: 'recording',
      });

      const stopBefore = services().length;
      const stopped = await call(stop, { trace_id: id });
      expect(stopped).toMatchObject({
        ok: true,
        value: { status: 'stopped', trace_id: id, path, next: 'analyze_system_trace' },
      });
      const result = (stopped.ok ? stopped.value : {}) as { host_path: string; bytes: number };
      expect(result.bytes).toBeGreaterThan(0);
      expect(readFileSync(result.host_path).length).toBe(result.bytes);
      expect(statSync(result.host_path).mode & 0o777).toBe(0o600);
      // The pulled file is a raw trace: repeated Trace.packet, key byte 10.
      expect(readFileSync(result.host_path)[0]).toBe(10);
      expect(since(stopBefore)).toEqual(
        expect.arrayContaining([
          `shell,v2,raw:perfetto --is_detached=${id}`,
          `shell,v2,raw:perfetto --attach=${id} --stop`,
        ]),
      );
      expect(JSON.parse(readFileSync(join(folder, 'session.json'), 'utf8'))).toMatchObject({
        status: 'stopped',
        bytes: result.bytes,
      });

      const listed = await call(list, {});
      expect(listed).toMatchObject({ ok: true, value: { count: 1, traces: [{ id, status: 'stopped' }] } });

      const deleteBefore = services().length;
      const deleted = await call(remove, { trace_id: id });
      expect(deleted, JSON.stringify(deleted)).toMatchObject({
        ok: true,
        value: { status: 'deleted', trace_id: id },
      });
      expect(since(deleteBefore)).toContain(`shell,v2,raw:rm -f '${path}'`);
      expect(readdirSync(root)).toEqual([]);
      // What the answer says about the device file is what the device shows afterwards.
      const listing = await runDeviceCommand(adb.client, serial, `ls ${path}`);
      expect(deleted.ok && (deleted.value as { device_file_removed: boolean }).device_file_removed).toBe(
        listing.ok && listing.value.exit_code !== 0,
      );
    },
  );

  it('a refused start sends no perfetto start and records nothing', async () => {
    const before = services().length;
    const result = await call(start, {}, refuseAll);
    expect(result).toMatchObject({ ok: false, error: { code: 'APPROVAL_REFUSED' } });
    expect(since(before).some((service) => service.includes('--detach'))).toBe(false);
    expect(readdirSync(root)).toEqual([]);
  });

  it(
    'a refused stop leaves session.json byte-identical and sends nothing; a session past its end is already_stopped',
    { timeout: 60_000 },
    async () => {
      const id = String((await started({ duration_secs: 1 }))['trace_id']);
      const sessionPath = join(root, id, 'session.json');
      const record = readFileSync(sessionPath);
      const before = services().length;
      const refused = await call(stop, { trace_id: id }, refuseAll);
      expect(refused).toMatchObject({ ok: false, error: { code: 'APPROVAL_REFUSED' } });
      expect(since(before)).toEqual([]);
      expect(readFileSync(sessionPath).equals(record)).toBe(true);

      await vi.waitFor(
        async () => {
          const check = await runDeviceCommand(adb.client, serial, `perfetto --is_detached=${id}`);
          expect(check.ok && check.value.exit_code).toBe(2);
        },
        { timeout: 30_000, interval: 200 },
      );
      const stopped = await call(stop, { trace_id: id });
      expect(stopped).toMatchObject({ ok: true, value: { status: 'already_stopped', trace_id: id } });
      expect(stopped.ok && (stopped.value as { bytes: number }).bytes).toBeGreaterThan(0);
    },
  );

  it('refuses the 17th capture and deletes nothing', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 16; index += 1) {
      const id = `trace-kept${String(index).padStart(12, '0')}`;
      ids.push(id);
      const root_ = await openRoot(root);
      expect(root_.ok).toBe(true);
      const created = await createCapture(
        root,
        {
          id,
          deadline_unix_secs: 0,
          package: null,
          sources: ['linux.ftrace'],
          device: serial,
          path: '',
          status: 'stopped',
        },
        new Uint8Array(),
      );
      expect(created.ok).toBe(true);
    }
    const before = services().length;
    const result = await call(start, {});
    expect(result).toMatchObject({ ok: false, error: { code: 'SYSTEM_TRACE_REFUSED' } });
    expect(!result.ok && result.error.message).toContain('delete_system_trace');
    expect(since(before)).toEqual([]);
    expect(readdirSync(root).sort()).toEqual(ids.sort());
  });

  it('refuses a trace root other users can read', async () => {
    const made = await openRoot(root);
    expect(made.ok).toBe(true);
    chmodSync(root, 0o755);
    const before = services().length;
    const result = await call(start, {});
    expect(result).toMatchObject({ ok: false, error: { code: 'SYSTEM_TRACE_REFUSED' } });
    expect(!result.ok && result.error.message).toContain('chmod 700');
    expect(since(before)).toEqual([]);
  });

  it('stops only ids it recorded', async () => {
    const before = services().length;
    const result = await call(stop, { trace_id: 'trace-notrecordedhere' });
    expect(result).toMatchObject({ ok: false, error: { code: 'SYSTEM_TRACE_REFUSED' } });
    expect(since(before)).toEqual([]);
  });

  it.each([
    [stop, { trace_id: '../bad' }, 'trace_id must be a trace id'],
    [stop, { trace_id: 'trace-../../outside' }, 'trace_id must be a trace id'],
    [stop, { trace_id: 'trace-abc;kill' }, 'trace_id must be a trace id'],
    [stop, { trace_id: 'trace-a' }, 'trace_id must be a trace id'],
    [stop, { trace_id: 'trace-abcdefgh', pid: 1 }, 'pid is not a known field'],
    [remove, { trace_id: 'trace-../../outside' }, 'trace_id must be a trace id'],
    [start, { package: '*' }, 'package must be an exact package'],
    [start, { package: 'com.test;id' }, 'package must be an exact package'],
    [start, { package: 'com.test\nid' }, 'package must be an exact package'],
    [start, { package: 'com..test' }, 'package must be an exact package'],
    [start, { command: 'perfetto' }, 'command is not a known field'],
    [start, { duration_secs: 121 }, 'duration_secs must be at most 120'],
    [start, { buffer_mb: 0 }, 'buffer_mb must be at least 1'],
  ] as const)('%#: refuses bad arguments before anything reaches the device', async (tool, args, message) => {
    const before = services().length;
    const result = await call(tool, args);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(!result.ok && result.error.message).toContain(message);
    expect(since(before)).toEqual([]);
  });
});

describe('a device without a usable perfetto', () => {
  it('start is refused with a clear error and no session is started', { timeout: 60_000 }, async () => {
    const old = await bootSimulated(adb, { profile: 'legacy21' });
    try {
      const before = old.sim.device.received().length;
      const result = await call(start, { device: old.serial });
      expect(result).toMatchObject({ ok: false, error: { code: 'SYSTEM_TRACE_UNAVAILABLE' } });
      expect(!result.ok && result.error.message).toContain('linux.ftrace');
      const sent = old.sim.device
        .received()
        .slice(before)
        .map((entry) => entry.service);
      expect(sent).toContain('exec:perfetto --query-raw');
      expect(sent.some((service) => service.includes('--detach'))).toBe(false);
      expect(readdirSync(root)).toEqual([]);
    } finally {
      await old.sim.close();
    }
  });
});

describe('delete_system_trace on the device file system', () => {
  /** A stopped capture whose device file and host copy exist (kept under /data/local/tmp, where shell may rm). */
  async function kept(id: string): Promise<{ path: string; folder: string }> {
    const path = `/data/local/tmp/androperator-${id}.pftrace`;
    filesOf(sim.state).write(path, { data: Buffer.from([0x0a, 0x00]), mode: 0o600, mtimeSeconds: 0 });
    const opened = await openRoot(root);
    expect(opened.ok).toBe(true);
    const session = {
      id,
      deadline_unix_secs: 0,
      package: null,
      sources: ['linux.ftrace'],
      device: serial,
      path,
    };
    const created = await createCapture(root, { ...session, status: 'stopped' }, new Uint8Array());
    if (!created.ok) throw new Error(created.error.message);
    writeFileSync(join(created.value, 'trace.pftrace'), Buffer.from([0x0a, 0x00]), { mode: 0o600 });
    return { path, folder: created.value };
  }

  it('an approved delete removes the device file, the host copy and the record', async () => {
    const id = 'trace-deleteme000001';
    const other = await kept('trace-keepme00000001');
    const { path, folder } = await kept(id);
    const deleted = await call(remove, { trace_id: id });
    expect(deleted).toMatchObject({ ok: true, value: { status: 'deleted', device_file_removed: true } });
    expect(filesOf(sim.state).read(path)).toBeUndefined();
    expect(existsSync(folder)).toBe(false);
    // The other capture is untouched on both sides.
    expect(filesOf(sim.state).read(other.path)).toBeDefined();
    expect(readdirSync(other.folder).sort()).toEqual(['config.pb', 'session.json', 'trace.pftrace']);
    filesOf(sim.state).remove(other.path);
  });

  it('a refused approval and an unknown id delete nothing on the device or the host', async () => {
    const id = 'trace-refused0000001';
    const { path, folder } = await kept(id);
    const before = services().length;
    const refused = await call(remove, { trace_id: id }, refuseAll);
    expect(refused).toMatchObject({ ok: false, error: { code: 'APPROVAL_REFUSED' } });
    const unknown = await call(remove, { trace_id: 'trace-notrecordedhere' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'SYSTEM_TRACE_REFUSED' } });
    const bad = await call(remove, { trace_id: `trace-../${id}` });
    expect(bad.ok).toBe(false);
    expect(since(before).filter((service) => service.includes('rm '))).toEqual([]);
    expect(filesOf(sim.state).read(path)?.data).toEqual(Buffer.from([0x0a, 0x00]));
    expect(readdirSync(folder).sort()).toEqual(['config.pb', 'session.json', 'trace.pftrace']);
    filesOf(sim.state).remove(path);
  });
});
