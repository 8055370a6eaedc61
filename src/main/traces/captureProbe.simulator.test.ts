// What the device offers decides the capture: a start whose second probe (after the approval) sees other data
// sources starts nothing; a device without linux.process_stats or FrameTimeline gets a config without them; and an
// analysis of a device path refuses symlinks, directories and oversized files before any pull. Simulated phones
// behind a real adb server; the verdict is what the phone received and what the record folder holds.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../shared/errors';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { filesOf } from '../../simulator/device/files';
import { tracingServiceOf } from '../../simulator/perfetto/service';
import { decodeTraceConfig } from '../../simulator/perfetto/traceConfig';
import { LIMITS } from '../../node/trace/limits';
import type { Approver } from '../approval/approval';
import { runTool } from '../android/runTool';
import type { AndroidTool } from '../android/tool';
import { analyzeTraceTool } from './analyzeTool';
import { systemTraceTools } from './capture';
import { FRAME_TIMELINE, FTRACE, PROCESS_STATS } from './perfettoProto';

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial = '';
let home = '';
let root = '';
const [start] = systemTraceTools(() => root) as [AndroidTool];
const analyze = analyzeTraceTool(() => root);

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb));
  home = mkdtempSync(join(tmpdir(), 'androperator-trace-probe-'));
});

afterAll(async () => {
  await sim.close();
  await adb.stop();
  rmSync(home, { recursive: true, force: true });
});

let folders = 0;
beforeEach(() => {
  folders += 1;
  root = join(home, `system-traces-${folders}`);
  const service = tracingServiceOf(sim.state);
  for (const name of [PROCESS_STATS, FRAME_TIMELINE]) service.setSourceAvailable(name, true);
});

const approveAll: Approver = () => Promise.resolve(ok(undefined));
const call = (tool: AndroidTool, args: unknown, approve: Approver = approveAll) =>
  runTool(tool, { arguments: args, resolver: isolatedResolver(adb), approve });
const servicesOf = (device: SimulatedAndroid): string[] =>
  device.device.received().map((entry) => entry.service);

/** Starts a 1 s capture (it ends by itself) and returns the sources, the decoded stored config and the record. */
async function startedConfig(device: SimulatedAndroid, deviceSerial: string) {
  const result = await call(start, { duration_secs: 1, device: deviceSerial });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  const value = result.value as { trace_id: string; sources: string[] };
  const folder = join(root, value.trace_id);
  const config = decodeTraceConfig(readFileSync(join(folder, 'config.pb')));
  const session = JSON.parse(readFileSync(join(folder, 'session.json'), 'utf8')) as { sources: string[] };
  expect(servicesOf(device)).toContain(
    `shell,v2,raw:perfetto --detach=${value.trace_id} -c - -o '/data/misc/perfetto-traces/androperator-${value.trace_id}.pftrace'`,
  );
  return { sources: value.sources, configSources: config.dataSources.map((s) => s.name), session };
}

describe('start_system_trace probes again after the approval', () => {
  it.each([
    ['withdrawn', FRAME_TIMELINE, true, false],
    ['offered again', PROCESS_STATS, false, true],
  ] as const)(
    'refuses when %s between the probes (%s), and nothing is started on the device',
    async (_what, source, before, after) => {
      const service = tracingServiceOf(sim.state);
      service.setSourceAvailable(source, before);
      const count = servicesOf(sim).length;
      let asked = 0;
      // The user approves; meanwhile the producer of `source` disconnects (or reconnects) on the phone.
      const approveAfterChange: Approver = () => {
        asked += 1;
        service.setSourceAvailable(source, after);
        return Promise.resolve(ok(undefined));
      };
      const result = await call(start, { package: 'com.example.app' }, approveAfterChange);
      expect(asked).toBe(1);
      expect(result).toMatchObject({ ok: false, error: { code: 'SYSTEM_TRACE_REFUSED' } });
      if (result.ok) return;
      expect(result.error.message).toContain('nothing was started');
      const details = result.error.details as { before: string[]; after: string[] };
      expect(details.before.includes(source)).toBe(before);
      expect(details.after.includes(source)).toBe(after);
      // Exactly the two probes reached the phone: no perfetto start, no shell command at all.
      expect(servicesOf(sim).slice(count)).toEqual([
        'exec:perfetto --query-raw',
        'exec:perfetto --query-raw',
      ]);
      expect(readdirSync(root)).toEqual([]);
    },
  );

  it('starts when the sources are unchanged between the probes', async () => {
    const { sources } = await startedConfig(sim, serial);
    expect(sources).toEqual([FTRACE, PROCESS_STATS, FRAME_TIMELINE]);
  });
});

