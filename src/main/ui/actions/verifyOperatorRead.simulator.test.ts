// A verification read on the Operator source that outlives its budget is cancelled, not abandoned (issue 18): with
// the Operator's get_ui_tree made slow on the simulated phone (simctl fault ui-tree delay), the observation ends at
// timeout_ms, the agent stream of the read is closed (the device sees the host close it long before the answer was
// due, so no late answer is ever written), the answer comes back only once it has closed, nothing falls back to
// uiautomator, and the session's next Operator request gets its own answer.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Result } from '../../../shared/errors';
import { startIsolatedAdb, type IsolatedAdb } from '../../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../../test-support/isolatedResolver';
import type { ReceivedRequest } from '../../../simulator/adb/simulatedDevice';
import type { SimulatedAndroid } from '../../../simulator/simulatedAndroid';
import { APPROVE_ALL } from '../../approval/approval';
import { runTool } from '../../android/runTool';
import { AgentSession } from '../../operator/agentClient';
import { DEFAULT_OPERATOR_PACKAGE } from '../../devices/hubConfig';
import { pressHome } from './inputTools';

const DELAY_MS = 20_000;

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial = '';

async function shell(command: string): Promise<string> {
  const run = await adb.adb(['-s', serial, 'shell', command]);
  expect(run.code, command).toBe(0);
  return run.stdout.toString();
}

interface Status {
  faults: { operatorUiTreeDelayMs: number };
  uiTreeClosedEarly: Array<{ requestId: string; waitedMs: number; delayMs: number }>;
}

const status = async (): Promise<Status> => JSON.parse(await shell('simctl status')) as Status;

/** Polls simctl status until `test` holds (the device sees the close a moment after the host closed). */
async function statusWhen(test: (seen: Status) => boolean, timeoutMs = 5000): Promise<Status> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const seen = await status();
    if (test(seen) || Date.now() > until) return seen;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb));
});

afterAll(async () => {
  await sim?.close();
  await adb?.stop();
});

beforeEach(async () => {
  await shell('simctl fault ui-tree ok');
  await shell('input keyevent HOME');
});

function servicesAfter(mark: ReceivedRequest | undefined): string[] {
  const log = sim.device.received();
  return log.slice(mark === undefined ? 0 : log.indexOf(mark) + 1).map((entry) => entry.service);
}

const press = (verification: Record<string, unknown>): Promise<Result<unknown>> =>
  runTool(pressHome, {
    arguments: { device: serial, verification },
    resolver: isolatedResolver(adb),
    approve: APPROVE_ALL,
  });

describe('verification with a slow Operator tree', () => {
  it('cancels the Operator read at the budget: its stream is closed before the answer, nothing falls back', async () => {
    await shell(`simctl fault ui-tree delay ${DELAY_MS}`);
    expect((await status()).faults.operatorUiTreeDelayMs).toBe(DELAY_MS);
    const before = (await status()).uiTreeClosedEarly.length;
    const mark = sim.device.received().at(-1);
    const started = Date.now();
    const result = await press({ text_present: 'Gmail', timeout_ms: 400 });
    const elapsed = Date.now() - started;
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'UI_VERIFICATION_FAILED',
        details: {
          action_sent: true,
          verification: {
            passed: false,
            observation_complete: false,
            read_abandoned: true,
            read_closed: true,
            polls: 1,
            checks: [{ name: 'text_present', status: 'unknown' }],
          },
        },
      },
    });
    const verification = !result.ok
      ? (result.error.details as { verification: { read_close_ms: number } }).verification
      : null;
    // The answer waited for the close, which is quick: far from the 20 s the Operator would have taken.
    expect(verification?.read_close_ms).toBeLessThan(1000);
    expect(elapsed).toBeLessThan(5000);
    const sent = servicesAfter(mark);
    expect(sent.filter((service) => service === 'shell,v2,raw:input keyevent 3')).toHaveLength(1);
    // One Operator read, cancelled: no uiautomator dump after it, no second read.
    expect(sent.filter((service) => service.includes('uiautomator dump'))).toEqual([]);
    expect(
      sent.filter((service) => service === 'localabstract:com.androperator.operator.agent'),
    ).toHaveLength(1);
    // The device saw the host close that read's stream while its answer was still delayed: nothing was written.
    const seen = await statusWhen((s) => s.uiTreeClosedEarly.length > before);
    const closed = seen.uiTreeClosedEarly.slice(before);
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({ requestId: expect.stringMatching(/^ui-tree-/), delayMs: DELAY_MS });
    expect(closed[0]!.waitedMs).toBeLessThan(2000);
  });

  it('a cancelled request on a session leaves no stray answer: the next request gets its own', async () => {
    await shell('simctl fault ui-tree delay 1500');
    const session = new AgentSession({
      client: adb.client,
      serial,
      operatorPackage: DEFAULT_OPERATOR_PACKAGE,
    });
    try {
      const cancel = new AbortController();
      const pending = session.call({ v: 1, type: 'get_ui_tree', id: 'slow-tree' }, 5000, cancel.signal);
      setTimeout(() => cancel.abort(), 200);
      const cancelled = await pending;
      expect(cancelled).toMatchObject({
        ok: false,
        error: { code: 'COMMAND_CANCELLED', details: { dispatchState: 'unknown', requestId: 'slow-tree' } },
      });
      await shell('simctl fault ui-tree ok');
      // The delayed answer to slow-tree would have come at 1.5 s; the next request on the session is answered
      // with its own id (a new stream), never with slow-tree's.
      const hello = await session.call({ v: 1, type: 'hello', id: 'after-cancel' }, 5000);
      expect(hello).toMatchObject({ ok: true, value: { type: 'hello_result', id: 'after-cancel' } });
      const tree = await session.call({ v: 1, type: 'get_ui_tree', id: 'tree-after' }, 5000);
      expect(tree).toMatchObject({ ok: true, value: { type: 'ui_tree_result', id: 'tree-after' } });
      const seen = await statusWhen((s) =>
        s.uiTreeClosedEarly.some((entry) => entry.requestId === 'slow-tree'),
      );
      expect(seen.uiTreeClosedEarly.map((entry) => entry.requestId)).toContain('slow-tree');
    } finally {
      session.close();
    }
  });
});
