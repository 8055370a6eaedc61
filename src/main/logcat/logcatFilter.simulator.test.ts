// android_logcat's filter rules (reference 3.2) on a simulated Android 15 phone: what is refused before the device,
// and what the device receives and answers for rules the reference accepts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { NO_APPROVER } from '../approval/approval';
import { runTool } from '../android/runTool';
import { androidLogcat } from './logcat';

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial: string;

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb, { profile: 'phone' }));
});

afterAll(async () => {
  await sim.close();
  await adb.stop();
});

const call = (args: Record<string, unknown>) =>
  runTool(androidLogcat, {
    arguments: { ...args, device: serial },
    resolver: isolatedResolver(adb),
    approve: NO_APPROVER,
  });
const services = () => sim.device.received().map((entry) => entry.service);

describe('android_logcat filter rules', () => {
  it.each([
    ['a lowercase priority', 'FilterTag:d *:s', ["'FilterTag:d'", "'*:s'"]],
    ['a bare tag (Tag:V)', 'FilterTag *:S', ["'FilterTag'", "'*:S'"]],
  ])('sends %s as given and answers the matching entries only', async (_name, filter, quoted) => {
    sim.device.state.appendLog({ priority: 'D', tag: 'FilterTag', message: 'wanted line', pid: 4242 });
    sim.device.state.appendLog({ priority: 'I', tag: 'OtherTag', message: 'unwanted line', pid: 4243 });
    const result = await call({ lines: 50, filter });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(services().at(-1)).toBe(`shell,v2,raw:logcat -d -t 50 ${quoted.join(' ')}`);
    const entries = result.ok ? (result.value as { entries: { tag: string }[] }).entries : [];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((entry) => entry.tag === 'FilterTag')).toBe(true);
  });

  it.each([[''], ['   '], [`${'A'.repeat(255)}:D`], ['-c'], ['*:D -c'], ['-G'], ['Tag:X']])(
    'refuses %j before anything reaches the device',
    async (filter) => {
      const before = services().length;
      const result = await call({ filter });
      expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
      expect(!result.ok && result.error.message).toContain('filter must');
      expect(services().length).toBe(before);
    },
  );

  it('accepts a filter of exactly 256 characters', async () => {
    const filter = `${'A'.repeat(254)}:D`;
    expect(filter.length).toBe(256);
    const result = await call({ lines: 1, filter });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(services().at(-1)).toBe(`shell,v2,raw:logcat -d -t 1 '${filter}'`);
  });
});
