// The limits of analyze_system_trace and start_system_trace at their boundaries, through runTool: a value one past a
// range is refused before any device is resolved, the boundary itself is accepted, and a host file of exactly
// 64 MiB passes the size check (a sparse file, so the test stays fast) while 64 MiB + 1 is refused unread.
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail } from '../../shared/errors';
import { LIMITS } from '../../node/trace/limits';
import { MS, TraceBuilder } from '../../test-support/traceBuilder';
import { NO_APPROVER } from '../approval/approval';
import { runTool } from '../android/runTool';
import type { AndroidTool } from '../android/tool';
import { analyzeSystemTrace } from './analyzeTool';
import { systemTraceTools } from './capture';

let folder: string;
let trace: string;
let resolved: (string | undefined)[] = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'analyze-limits-'));
  trace = join(folder, 'small.pftrace');
  const bytes = new TraceBuilder()
    .processTree([{ pid: 10, cmdline: 'com.example.test' }], [{ tid: 10, name: 'example.test', tgid: 10 }])
    .ftrace(0, [
      { ts: 0, kind: 'wakeup', pid: 10, comm: 'example.test' },
      { ts: 90 * MS, kind: 'switch', prevPid: 0, prevState: 0, nextPid: 10, nextComm: 'example.test' },
    ])
    .bytes();
  await writeFile(trace, bytes);
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const noDevice = {
  resolve: (serial?: string) => {
    resolved.push(serial);
    return Promise.resolve(fail('NO_DEVICES', 'no device in this test'));
  },
};
const call = (tool: AndroidTool, args: unknown) => {
  resolved = [];
  return runTool(tool, { arguments: args, resolver: noDevice, approve: NO_APPROVER });
};
const start = systemTraceTools(() => join(folder, 'never-created')).find(
  (tool) => tool.name === 'start_system_trace',
);
if (start === undefined) throw new Error('no start_system_trace tool');

describe('analyze_system_trace argument ranges', () => {
  it.each([
    [{}, 'exactly one'],
    [{ host_path: '/x', path: '/data/local/tmp/x.pftrace' }, 'exactly one'],
    [{ path: '/data/local/tmp/x.pftrace', trace_id: 'trace-abcdefabcdef' }, 'exactly one'],
    [{ host_path: '/x', package: 'com.a.b', pid: 5 }, 'not both'],
    [{ host_path: '/x', threshold_ms: 1001 }, 'threshold_ms'],
    [{ host_path: '/x', threshold_ms: 0 }, 'threshold_ms'],
    [{ host_path: '/x', frame_budget_ms: 0.5 }, 'frame_budget_ms'],
    [{ host_path: '/x', frame_budget_ms: 100.5 }, 'frame_budget_ms'],
  ])('%j is refused before a device is resolved', async (args, text) => {
    const result = await call(analyzeSystemTrace, args);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(!result.ok && result.error.message).toContain(text);
    expect(resolved).toEqual([]);
  });

  it.each([
    { threshold_ms: 1, frame_budget_ms: 1 },
    { threshold_ms: 1000, frame_budget_ms: 100 },
    { threshold_ms: 50, frame_budget_ms: 8.333 },
  ])('the boundaries %j are accepted and analysed', async (options) => {
    const result = await call(analyzeSystemTrace, { host_path: trace, ...options });
    expect(result).toMatchObject({ ok: true, value: { coverage: { sched_switch: 1 } } });
  });
});

describe('the 64 MiB file limit on a host file', () => {
  it('exactly 64 MiB passes the size check; one byte more is TRACE_TOO_LARGE', async () => {
    const exact = join(folder, 'exact.pftrace');
    await writeFile(exact, '');
    await truncate(exact, LIMITS.fileBytes);
    const read = await call(analyzeSystemTrace, { host_path: exact });
    // 64 MiB of zero bytes is read and rejected as malformed (field number 0), not refused for its size.
    expect(read).toMatchObject({ ok: false, error: { code: 'TRACE_MALFORMED' } });
    await truncate(exact, LIMITS.fileBytes + 1);
    const big = await call(analyzeSystemTrace, { host_path: exact });
    expect(big).toMatchObject({ ok: false, error: { code: 'TRACE_TOO_LARGE' } });
  });
});

describe('start_system_trace argument ranges', () => {
  it.each([
    [{ duration_secs: 0 }, 'duration_secs'],
    [{ duration_secs: 121 }, 'duration_secs'],
    [{ duration_secs: 1.5 }, 'duration_secs'],
    [{ buffer_mb: 0 }, 'buffer_mb'],
    [{ buffer_mb: 33 }, 'buffer_mb'],
    [{ package: 'com.example.app', pid: 5 }, 'pid is not a known field'],
  ])('%j is refused before a device is resolved', async (args, text) => {
    const result = await call(start, args);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(!result.ok && result.error.message).toContain(text);
    expect(resolved).toEqual([]);
  });

  it.each([
    { duration_secs: 1, buffer_mb: 1 },
    { duration_secs: 120, buffer_mb: 32 },
  ])('the boundaries %j pass validation and reach the device resolver', async (args) => {
    const result = await call(start, args);
    expect(result).toMatchObject({ ok: false, error: { code: 'NO_DEVICES' } });
    expect(resolved).toEqual([undefined]);
  });
});
