// Two tool sets on one system-traces folder (as the console, the CLI and an MCP server are) stopping the same
// capture at once on a simulated phone: exactly one stops and pulls it, the other is refused with a clear error and
// sends nothing; a later stop answers from the record.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, type Result } from '../../shared/errors';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import type { Approver } from '../approval/approval';
import { runTool } from '../android/runTool';
import type { AndroidTool } from '../android/tool';
import { systemTraceTools } from './capture';

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial = '';
let root = '';

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb));
  root = join(mkdtempSync(join(tmpdir(), 'androperator-race-')), 'system-traces');
}, 30_000);

afterAll(async () => {
  await sim.close();
  await adb.stop();
  rmSync(join(root, '..'), { recursive: true, force: true });
});

const call = (tool: AndroidTool, args: unknown, approve: Approver) =>
  runTool(tool, {
    arguments: { ...(args as object), device: serial },
    resolver: isolatedResolver(adb),
    approve,
  });
const approveAll: Approver = () => Promise.resolve(ok(undefined));
const services = (): string[] => sim.device.received().map((entry) => entry.service);

describe('two processes stopping one capture', () => {
  it(
    'lets exactly one stop it; the other is refused at once and sends nothing',
    { timeout: 60_000 },
    async () => {
      const [startA, stopA] = systemTraceTools(() => root) as [AndroidTool, AndroidTool];
      const [, stopB] = systemTraceTools(() => root) as [AndroidTool, AndroidTool];
      const started = await call(startA, { duration_secs: 30 }, approveAll);
      if (!started.ok) throw new Error(started.error.message);
      const id = (started.value as { trace_id: string }).trace_id;

      // A holds the capture's lock while its user decides; B comes in meanwhile.
      let release: (answer: Result<void>) => void = () => undefined;
      let asked: () => void = () => undefined;
      const askedA = new Promise<void>((resolve) => (asked = resolve));
      const waitingApprover: Approver = () =>
        new Promise((resolve) => {
          release = resolve;
          asked();
        });
      const first = call(stopA, { trace_id: id }, waitingApprover);
      await askedA;
      const before = services().length;
      let bAsked = false;
      const second = await call(stopB, { trace_id: id }, () => {
        bAsked = true;
        return Promise.resolve(ok(undefined));
      });
      expect(second).toMatchObject({
        ok: false,
        error: {
          code: 'SYSTEM_TRACE_REFUSED',
          message: expect.stringContaining(`stopping or deleting ${id} is in progress in another call`),
        },
      });
      expect(bAsked).toBe(false);
      expect(
        services()
          .slice(before)
          .filter((service) => !service.startsWith('host')),
      ).toEqual([]);

      release(ok(undefined));
      const stopped = await first;
      expect(stopped).toMatchObject({ ok: true, value: { status: 'stopped', trace_id: id } });
      expect(services().filter((service) => service.includes(`perfetto --attach=${id} --stop`))).toHaveLength(
        1,
      );

      // The loser, asked again, answers from the record: no second stop, no approval needed.
      const again = await call(stopB, { trace_id: id }, () => Promise.reject(new Error('not asked')));
      expect(again).toMatchObject({ ok: true, value: { status: 'stopped', trace_id: id } });
      expect(services().filter((service) => service.includes(`perfetto --attach=${id} --stop`))).toHaveLength(
        1,
      );
    },
  );
});
