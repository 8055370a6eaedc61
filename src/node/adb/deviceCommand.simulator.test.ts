// runDeviceCommand against simulated devices through a real adb server: shell v2 and the legacy fallback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedDevice } from '../../simulator/adb/simulatedDevice';
import { startIsolatedAdb, waitForDeviceState, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { runDeviceCommand } from './deviceCommand';

let adb: IsolatedAdb;
const devices: SimulatedDevice[] = [];

async function attached(features?: readonly never[]) {
  const device = await SimulatedDevice.start(features === undefined ? {} : { features: [] });
  devices.push(device);
  const serial = await device.attach({ adbPort: adb.port });
  if (!serial.ok) throw new Error(serial.error.message);
  await waitForDeviceState(adb.client, serial.value.serial, 'device', 5000);
  return { device, serial: serial.value.serial };
}

beforeAll(async () => {
  adb = await startIsolatedAdb();
});

afterAll(async () => {
  for (const device of devices) await device.close();
  await adb.stop();
});

describe('runDeviceCommand over shell v2', () => {
  it('keeps stdout, stderr and the exit status apart and sends the command as shell,v2', async () => {
    const { device, serial } = await attached();
    const result = await runDeviceCommand(adb.client, serial, 'echo out; echo err >&2; exit 3');
    expect(result).toMatchObject({
      ok: true,
      value: { status: 'partial', exit_code: 3, stdout: 'out\n', stderr: 'err\n', transport: 'shell_v2' },
    });
    expect(device.received().map((entry) => entry.service)).toContain(
      'shell,v2,raw:echo out; echo err >&2; exit 3',
    );
  });

  it('names the status words: complete, failed', async () => {
    const { serial } = await attached();
    const done = await runDeviceCommand(adb.client, serial, 'echo ok');
    expect(done.ok && done.value.status).toBe('complete');
    const failed = await runDeviceCommand(adb.client, serial, 'no-such-command-here');
    expect(failed.ok && [failed.value.status, failed.value.exit_code]).toEqual(['failed', 127]);
  });

  it('caps each stream and says so in a truncation marker', async () => {
    const { serial } = await attached();
    const result = await runDeviceCommand(adb.client, serial, 'getprop', { maxBytesPerStream: 100 });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.stdout_truncated).toBe(true);
    expect(result.value.stdout.startsWith('[')).toBe(true);
    expect(result.value.stdout).toMatch(/\[TRUNCATED: stdout cut at 100 bytes, \d+ more bytes not kept\]$/);
  });

  it('times out a command that does not end, and cancels one whose caller gives up', async () => {
    const { serial } = await attached();
    const timed = await runDeviceCommand(adb.client, serial, 'sleep 8', { timeoutMs: 200 });
    expect(timed.ok && [timed.value.status, timed.value.exit_code]).toEqual(['timed_out', null]);
    const controller = new AbortController();
    const running = runDeviceCommand(adb.client, serial, 'sleep 8', { signal: controller.signal });
    controller.abort();
    expect(await running).toMatchObject({ ok: false, error: { code: 'COMMAND_CANCELLED' } });
  });
});

describe('runDeviceCommand on a device without shell v2', () => {
  it('runs legacy shell: and reads the exit status from its marker', async () => {
    const { device, serial } = await attached([]);
    const result = await runDeviceCommand(adb.client, serial, 'echo hi; exit 4');
    expect(result).toMatchObject({
      ok: true,
      value: { status: 'partial', exit_code: 4, stdout: 'hi\n', transport: 'shell' },
    });
    expect(device.received().some((entry) => entry.service.startsWith('shell:(echo hi; exit 4);'))).toBe(
      true,
    );
  });

  it('refuses stdin, which legacy shell cannot carry', async () => {
    const { serial } = await attached([]);
    const result = await runDeviceCommand(adb.client, serial, 'cat', { stdin: Buffer.from('x') });
    expect(result).toMatchObject({ ok: false, error: { code: 'DEVICE_SHELL_UNAVAILABLE' } });
  });
});
