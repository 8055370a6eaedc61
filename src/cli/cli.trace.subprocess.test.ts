// `androperator trace start|status|stop|analyze|list|delete` as users run it: the built CLI against a simulated phone
// over an isolated adb server, JSON on stdout and exit 1 on a refusal; and a capture started in this process (as
// the console or an MCP server starts it) stopped by the CLI, a second process sharing the data folder, pulled once.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '../shared/errors';
import { runBuiltCli } from '../test-support/builtCli';
import { isolatedResolver } from '../test-support/isolatedResolver';
import { startTestLab, type TestLab } from '../test-support/testLab';
import { runTool } from '../main/android/runTool';
import type { AndroidTool } from '../main/android/tool';
import { systemTraceTools } from '../main/traces/capture';

let lab: TestLab;

const cli = (argv: readonly string[]) => runBuiltCli(argv, { ...lab.env, ANDROPERATOR_NO_DAEMON: '1' });
const received = () => lab.phones[0]?.device.received().map((entry) => entry.service) ?? [];
const since = (count: number) => received().slice(count);
/**
 * What the trace tools sent since `count`: their shell v2 commands, exec: probes and sync: pulls (each CLI run also
 * identifies the device over `shell:` v1, getprop and the Operator's state, which is not a tool's doing).
 */
const toolServices = (count: number) =>
  since(count).filter((service) => /^(shell,v2|exec:|sync:)/.test(service));
const records = () => join(lab.home, 'system-traces');

beforeAll(async () => {
  const buildError = inject('nodeBuildError');
  if (buildError !== '') throw new Error(`the CLI bundle did not build:\n${buildError}`);
  lab = await startTestLab(1);
});

afterAll(async () => {
  await lab?.stop();
});

