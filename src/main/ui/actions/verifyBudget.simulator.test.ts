// verification.timeout_ms bounds the reads (issue 18): with `uiautomator dump` made slow on the simulated phone
// (simctl fault uiautomator delay), a 300 ms budget ends the observation with the read abandoned and the result
// incomplete, the action sent once and not replayed; a baseline that cannot be read in the budget sends nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Result } from '../../../shared/errors';
import { startIsolatedAdb, type IsolatedAdb } from '../../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../../test-support/isolatedResolver';
import type { ReceivedRequest } from '../../../simulator/adb/simulatedDevice';
import type { SimulatedAndroid } from '../../../simulator/simulatedAndroid';
import { APPROVE_ALL } from '../../approval/approval';
import { runTool } from '../../android/runTool';
import { pressHome } from './inputTools';

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial = '';

async function shell(command: string): Promise<string> {
  const run = await adb.adb(['-s', serial, 'shell', command]);
  expect(run.code, command).toBe(0);
  return run.stdout.toString();
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb));
  // The tree comes from uiautomator only (the Operator's service is off), and every dump takes 20 s.
  await shell('simctl operator disable');
  await shell('simctl fault uiautomator delay 20000');
});

afterAll(async () => {
  await sim?.close();
  await adb?.stop();
});

beforeEach(async () => {
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

describe('verification timeout_ms with a slow uiautomator dump', () => {
  it('reports the simulator fault in simctl status', async () => {
    expect(JSON.parse(await shell('simctl status'))).toMatchObject({
      faults: { uiautomatorDumpDelayMs: 20000 },
    });
  });

  it('abandons the observation read at 300 ms: incomplete, a failure with action_sent true, sent once', async () => {
    const mark = sim.device.received().at(-1);
    const result = await press({ text_present: 'Gmail', timeout_ms: 300 });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'UI_VERIFICATION_FAILED',
        details: {
          action_sent: true,
          command: 'input keyevent 3',
          verification: {
            passed: false,
            observation_complete: false,
            read_abandoned: true,
            expectation_met: null,
            polls: 1,
            timeout_ms: 300,
            checks: [{ name: 'text_present', status: 'unknown' }],
          },
        },
      },
    });
    const details = !result.ok ? (result.error.details as { verification: { read_error: string } }) : null;
    expect(details?.verification.read_error).toContain('did not finish within timeout_ms (300 ms)');
    const sent = servicesAfter(mark);
    expect(sent.filter((service) => service === 'shell,v2,raw:input keyevent 3')).toHaveLength(1);
    // One dump was started and then abandoned at the budget: no second read, no replay of the key.
    expect(sent.filter((service) => service.includes('uiautomator dump'))).toHaveLength(1);
  });

  it('a baseline for verify_change that cannot be read within the budget sends nothing', async () => {
    const mark = sim.device.received().at(-1);
    const result = await press({ verify_change: true, timeout_ms: 300 });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'UI_VERIFICATION_FAILED', details: { action_sent: false } },
    });
    expect(servicesAfter(mark).filter((service) => service.includes('input keyevent'))).toEqual([]);
  });
});
