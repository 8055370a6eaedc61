import { describe, expect, it } from 'vitest';
import { hub, boot, nextList, bySerial, local, useHubServers } from '../../test-support/hubFixture';

// The hub against two isolated adb servers ("local" and a "remote" lab server) and simulated devices.
useHubServers();

describe('AdbHub live tracking', () => {
  it('reports an unplugged device offline within the poll and back after replug, without duplicate events', async () => {
    const { sim, serial } = await boot();
    const subject = hub();
    const events: string[] = [];
    subject.subscribe((devices) => events.push(JSON.stringify(devices)));
    expect((await subject.start()).ok).toBe(true);
    const offline = nextList(subject, (devices) => bySerial(devices, serial)?.state !== 'device');
    const unpluggedAt = Date.now();
    await sim.device.unplug({ keepListening: false });
    const seen = bySerial(await offline, serial);
    expect(Date.now() - unpluggedAt).toBeLessThan(3000);
    expect(seen === undefined || (seen.state === 'offline' && seen.operator === undefined)).toBe(true);
    // An offline device keeps what it was: its model and API level, not a stale Operator status.
    if (seen !== undefined) expect(seen).toMatchObject({ model: sim.profile.model, apiLevel: 35 });
    const back = nextList(subject, (devices) => bySerial(devices, serial)?.operator?.reachable === true);
    await sim.device.replug();
    expect((await sim.attach(local.port)).ok).toBe(true);
    expect(bySerial(await back, serial)).toMatchObject({ state: 'device', apiLevel: 35 });
    for (let index = 1; index < events.length; index += 1) expect(events[index]).not.toBe(events[index - 1]);
  });

  it('re-reads the Operator status every Nth poll and after a package change', async () => {
    const { sim, serial } = await boot();
    const subject = hub({ operatorRefreshPolls: 2 });
    await subject.start();
    const disabled = nextList(
      subject,
      (devices) => bySerial(devices, serial)?.operator?.serviceEnabled === false,
    );
    sim.state.putSetting('secure', 'accessibility_enabled', '0');
    await disabled;
    const switched = nextList(
      subject,
      (devices) => bySerial(devices, serial)?.operator?.packageName === 'com.androperator.operator.dev',
    );
    subject.setOperatorPackage('com.androperator.operator.dev');
    expect(bySerial(await switched, serial)?.operator).toMatchObject({ installed: false, reachable: false });
  });

  it('adds an emulator-mode device and removes it when it closes', async () => {
    const subject = hub();
    await subject.start();
    const added = nextList(subject, (devices) =>
      devices.some((device) => device.serial.startsWith('emulator-')),
    );
    const { sim, serial } = await boot({}, { mode: 'emulator' });
    expect(bySerial(await added, serial)?.server).toBe('local');
    const removed = nextList(subject, (devices) => bySerial(devices, serial) === undefined);
    await sim.close();
    await removed;
  });
});