describe('androperator trace (subprocess)', () => {
  it('start, status, stop, analyze, list and delete end to end', { timeout: 120_000 }, async () => {
    const packageName = lab.phones[0]?.state.foreground.packageName ?? '';
    const start = await cli(['trace', 'start', '--package', packageName, '--duration-secs', '30', '--yes']);
    expect(start.code, start.stdout + start.stderr).toBe(0);
    expect(start.json).toMatchObject({ status: 'recording', background_analysis_scheduled: false });
    const id = String(start.json.trace_id);
    const path = String(start.json.path);
    expect(received()).toContain(`shell,v2,raw:perfetto --detach=${id} -c - -o '${path}'`);
    expect(existsSync(join(records(), id, 'session.json'))).toBe(true);

    const status = await cli(['trace', 'status', '--trace-id', id]);
    expect(status.code).toBe(0);
    expect(status.json).toMatchObject({ trace_id: id, recording: true, collected: false });

    const early = await cli(['trace', 'analyze', '--trace-id', id]);
    expect(early.code).toBe(1);
    expect(early.json).toMatchObject({ code: 'SYSTEM_TRACE_REFUSED' });

    const beforeStop = received().length;
    const stop = await cli(['trace', 'stop', '--trace-id', id, '--yes']);
    expect(stop.code, stop.stdout + stop.stderr).toBe(0);
    expect(stop.json).toMatchObject({ status: 'stopped', trace_id: id, next: 'analyze_system_trace' });
    expect(Number(stop.json.bytes)).toBeGreaterThan(0);
    expect(since(beforeStop)).toContain(`shell,v2,raw:perfetto --attach=${id} --stop`);
    expect(since(beforeStop).filter((service) => service === 'sync:')).toHaveLength(1);

    const beforeAnalysis = received().length;
    const analysed = await cli(['trace', 'analyze', '--trace-id', id, '--package', packageName]);
    expect(analysed.code, analysed.stdout + analysed.stderr).toBe(0);
    expect(analysed.json).toMatchObject({ coverage: { sched_switch: expect.any(Number) as unknown } });
    expect(['observed', 'partial']).toContain(analysed.json.status);
    expect(typeof analysed.json.sensitivity_note).toBe('string');
    expect(toolServices(beforeAnalysis)).toEqual([]);

    const list = await cli(['trace', 'list']);
    expect(list.code).toBe(0);
    expect(list.json).toMatchObject({ count: 1, max: 16, traces: [{ id, status: 'stopped' }] });

    const beforeDelete = received().length;
    const removed = await cli(['trace', 'delete', '--trace-id', id, '--yes']);
    expect(removed.code, removed.stdout + removed.stderr).toBe(0);
    expect(removed.json).toMatchObject({ status: 'deleted', trace_id: id });
    expect(since(beforeDelete)).toContain(`shell,v2,raw:rm -f '${path}'`);
    expect(existsSync(join(records(), id))).toBe(false);
    expect((await cli(['trace', 'list'])).json).toMatchObject({ count: 0, traces: [] });
  });

  it('refusals exit 1 with a JSON error and send nothing', { timeout: 120_000 }, async () => {
    const before = received().length;
    const unknown = await cli(['trace', 'analyze', '--trace-id', 'trace-notrecordedhere']);
    expect(unknown.code).toBe(1);
    expect(unknown.json).toMatchObject({ code: 'SYSTEM_TRACE_REFUSED' });
    const stopUnknown = await cli(['trace', 'stop', '--trace-id', 'trace-notrecordedhere', '--yes']);
    expect(stopUnknown.code).toBe(1);
    expect(stopUnknown.json).toMatchObject({ code: 'SYSTEM_TRACE_REFUSED' });
    const badId = await cli(['trace', 'delete', '--trace-id', '../bad', '--yes']);
    expect(badId.code).toBe(1);
    expect(badId.json).toMatchObject({ code: 'INVALID_ARGUMENTS' });
    expect(toolServices(before)).toEqual([]);
    // Without --yes and without a terminal nobody can approve: only the probe ran, nothing was started.
    const unapproved = await cli(['trace', 'start', '--duration-secs', '2']);
    expect(unapproved.code).toBe(1);
    expect(unapproved.json).toMatchObject({ code: 'APPROVAL_UNAVAILABLE' });
    expect(String(unapproved.json.message)).toContain('--yes');
    expect(toolServices(before)).toEqual(['exec:perfetto --query-raw']);
    expect((await cli(['trace', 'list'])).json).toMatchObject({ count: 0 });
  });

  it(
    'stops from another process: started in this one, stopped by the CLI, pulled once',
    { timeout: 120_000 },
    async () => {
      // The tools as the console or an MCP server run them, on the lab's data folder.
      const [start, stop] = systemTraceTools(records) as [AndroidTool, AndroidTool];
      const here = (tool: AndroidTool, args: unknown) =>
        runTool(tool, {
          arguments: args,
          resolver: isolatedResolver(lab.adb),
          approve: () => Promise.resolve(ok(undefined)),
        });
      const started = await here(start, { duration_secs: 30 });
      if (!started.ok) throw new Error(started.error.message);
      const id = (started.value as { trace_id: string }).trace_id;

      const before = received().length;
      const stopped = await cli(['trace', 'stop', '--trace-id', id, '--yes']);
      expect(stopped.code, stopped.stdout + stopped.stderr).toBe(0);
      expect(stopped.json).toMatchObject({ status: 'stopped', trace_id: id });
      expect(since(before)).toContain(`shell,v2,raw:perfetto --attach=${id} --stop`);

      // Asked again, by the CLI or by this process, the stop answers from the shared record: no second stop or pull.
      const again = await cli(['trace', 'stop', '--trace-id', id, '--yes']);
      expect(again.json).toMatchObject({ status: 'stopped', trace_id: id, bytes: stopped.json.bytes });
      const inProcess = await here(stop, { trace_id: id });
      expect(inProcess).toMatchObject({
        ok: true,
        value: { status: 'stopped', host_path: stopped.json.host_path },
      });
      const sent = since(before);
      expect(sent.filter((service) => service === 'sync:')).toHaveLength(1);
      expect(sent.filter((service) => service.includes('--stop'))).toHaveLength(1);
      expect(existsSync(String(stopped.json.host_path))).toBe(true);
    },
  );
});
