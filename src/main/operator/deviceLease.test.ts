// The host's lease against a simulated Operator through a real, isolated adb server: renewals keep the device held
// past its TTL, expiry is counted on the device, and release hands it back.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated } from '../../test-support/isolatedResolver';
import { callAgent, type AgentAnswer, type AgentTarget } from './agentClient';
import { acquireDeviceLease, leaseOwner, type HeldLease } from './deviceLease';

const PACKAGE = 'com.androperator.operator';
const TTL_MS = 1000;

let adb: IsolatedAdb;
const running: SimulatedAndroid[] = [];

async function target(): Promise<{ sim: SimulatedAndroid; target: AgentTarget }> {
  const booted = await bootSimulated(adb);
  running.push(booted.sim);
  return { sim: booted.sim, target: { client: adb.client, serial: booted.serial, operatorPackage: PACKAGE } };
}

/** Another caller's clear, without a lease, on its own stream. */
function intrude(device: AgentTarget): Promise<AgentAnswer> {
  return callAgent(
    device,
    {
      v: 1,
      type: 'execute',
      id: `intruder-${randomUUID()}`,
      execution: {
        commandId: 'intruder',
        taskId: 'intruder',
        source: 'test',
        expectedFormat: 'android-ui-automator',
        timeoutMs: 5000,
        actions: [{ id: 'c', type: 'clear_on_screen_log' }],
      },
    },
    5000,
  );
}

async function held(device: AgentTarget, renewEveryMs: number): Promise<HeldLease> {
  const outcome = await acquireDeviceLease(
    device,
    leaseOwner('lease test'),
    (request, waitMs) => callAgent(device, request, waitMs),
    { ttlMs: TTL_MS, renewEveryMs },
  );
  if (!outcome.ok || outcome.value.status !== 'held') throw new Error(JSON.stringify(outcome));
  return outcome.value.lease;
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
});

afterEach(async () => {
  for (const sim of running.splice(0)) await sim.close();
});

afterAll(async () => {
  await adb?.stop();
});

describe('device lease', () => {
  it('stays held past its TTL while renewed, refusing every other caller, until released', async () => {
    const { target: device } = await target();
    const lease = await held(device, 200);
    const since = performance.now();
    let refusals = 0;
    // The condition is the lease outliving three TTLs; every probe on the way must be refused.
    while (performance.now() - since < 3 * TTL_MS) {
      const answer = await intrude(device);
      expect(answer).toMatchObject({
        ok: false,
        error: {
          code: 'EXECUTION_CONFLICT_IN_FLIGHT',
          details: { holder: { owner: leaseOwner('lease test') } },
        },
      });
      refusals += 1;
    }
    expect(refusals).toBeGreaterThan(0);
    expect(lease.interference).toBeUndefined();
    await lease.release((request, waitMs) => callAgent(device, request, waitMs));
    expect((await intrude(device)).ok).toBe(true);
  });

  it('expires on the device when not renewed in time, and the late renewal is reported as interference', async () => {
    const { target: device } = await target();
    // Renewed only after the TTL has run out on the device.
    const lease = await held(device, TTL_MS + 500);
    const lost = new Promise<unknown>((resolve) => lease.onLost(resolve));
    let admitted = await intrude(device);
    // Poll until the device's own clock ends the lease (bounded by the test timeout).
    while (!admitted.ok) admitted = await intrude(device);
    await expect(lost).resolves.toMatchObject({ code: 'DEVICE_LEASE_LOST' });
    expect(lease.interference).toMatchObject({
      code: 'DEVICE_LEASE_LOST',
      message: expect.stringContaining('no longer held'),
      details: { leaseId: lease.id },
    });
  });
});
