// android:tools and android:run through the transports' entry (dispatchChannel) on a simulated phone behind a real
// adb server: what the device received, and answers in the shape the renderer parses.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OUTPUT_SCHEMAS } from '../../shared/api/outputSchemas';
import { putSettingForTest, useSimulatedConsole } from '../../test-support/simulatedConsole';
import { defineTool } from '../android/tool';
import { systemClock } from '../execution/types';
import { androidApi } from './androidApi';
import { ConsoleApprover } from './consoleApprover';
import { ConsoleEventBus } from './events';
import { dispatchChannel } from './dispatch';

const phone = useSimulatedConsole();

const shellCommands = (): string[] => phone.services().filter((service) => service.startsWith('shell'));

/** android:* over `tools` on the phone, with no console page to ask for approval. */
const withoutPage = (tools: Parameters<typeof androidApi>[1]) =>
  androidApi(
    { hub: phone.hub, clock: systemClock, approvals: new ConsoleApprover({ events: new ConsoleEventBus() }) },
    tools,
  );

describe('android:tools', () => {
  it('lists the registered tools with the JSON Schema of their arguments', async () => {
    const api = phone.api();
    const answer = await dispatchChannel(api, 'android:tools', {});
    if (!answer.ok) throw new Error(answer.error.message);
    const tools = OUTPUT_SCHEMAS['android:tools'].parse(JSON.parse(JSON.stringify(answer.value)));
    const settings = tools.find((tool) => tool.name === 'android_settings');
    expect(settings).toMatchObject({
      cli: { command: 'android', verb: 'settings' },
      risk: 'read_only',
      argumentsSchema: {
        type: 'object',
        required: ['namespace'],
        properties: {
          namespace: { type: 'string', enum: ['system', 'secure', 'global'] },
          key: { type: 'string', maxLength: 256 },
          device: { type: 'string' },
        },
        additionalProperties: false,
      },
    });
  });
});

