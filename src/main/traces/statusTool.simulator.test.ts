// system_trace_status on a simulated phone: the read-only probe reports a capture still recording without stopping
// it (the device received only `perfetto --is_detached`), analyze_system_trace refuses it saying so, and a capture
// that ended at its own limit is reported as finished and not collected until stop_system_trace pulls it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok, type Result } from '../../shared/errors';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { runTool } from '../android/runTool';
import type { AndroidTool } from '../android/tool';
import { analyzeTraceTool } from './analyzeTool';
import { systemTraceTools } from './capture';
import { traceStatusTool } from './statusTool';

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial = '';
let home = '';
const root = () => join(home, 'system-traces');
const [start, stop] = systemTraceTools(root) as [AndroidTool, AndroidTool];
const status = traceStatusTool(root);
const analyze = analyzeTraceTool(root);

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb));
  home = mkdtempSync(join(tmpdir(), 'androperator-trace-status-'));
});

afterAll(async () => {
  await sim?.close();
  await adb?.stop();
  rmSync(home, { recursive: true, force: true });
});

const call = (tool: AndroidTool, args: Record<string, unknown>): Promise<Result<unknown>> =>
  runTool(tool, {
    arguments: { device: serial, ...args },
    resolver: isolatedResolver(adb),
    approve: () => Promise.resolve(ok(undefined)),
  });
const services = (): string[] => sim.device.received().map((entry) => entry.service);

describe('system_trace_status', () => {
  it(
    'reports a recording capture without stopping it, and a finished one as not collected',
    { timeout: 60_000 },
    async () => {
      const begun = await call(start, { duration_secs: 3 });
      if (!begun.ok) throw new Error(begun.error.message);
      const id = (begun.value as { trace_id: string }).trace_id;

      const before = services().length;
      const probed = await call(status, { trace_id: id });
      expect(probed).toMatchObject({
        ok: true,
        value: {
          trace_id: id,
          record_status: 'recording',
          recording: true,
          on_device: 'recording',
          collected: false,
        },
      });
      const refused = await call(analyze, { trace_id: id });
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'SYSTEM_TRACE_REFUSED', details: { on_device: 'recording' } },
      });
      expect(!refused.ok && refused.error.message).toContain('is still recording on');
      // Read-only: the probes, never a stop.
      const sent = services().slice(before);
      expect(sent.filter((service) => service.includes('perfetto'))).toEqual([
        `shell,v2,raw:perfetto --is_detached=${id}`,
        `shell,v2,raw:perfetto --is_detached=${id}`,
      ]);
      expect(sent.join('\n')).not.toContain('--stop');

      // The session ends at its own limit; the probe then says so and nothing was collected.
      await vi.waitFor(
        async () => {
          const again = await call(status, { trace_id: id });
          expect(again).toMatchObject({ ok: true, value: { recording: false, on_device: 'finished' } });
        },
        { timeout: 20_000, interval: 250 },
      );
      const notCollected = await call(analyze, { trace_id: id });
      expect(!notCollected.ok && notCollected.error.message).toContain('was not collected yet');

      const collected = await call(stop, { trace_id: id });
      expect(collected).toMatchObject({ ok: true, value: { status: 'already_stopped' } });
      const afterStop = services().length;
      expect(await call(status, { trace_id: id })).toMatchObject({
        ok: true,
        value: { record_status: 'already_stopped', recording: false, collected: true, on_device: null },
      });
      expect(services().slice(afterStop)).toEqual([]);
    },
  );

  it('refuses an unknown capture id', async () => {
    const unknown = await call(status, { trace_id: 'trace-AAAAAAAAAAAAAAAA' });
    expect(unknown.ok).toBe(false);
  });
});
