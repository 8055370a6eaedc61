import { describe, expect, it } from 'vitest';
import type { DeviceInfo } from '../../shared/api/devices';
import { fail, ok } from '../../shared/errors';
import type { Launched, LaunchOptions } from '../../simulator/launch';
import { SimulatedPhone, wantsSimulatedPhone } from './simulatedPhone';
import { defaultSettings } from './settingsStore';

const SETTINGS = defaultSettings({});
const online: DeviceInfo = { serial: 'R58M', state: 'device', server: 'local' };

describe('wantsSimulatedPhone', () => {
  it('wants one only when allowed, switched on, and no device is online', () => {
    expect(wantsSimulatedPhone([], SETTINGS, true)).toBe(true);
    expect(
      wantsSimulatedPhone(
        [
          { ...online, state: 'offline' },
          { ...online, state: 'unauthorized' },
        ],
        SETTINGS,
        true,
      ),
    ).toBe(true);
    expect(wantsSimulatedPhone([online], SETTINGS, true)).toBe(false);
    expect(wantsSimulatedPhone([], { ...SETTINGS, simulatorWhenNoDevice: false }, true)).toBe(false);
    expect(wantsSimulatedPhone([], SETTINGS, false)).toBe(false);
  });
});

/** A launcher that records its calls and whose devices record being stopped. */
function fakeLauncher() {
  const calls: LaunchOptions[] = [];
  const stopped: string[] = [];
  let count = 0;
  const launch = async (options: LaunchOptions) => {
    calls.push(options);
    count += 1;
    const serial = `127.0.0.1:${40000 + count}`;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const launched: Launched = {
      devices: [{ serial, profile: 'phone', model: 'Pixel 7', port: 40000 + count }],
      simulators: [],
      stop: async () => void stopped.push(serial),
    };
    return ok(launched);
  };
  return { launch, calls, stopped };
}

describe('SimulatedPhone', () => {
  it('starts one phone on the hub adb server with the current Operator package, once', async () => {
    const launcher = fakeLauncher();
    let operatorPackage = 'com.androperator.operator';
    const phone = new SimulatedPhone({
      adbPort: 5999,
      adbBinary: '/opt/adb',
      operatorPackage: () => operatorPackage,
      launch: launcher.launch,
    });
    const [first, second] = await Promise.all([phone.start(), phone.start()]);
    expect(first).toEqual({
      ok: true,
      value: { serial: '127.0.0.1:40001', profile: 'phone', model: 'Pixel 7', port: 40001 },
    });
    expect(second).toEqual(first);
    expect(launcher.calls).toEqual([
      {
        profiles: ['phone'],
        count: 1,
        adbPort: 5999,
        adbBinary: '/opt/adb',
        operatorPackage: 'com.androperator.operator',
        mode: 'connect',
      },
    ]);
    operatorPackage = 'com.androperator.operator.dev';
    const restarted = await phone.restart();
    expect(restarted).toMatchObject({ ok: true, value: { serial: '127.0.0.1:40002' } });
    expect(launcher.stopped).toEqual(['127.0.0.1:40001']);
    expect(launcher.calls[1]?.operatorPackage).toBe('com.androperator.operator.dev');
    await phone.stop();
    await phone.stop();
    expect(launcher.stopped).toEqual(['127.0.0.1:40001', '127.0.0.1:40002']);
    expect(phone.device).toBeUndefined();
    expect(await phone.restart()).toBeUndefined();
    expect(launcher.calls).toHaveLength(2);
  });

  it('stops after a start that is still in progress', async () => {
    const launcher = fakeLauncher();
    const phone = new SimulatedPhone({
      adbPort: 5999,
      adbBinary: 'adb',
      operatorPackage: () => 'com.androperator.operator',
      launch: launcher.launch,
    });
    const starting = phone.start();
    await phone.stop();
    expect((await starting).ok).toBe(true);
    expect(launcher.stopped).toEqual(['127.0.0.1:40001']);
    expect(phone.device).toBeUndefined();
  });

  it('passes on a launch failure and can try again', async () => {
    let attempts = 0;
    const phone = new SimulatedPhone({
      adbPort: 5999,
      adbBinary: 'adb',
      operatorPackage: () => 'com.androperator.operator',
      launch: async () => ((attempts += 1), fail('ADB_NOT_FOUND', 'no adb')),
    });
    expect(await phone.start()).toMatchObject({ ok: false, error: { code: 'ADB_NOT_FOUND' } });
    expect(await phone.start()).toMatchObject({ ok: false });
    expect(attempts).toBe(2);
    expect(phone.device).toBeUndefined();
  });
});