describe('android:run', () => {
  it('runs android_settings on the device and answers with the result and when it was taken', async () => {
    const api = phone.api();
    await expect.poll(async () => (await phone.hub.resolve(phone.serial)).ok).toBe(true);
    const before = Date.now();
    const answer = await dispatchChannel(api, 'android:run', {
      tool: 'android_settings',
      device: phone.serial,
      arguments: { namespace: 'system', key: 'font_scale' },
    });
    if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
    const run = OUTPUT_SCHEMAS['android:run'].parse(JSON.parse(JSON.stringify(answer.value)));
    expect(run).toMatchObject({
      tool: 'android_settings',
      device: phone.serial,
      result: { kind: 'settings', result: { status: 'complete', stdout: '1.0\n', exit_code: 0 } },
    });
    expect(Date.parse(run.taken_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(shellCommands()).toContain("shell,v2,raw:settings get system 'font_scale'");
  });

  it.each([
    [
      { tool: 'android_settings', device: 'SERIAL', arguments: { namespace: 'system', key: 'a;reboot' } },
      'INVALID_ARGUMENTS',
      'android_settings: key must use only letters',
    ],
    [
      { tool: 'android_settings', device: 'SERIAL', arguments: { namespace: 'system', device: 'other' } },
      'INVALID_ARGUMENTS',
      'android:run: arguments must not name the device',
    ],
    [
      { tool: 'android_nothing', device: 'SERIAL', arguments: {} },
      'UNKNOWN_TOOL',
      'android_nothing is not a registered Android tool',
    ],
    [{ tool: 'android settings', device: 'SERIAL' }, 'UNKNOWN_TOOL', 'android:run: tool must be'],
    [
      { tool: 'android_settings', device: 'ghost-serial', arguments: { namespace: 'system' } },
      'DEVICE_NOT_FOUND',
      'ghost-serial',
    ],
  ])('refuses %j before anything reaches the device', async (input, code, message) => {
    const api = phone.api();
    const before = shellCommands().length;
    const answer = await dispatchChannel(api, 'android:run', {
      ...input,
      device: input.device === 'SERIAL' ? phone.serial : input.device,
    });
    expect(answer).toMatchObject({ ok: false, error: { code } });
    expect(!answer.ok && answer.error.message).toContain(message);
    expect(shellCommands().length).toBe(before);
  });

  it('refuses a tool that is not read-only with APPROVAL_UNAVAILABLE when no console page can be asked, sending nothing', async () => {
    const mutating = putSettingForTest('normal');
    const api = withoutPage([mutating]);
    const before = shellCommands().length;
    const answer = await api['android:run']({ tool: mutating.name, device: phone.serial, arguments: {} });
    expect(answer).toMatchObject({ ok: false, error: { code: 'APPROVAL_UNAVAILABLE' } });
    expect(shellCommands().length).toBe(before);
    const listed = await api['android:tools']({});
    expect(listed.ok && listed.value.map((tool) => [tool.name, tool.risk])).toEqual([
      [mutating.name, 'mutating'],
    ]);
  });
});

describe('android:cancel', () => {
  // A read-only tool whose one command runs until it is stopped (the simulator caps sleep at 10 s, past these
  // tests' 5 s limit, so only a cancel that closes the stream lets them pass).
  const sleeper = defineTool({
    name: 'android_sleep_for_test',
    cli: { command: 'android', verb: 'sleep-for-test' },
    description: 'Sleeps on the device (test only).',
    risk: 'read_only',
    arguments: z.strictObject({}),
    run: async (context) => {
      const result = await context.run('sleep 10');
      return result.ok ? { ok: true, value: { kind: 'slept', status: result.value.status } } : result;
    },
  });
  const sleeps = (): number => shellCommands().filter((service) => service.endsWith(':sleep 10')).length;

  it('aborts the run: its adb stream closes on the device and the run answers COMMAND_CANCELLED', async () => {
    const api = withoutPage([sleeper]);
    await expect.poll(async () => (await phone.hub.resolve(phone.serial)).ok).toBe(true);
    const streamsBefore = phone.sim.device.openStreamCount;
    const sleepsBefore = sleeps();
    const running = api['android:run']({
      tool: sleeper.name,
      device: phone.serial,
      arguments: {},
      run_id: 'r-1',
    });
    await expect.poll(() => sleeps()).toBe(sleepsBefore + 1);
    await expect.poll(() => phone.sim.device.openStreamCount).toBeGreaterThan(streamsBefore);
    expect(await api['android:cancel']({ run_id: 'r-1' })).toEqual({ ok: true, value: { cancelled: true } });
    expect(await running).toMatchObject({
      ok: false,
      error: { code: 'COMMAND_CANCELLED', details: { tool: sleeper.name, run_id: 'r-1' } },
    });
    await expect.poll(() => phone.sim.device.openStreamCount).toBe(streamsBefore);
    // Nothing left to cancel under that id.
    expect(await api['android:cancel']({ run_id: 'r-1' })).toEqual({ ok: true, value: { cancelled: false } });
  }, 5_000);

  it('runs a dashboard of probes in parallel, each cancelled on its own; a run_id in use is refused', async () => {
    const api = withoutPage([sleeper]);
    const streamsBefore = phone.sim.device.openStreamCount;
    const first = api['android:run']({
      tool: sleeper.name,
      device: phone.serial,
      arguments: {},
      run_id: 'p-1',
    });
    const second = api['android:run']({
      tool: sleeper.name,
      device: phone.serial,
      arguments: {},
      run_id: 'p-2',
    });
    // Both commands hold a stream on the device at the same time.
    await expect.poll(() => phone.sim.device.openStreamCount).toBe(streamsBefore + 2);
    expect(
      await api['android:run']({ tool: sleeper.name, device: phone.serial, arguments: {}, run_id: 'p-1' }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS', details: { field: 'run_id' } } });
    expect(await api['android:cancel']({ run_id: 'p-2' })).toEqual({ ok: true, value: { cancelled: true } });
    expect(await second).toMatchObject({ ok: false, error: { code: 'COMMAND_CANCELLED' } });
    await expect.poll(() => phone.sim.device.openStreamCount).toBe(streamsBefore + 1);
    expect(await api['android:cancel']({ run_id: 'p-1' })).toEqual({ ok: true, value: { cancelled: true } });
    expect(await first).toMatchObject({ ok: false, error: { code: 'COMMAND_CANCELLED' } });
    await expect.poll(() => phone.sim.device.openStreamCount).toBe(streamsBefore);
  }, 5_000);
});
