// android_logcat with a package that has two processes of that name (a work-profile copy of the app runs as user 10
// next to user 0's): the window fails NOT_FOUND with reason `ambiguous` and the pids, and no logcat is sent, so it
// never falls back to the global log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import type { CommandHandler } from '../../simulator/shell/commandTable';
import { processesOf } from '../../simulator/device/processes';
import { NO_APPROVER } from '../approval/approval';
import { runTool } from '../android/runTool';
import { androidLogcat } from './logcat';

let adb: IsolatedAdb;
let sim: SimulatedAndroid;
let serial = '';
let original: CommandHandler | undefined;
const WORK_PROFILE_PID = 31_337;

beforeAll(async () => {
  adb = await startIsolatedAdb();
  ({ sim, serial } = await bootSimulated(adb, { profile: 'phone' }));
  // The simulator has no second user, so the second process comes from this pidof: the device's own answer plus
  // the work profile's process, as toybox pidof lists every process of that name (highest pid first).
  original = sim.device.commands.get('pidof');
  const own = original;
  if (own === undefined) throw new Error('the simulated device has no pidof');
  sim.device.commands.register('pidof', async (context) => {
    const captured: string[] = [];
    const status = await own({ ...context, stdout: (chunk) => captured.push(Buffer.from(chunk).toString()) });
    const pids = captured.join('').trim().split(/\s+/).filter(Boolean);
    const foreground = sim.device.state.foreground.packageName;
    if (context.args.includes(foreground)) pids.unshift(String(WORK_PROFILE_PID));
    if (pids.length === 0) return status;
    context.stdout(`${pids.join(' ')}\n`);
    return 0;
  });
});

afterAll(async () => {
  if (original !== undefined) sim.device.commands.register('pidof', original);
  await sim.close();
  await adb.stop();
});

const services = (): string[] => sim.device.received().map((entry) => entry.service);

describe('android_logcat with an ambiguous package', () => {
  it.each([{ lines: 50 }, { since_secs: 120, lines: 50, filter: 'MyTag:D *:S' }])(
    'fails NOT_FOUND (ambiguous) with both pids and sends no logcat: %j',
    async (window) => {
      const pkg = sim.device.state.foreground.packageName;
      const main = processesOf(sim.device.state).pidOf(pkg);
      const before = services().length;
      const result = await runTool(androidLogcat, {
        arguments: { ...window, package: pkg, device: serial },
        resolver: isolatedResolver(adb),
        approve: NO_APPROVER,
      });
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'NOT_FOUND',
          details: {
            package: pkg,
            reason: 'ambiguous',
            pids: [WORK_PROFILE_PID, main],
            command: `pidof '${pkg}'`,
          },
        },
      });
      expect(!result.ok && result.error.message).toBe(
        `${pkg} has 2 processes with that name: give pid instead`,
      );
      const sent = services().slice(before);
      expect(sent).toEqual([`shell,v2,raw:pidof '${pkg}'`]);
      expect(sent.some((service) => service.includes('logcat'))).toBe(false);
    },
  );

  it('still reads one pid when the caller gives it', async () => {
    const before = services().length;
    const result = await runTool(androidLogcat, {
      arguments: { pid: WORK_PROFILE_PID, lines: 5, device: serial },
      resolver: isolatedResolver(adb),
      approve: NO_APPROVER,
    });
    expect(result).toMatchObject({ ok: true, value: { scope: 'pid', pid: WORK_PROFILE_PID } });
    // The device's API level decides whether logcat itself can filter by pid (Android 7+).
    expect(services().slice(before)).toEqual([
      'shell,v2,raw:getprop ro.build.version.sdk',
      `shell,v2,raw:logcat -d -t 5 --pid=${WORK_PROFILE_PID}`,
    ]);
  });
});