describe('the config leaves out the sources a device does not offer', () => {
  it(
    'an API 28 phone (no FrameTimeline): linux.ftrace and linux.process_stats only',
    { timeout: 60_000 },
    async () => {
      const old = await bootSimulated(adb, { profile: 'cutout28' });
      try {
        const { sources, configSources, session } = await startedConfig(old.sim, old.serial);
        expect(sources).toEqual([FTRACE, PROCESS_STATS]);
        expect(configSources).toEqual([FTRACE, PROCESS_STATS]);
        expect(session.sources).toEqual([FTRACE, PROCESS_STATS]);
      } finally {
        await old.sim.close();
      }
    },
  );

  it('a phone whose process_stats producer is gone: linux.ftrace and FrameTimeline only', async () => {
    tracingServiceOf(sim.state).setSourceAvailable(PROCESS_STATS, false);
    const { sources, configSources } = await startedConfig(sim, serial);
    expect(sources).toEqual([FTRACE, FRAME_TIMELINE]);
    expect(configSources).toEqual([FTRACE, FRAME_TIMELINE]);
  });

  it('a phone offering neither: linux.ftrace alone', async () => {
    const service = tracingServiceOf(sim.state);
    service.setSourceAvailable(PROCESS_STATS, false);
    service.setSourceAvailable(FRAME_TIMELINE, false);
    const { sources, configSources } = await startedConfig(sim, serial);
    expect(sources).toEqual([FTRACE]);
    expect(configSources).toEqual([FTRACE]);
  });
});

describe('analyze_system_trace with a device path refuses before any pull', () => {
  const LINK = '/data/local/tmp/link.pftrace';
  const BIG = '/data/local/tmp/big.pftrace';

  it('a symbolic link, a directory and a file over 64 MiB: one stat each, never a sync pull', async () => {
    // A real link in the phone's files, to a trace that a pull through the link would read: toybox stat (lstat)
    // calls it a symbolic link, as it does /sdcard -> /storage/self/primary on a real phone.
    const REAL = '/data/local/tmp/real.pftrace';
    filesOf(sim.state).write(REAL, { data: Buffer.from([0x0a, 0x00]), mode: 0o644, mtimeSeconds: 0 });
    filesOf(sim.state).symlink(LINK, REAL, 0);
    filesOf(sim.state).write(BIG, {
      data: Buffer.alloc(LIMITS.fileBytes + 1, 0x0a),
      mode: 0o644,
      mtimeSeconds: Math.floor(Date.now() / 1000),
    });
    try {
      const count = servicesOf(sim).length;
      const link = await call(analyze, { path: LINK, device: serial });
      expect(link).toMatchObject({ ok: false, error: { code: 'INVALID_PATH' } });
      expect(!link.ok && link.error.message).toContain('symbolic link');
      const directory = await call(analyze, { path: '/data/local/tmp', device: serial });
      expect(directory).toMatchObject({ ok: false, error: { code: 'INVALID_PATH' } });
      expect(!directory.ok && directory.error.message).toContain(
        'not a regular file on the device (directory)',
      );
      const big = await call(analyze, { path: BIG, device: serial });
      expect(big).toMatchObject({
        ok: false,
        error: { code: 'TRACE_TOO_LARGE', details: { bytes: LIMITS.fileBytes + 1 } },
      });
      const refusals = servicesOf(sim).slice(count);
      expect(refusals).toEqual([
        `shell,v2,raw:stat -c '%F|%s' '${LINK}'`,
        "shell,v2,raw:stat -c '%F|%s' '/data/local/tmp'",
        `shell,v2,raw:stat -c '%F|%s' '${BIG}'`,
      ]);
      expect(refusals).not.toContain('sync:');
      // A small file at the same path is pulled: the refusal above was the size check, not a failing pull.
      filesOf(sim.state).write(BIG, { data: Buffer.from([0x0a, 0x00]), mode: 0o644, mtimeSeconds: 0 });
      const small = await call(analyze, { path: BIG, device: serial });
      expect(small).toMatchObject({ ok: true, value: { status: 'unsupported' } });
      expect(servicesOf(sim).slice(count)).toContain('sync:');
    } finally {
      filesOf(sim.state).remove(LINK);
      filesOf(sim.state).remove(REAL);
      filesOf(sim.state).remove(BIG);
    }
  });

  it('a zstd-compressed trace on the device is pulled, then refused as TRACE_UNSUPPORTED', async () => {
    const ZSTD = '/data/local/tmp/z.pftrace';
    filesOf(sim.state).write(ZSTD, {
      data: Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0, 0]),
      mode: 0o644,
      mtimeSeconds: 0,
    });
    try {
      const count = servicesOf(sim).length;
      const result = await call(analyze, { path: ZSTD, device: serial });
      expect(result).toMatchObject({ ok: false, error: { code: 'TRACE_UNSUPPORTED' } });
      expect(servicesOf(sim).slice(count)).toEqual([`shell,v2,raw:stat -c '%F|%s' '${ZSTD}'`, 'sync:']);
    } finally {
      filesOf(sim.state).remove(ZSTD);
    }
  });
});
