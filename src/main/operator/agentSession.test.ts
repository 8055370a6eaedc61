import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SimulatedAndroid, SimulatedAndroidOptions } from '../../simulator/simulatedAndroid';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import type { AdbClient } from '../../node/adb/adbkit';
import { bootSimulated } from '../../test-support/isolatedResolver';
import { AgentSession } from './agentClient';

// AgentSession against a simulated device through a real, isolated adb server.

const PACKAGE = 'com.androperator.operator';
let adb: IsolatedAdb;
const running: SimulatedAndroid[] = [];

beforeAll(async () => {
  adb = await startIsolatedAdb();
});

afterEach(async () => {
  for (const sim of running.splice(0)) await sim.close();
});

afterAll(async () => {
  await adb?.stop();
});

/**
 * A simulated device with a spy on every execute its Operator receives, a client counting the device streams it
 * opens, and a session over that client.
 */
async function setup(options: SimulatedAndroidOptions = {}) {
  const { sim, serial } = await bootSimulated(adb, options);
  running.push(sim);
  const received = vi.spyOn(sim.operator, 'dropNextExecute');
  let opened = 0;
  const client: AdbClient = {
    ...adb.client,
    openLocal: (target, path) => {
      opened += 1;
      return adb.client.openLocal(target, path);
    },
  };
  const session = new AgentSession({ client, serial, operatorPackage: PACKAGE });
  return { sim, serial, received, client, opened: () => opened, session };
}

const clear = (commandId: string) => ({
  v: 1 as const,
  type: 'execute' as const,
  id: `execute-${commandId}`,
  execution: {
    commandId,
    taskId: 'session-test',
    source: 'test',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 5000,
    mode: 'direct',
    actions: [{ id: 'c', type: 'clear_on_screen_log' }],
  },
});

describe('AgentSession', () => {
  it('carries several requests, one after another, over one agent stream', async () => {
    const { session, opened } = await setup();
    try {
      // Queued at once: each is sent once the answer before it came.
      const answers = await Promise.all([
        session.call({ v: 1, type: 'hello', id: 'h1' }, 5000),
        session.call(clear('c1'), 5000),
        session.call({ v: 1, type: 'hello', id: 'h2' }, 5000),
      ]);
      expect(answers.map((answer) => (answer.ok ? answer.value.type : answer.error.code))).toEqual([
        'hello_result',
        'execute_result',
        'hello_result',
      ]);
      expect(opened()).toBe(1);
    } finally {
      session.close();
    }
  });

  it('never sends a request twice: a lost answer fails it, and the next request opens a new stream', async () => {
    const { sim, received, session, opened } = await setup();
    try {
      expect((await session.call({ v: 1, type: 'hello', id: 'h1' }, 5000)).ok).toBe(true);
      sim.operator.armDropNextExecute();
      expect(await session.call(clear('c1'), 5000)).toMatchObject({
        ok: false,
        error: {
          code: 'RESULT_TRANSPORT_FAILED',
          details: { phase: 'result_wait', dispatchState: 'unknown' },
        },
      });
      const next = await session.call(clear('c2'), 5000);
      expect(next.ok && next.value.type === 'execute_result' && next.value.envelope.commandId).toBe('c2');
      expect(opened()).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // c1 reached the Operator once and c2 once: nothing was replayed.
      expect(received).toHaveBeenCalledTimes(2);
    } finally {
      session.close();
    }
  });

  it('opens its stream ahead of the first request without sending anything, and uses it', async () => {
    const { serial, received, client, session, opened } = await setup();
    try {
      await session.open();
      expect(opened()).toBe(1);
      expect(received).not.toHaveBeenCalled();
      expect((await session.call(clear('c1'), 5000)).ok).toBe(true);
      expect(opened()).toBe(1);
    } finally {
      session.close();
    }
    // Closed while its stream is being opened: the stream is not kept, and nothing is sent.
    const closing = new AgentSession({ client, serial, operatorPackage: PACKAGE });
    const opening = closing.open();
    await vi.waitFor(() => expect(opened()).toBe(2));
    closing.close();
    await opening;
    expect(await closing.call(clear('c2'), 5000)).toMatchObject({
      ok: false,
      error: { details: { dispatchState: 'not_dispatched' } },
    });
    expect(opened()).toBe(2);
    expect(received).toHaveBeenCalledTimes(1);
  });

  it('once closed, reports a request in flight as lost at once and sends nothing queued or later', async () => {
    const { sim, received, session } = await setup();
    sim.faults.drawAcknowledgement = 'withhold';
    const set = {
      ...clear('s1'),
      execution: {
        ...clear('s1').execution,
        actions: [{ id: 's', type: 'set_on_screen_log', params: { text: 'held' } }],
      },
    };
    const inFlight = session.call(set, 20_000);
    const queued = session.call(clear('c1'), 5000);
    await vi.waitFor(() => expect(received).toHaveBeenCalledTimes(1));
    const closedAt = Date.now();
    session.close();
    expect(await inFlight).toMatchObject({
      ok: false,
      error: { code: 'RESULT_TRANSPORT_FAILED', details: { dispatchState: 'unknown' } },
    });
    expect(Date.now() - closedAt).toBeLessThan(2000);
    for (const result of [await queued, await session.call(clear('c2'), 5000)])
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'RESULT_TRANSPORT_FAILED', details: { dispatchState: 'not_dispatched' } },
      });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveBeenCalledTimes(1);
  });

  it('reports an Operator that does not listen as not dispatched, on every call', async () => {
    const { session } = await setup({ operatorInstalled: false });
    await session.open();
    for (const id of ['h1', 'h2'])
      expect(await session.call({ v: 1, type: 'hello', id }, 2000)).toMatchObject({
        ok: false,
        error: { details: { phase: 'readiness', dispatchState: 'not_dispatched' } },
      });
    session.close();
  });
});
