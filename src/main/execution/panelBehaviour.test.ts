import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { InFlightRegistry } from './inFlight';
import { runExecution } from './runExecution';
import { envelopeOf, payload, stepData } from '../../test-support/executionFixtures';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import type { ExecutionDependencies } from './types';

// The panel's lifetime rules of the seed, observed through runExecution over real adb (snapshot and set data).

let adb: IsolatedAdb;
let dependencies: ExecutionDependencies;
const running: SimulatedAndroid[] = [];
const OPERATOR = 'com.androperator.operator';

async function run(serial: string, actions: unknown[]): Promise<ReturnType<typeof envelopeOf>> {
  return envelopeOf(
    await runExecution(payload(actions), { deviceId: serial, operatorPackage: OPERATOR }, dependencies),
  );
}

async function overlayVisible(serial: string): Promise<string | undefined> {
  return stepData(await run(serial, [{ id: 'snap', type: 'snapshot' }]), 0).operator_overlay_visible;
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
  dependencies = { resolver: isolatedResolver(adb), inFlight: new InFlightRegistry() };
});

afterEach(async () => {
  for (const sim of running.splice(0)) await sim.close();
});

afterAll(async () => {
  await adb?.stop();
});

async function phone(): Promise<string> {
  const booted = await bootSimulated(adb, {});
  running.push(booted.sim);
  return booted.serial;
}

describe('panel lifetime through runExecution', () => {
  it('expires after ttlMs, as a later snapshot shows', async () => {
    const serial = await phone();
    await run(serial, [{ id: 's', type: 'set_on_screen_log', params: { text: 'short-lived', ttlMs: 1000 } }]);
    expect(await overlayVisible(serial)).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 1150));
    expect(await overlayVisible(serial)).toBe('false');
  });

  it('replaces the whole panel: omitted fields go back to their defaults', async () => {
    const serial = await phone();
    const first = stepData(
      await run(serial, [
        {
          id: 's',
          type: 'set_on_screen_log',
          params: { text: 'a', anchor: 'right', textColor: '#ff112233', widthDp: 200, ttlMs: 5000 },
        },
      ]),
      0,
    );
    expect(first).toMatchObject({
      anchor: 'right',
      text_color: '#FF112233',
      width_dp: '200',
      ttl_ms: '5000',
    });
    const second = stepData(
      await run(serial, [{ id: 's', type: 'set_on_screen_log', params: { text: 'b' } }]),
      0,
    );
    expect(second).toMatchObject({
      anchor: 'left',
      text_color: '#FFFFFFFF',
      width_dp: '280',
      ttl_ms: '300000',
      bounds: '[21,157][756,236]',
    });
  });

  it('leaves the visible panel unchanged when a payload is rejected', async () => {
    const serial = await phone();
    const shown = stepData(
      await run(serial, [
        { id: 's', type: 'set_on_screen_log', params: { text: 'keep me', anchor: 'right' } },
      ]),
      0,
    );
    const rejected = await runExecution(
      payload([{ id: 's', type: 'set_on_screen_log', params: { text: 'x', backgroundColor: 'red' } }]),
      { deviceId: serial, operatorPackage: OPERATOR },
      dependencies,
    );
    expect(rejected).toMatchObject({
      ok: false,
      error: { code: 'EXECUTION_VALIDATION_FAILED', details: { path: 'actions.0.params.backgroundColor' } },
    });
    const layoutRejected = stepData(
      await run(serial, [{ id: 's', type: 'set_on_screen_log', params: { text: 'x', edgeOffsetDp: 1000 } }]),
      0,
    );
    expect(layoutRejected.error).toBe('ON_SCREEN_LOG_LAYOUT_INVALID');
    expect(await overlayVisible(serial)).toBe('true');
    const sim = running[0];
    expect(sim?.visiblePanel?.layout.bounds).toEqual({ left: 324, top: 157, right: 1059, bottom: 236 });
    expect(shown.bounds).toBe('[324,157][1059,236]');
  });
});
