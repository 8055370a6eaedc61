// analyze_system_trace through runTool on a host file: no device is resolved, the report is the analyser's.
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail } from '../../shared/errors';
import { MS, TraceBuilder } from '../../test-support/traceBuilder';
import { NO_APPROVER } from '../approval/approval';
import { runTool } from '../android/runTool';
import { analyzeSystemTrace } from './analyzeTool';

let folder: string;
let trace: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'analyze-tool-'));
  trace = join(folder, 'jank.pftrace');
  const bytes = new TraceBuilder()
    .processTree([{ pid: 10, cmdline: 'com.example.test' }], [{ tid: 10, name: 'example.test', tgid: 10 }])
    .ftrace(0, [
      { ts: 0, kind: 'wakeup', pid: 10, comm: 'example.test' },
      { ts: 90 * MS, kind: 'switch', prevPid: 0, prevState: 0, nextPid: 10, nextComm: 'example.test' },
      { ts: 100 * MS, kind: 'print', tid: 10, buf: 'B|10|Choreographer#doFrame 1' },
      { ts: 140 * MS, kind: 'print', tid: 10, buf: 'E|10' },
    ])
    .bytes();
  await writeFile(trace, bytes);
  await symlink(trace, join(folder, 'link.pftrace'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const noDevice = {
  resolve: () => Promise.resolve(fail('NO_DEVICES', 'a host file needs no device')),
};
const call = (args: unknown) =>
  runTool(analyzeSystemTrace, { arguments: args, resolver: noDevice, approve: NO_APPROVER });

describe('analyze_system_trace on a host file', () => {
  it('reports the long frame and the main-thread wait of the target package', async () => {
    const result = await call({ host_path: trace, package: 'com.example.test' });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value).toMatchObject({
      status: 'observed',
      target_pid: 10,
      frame_anomalies: { count: 1 },
      main_thread_unscheduled: { count: 1 },
    });
  });

  it.each([
    [{ host_path: 'relative.pftrace' }, 'INVALID_ARGUMENTS', 'absolute'],
    [{ host_path: '/x', trace_id: 'trace-abcdefabcdef' }, 'INVALID_ARGUMENTS', 'exactly one'],
    [{ host_path: '/x', pid: 1, package: 'com.a.b' }, 'INVALID_ARGUMENTS', 'not both'],
    [{ host_path: '/x', threshold_ms: 0 }, 'INVALID_ARGUMENTS', 'threshold_ms'],
    [{ host_path: '/x', command: 'rm' }, 'INVALID_ARGUMENTS', 'command is not a known field'],
  ])('refuses %j', async (args, code, text) => {
    const result = await call(args);
    expect(result).toMatchObject({ ok: false, error: { code } });
    expect(!result.ok && result.error.message).toContain(text);
  });

  it('refuses a symbolic link and a directory', async () => {
    expect(await call({ host_path: join(folder, 'link.pftrace') })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_PATH' },
    });
    expect(await call({ host_path: folder })).toMatchObject({ ok: false, error: { code: 'INVALID_PATH' } });
  });
});
