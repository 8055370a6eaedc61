// Device commands through runCli with a recording backend.
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../shared/errors';
import { createUnavailableBackend } from './backend';
import { createFakeBackend } from '../test-support/fakeBackend';
import { runInProcess } from '../test-support/cliTesting';

describe('devices', () => {
  it('prints the backend device list', async () => {
    const backend = createFakeBackend(undefined, [
      { serial: 'emulator-5554', state: 'device', server: 'local', apiLevel: 35 },
    ]);
    const run = await runInProcess(['devices'], backend);
    expect(run).toMatchObject({
      code: 0,
      json: { devices: [{ serial: 'emulator-5554', state: 'device', apiLevel: 35 }] },
    });
    expect(backend.deviceListings).toBe(1);
  });

  it('rejects extra arguments', async () => {
    const run = await runInProcess(['devices', 'all'], createFakeBackend());
    expect(run.json).toMatchObject({ code: 'USAGE', message: 'Unexpected argument for devices: all' });
  });
});

describe('screenshot', () => {
  it.each(['screenshot', 'take-screenshot', 'take_screenshot', 'capture-screenshot'])(
    '%s runs one take_screenshot execution with the absolute path as given',
    async (command) => {
      const backend = createFakeBackend();
      const run = await runInProcess(
        [command, '--file', '/work/shots/before.png', '--device', 'd1'],
        backend,
        {},
        '/work',
      );
      expect(run.code).toBe(0);
      expect(backend.executions).toHaveLength(1);
      expect(backend.executions[0]?.execution).toMatchObject({
        commandId: expect.stringMatching(/^screenshot-1767225600000-[0-9a-z]{7}$/),
        source: 'androperator-observe',
        mode: 'direct',
        actions: [{ id: 'shot', type: 'take_screenshot', params: { path: '/work/shots/before.png' } }],
      });
      expect(backend.executions[0]?.target).toEqual({
        deviceId: 'd1',
        operatorPackage: expect.any(String),
        noDaemon: false,
      });
    },
  );

  it.each([
    ['notes.txt', 'not_absolute'],
    ['shots/before.png', 'not_absolute'],
    ['/work/../etc/x.png', 'dot_segment'],
    ['/work/notes.txt', 'not_png'],
  ])('refuses --path %s with INVALID_PATH before running anything', async (path, reason) => {
    const backend = createFakeBackend();
    const run = await runInProcess(['screenshot', '--path', path, '--overwrite'], backend, {}, '/work');
    expect(run.code).not.toBe(0);
    expect(run.json).toMatchObject({ code: 'INVALID_PATH', details: { path, reason } });
    expect(backend.executions).toHaveLength(0);
  });

  it('passes --overwrite on as the target option', async () => {
    const backend = createFakeBackend();
    await runInProcess(['screenshot', '--path', '/work/x.png', '--overwrite'], backend);
    expect(backend.executions[0]?.target.overwrite).toBe(true);
    await runInProcess(['screenshot', '--path', '/work/x.png'], backend);
    expect(backend.executions[1]?.target).not.toHaveProperty('overwrite');
  });

  it('omits params without --path and rejects a blank path', async () => {
    const backend = createFakeBackend();
    await runInProcess(['screenshot'], backend);
    expect(backend.executions[0]?.execution.actions).toEqual([{ id: 'shot', type: 'take_screenshot' }]);
    const blank = await runInProcess(['screenshot', '--path', ' '], backend);
    expect(blank.json).toEqual({ code: 'USAGE', message: '--path requires a non-blank file path' });
    expect(backend.executions).toHaveLength(1);
  });
});

describe('snapshot', () => {
  it('runs one snapshot execution', async () => {
    const backend = createFakeBackend();
    const run = await runInProcess(['snapshot', '--timeout', '5000'], backend);
    expect(run.code).toBe(0);
    expect(backend.executions[0]?.execution).toMatchObject({
      commandId: expect.stringMatching(/^snapshot-1767225600000-[0-9a-z]{7}$/),
      taskId: 'cli-snapshot',
      timeoutMs: 5000,
      actions: [{ id: 'snap', type: 'snapshot' }],
    });
  });
});

describe('sequence', () => {
  it('sends set, screenshot and clear as three validated executions', async () => {
    const backend = createFakeBackend();
    const run = await runInProcess(
      [
        'sequence',
        '--text',
        'FLOW-001',
        '--anchor',
        'right',
        '--path',
        '/tmp/flow.png',
        '--operator-package',
        'com.p',
      ],
      backend,
    );
    expect(run.code).toBe(0);
    expect(backend.sequences).toHaveLength(1);
    const sent = backend.sequences[0];
    expect(sent?.request).toEqual({ design: { text: 'FLOW-001', anchor: 'right' }, path: '/tmp/flow.png' });
    expect(sent?.target).toEqual({ operatorPackage: 'com.p', noDaemon: false });
    expect(run.json).toMatchObject({
      deviceId: 'emulator-5554',
      status: 'succeeded',
      copiedTo: '/tmp/flow.png',
    });
  });

  it('refuses a relative --path before running, and passes --overwrite on with the copy', async () => {
    const backend = createFakeBackend();
    const relative = await runInProcess(['sequence', '--text', 'x', '--path', 'flow.png'], backend);
    expect(relative.json).toMatchObject({ code: 'INVALID_PATH', details: { reason: 'not_absolute' } });
    expect(backend.sequences).toHaveLength(0);
    await runInProcess(['sequence', '--text', 'x', '--path', '/tmp/flow.png', '--overwrite'], backend);
    expect(backend.sequences[0]?.request).toMatchObject({ path: '/tmp/flow.png', overwrite: true });
  });

  it('stops before the backend on usage and validation errors', async () => {
    const backend = createFakeBackend();
    const missing = await runInProcess(['sequence', '--path', '/tmp/x.png'], backend);
    expect(missing.json).toEqual({
      code: 'USAGE',
      message: 'sequence requires exactly one of --text or --template',
    });
    const invalid = await runInProcess(['sequence', '--text', 'x', '--width-dp', '601'], backend);
    expect(invalid.json.code).toBe('EXECUTION_VALIDATION_FAILED');
    expect(backend.sequences).toHaveLength(0);
  });

  it('exits 1 when the sequence run fails on the device', async () => {
    const backend = createFakeBackend((execution) =>
      ok({
        deviceId: 'emulator-5554',
        terminalSource: 'androperator_result',
        envelope: {
          commandId: execution.commandId,
          taskId: execution.taskId,
          status: 'failed',
          stepResults: [
            {
              id: 'set',
              actionType: 'set_on_screen_log',
              success: false,
              data: { error: 'ON_SCREEN_LOG_LAYOUT_INVALID' },
            },
          ],
          error: 'Step set (set_on_screen_log) failed: ON_SCREEN_LOG_LAYOUT_INVALID',
        },
      }),
    );
    const run = await runInProcess(['sequence', '--text', 'x', '--label', 'flow 1'], backend);
    expect(run).toMatchObject({ code: 1, json: { status: 'failed' } });
    expect(backend.sequences[0]?.request.label).toBe('flow 1');
  });

  it('exits 1 when a run of the sequence fails on the host', async () => {
    const backend = createFakeBackend(() => fail('EVIDENCE_CAPTURE_FAILED', 'screencap failed'));
    const run = await runInProcess(['sequence', '--text', 'x'], backend);
    expect(run).toMatchObject({ code: 1, json: { code: 'EVIDENCE_CAPTURE_FAILED' } });
  });
});

describe('simulator', () => {
  it('starts one phone by default and prints one JSON line per ready device', async () => {
    const backend = createFakeBackend();
    const run = await runInProcess(['simulator', 'start'], backend);
    expect(run.code).toBe(0);
    expect(
      run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([{ serial: '127.0.0.1:40000', profile: 'phone', model: 'Pixel Sim', port: 40000 }]);
    expect(backend.simulatorStarts).toBe(1);
  });

  it('takes repeated --profile flags, --count and --mode', async () => {
    const backend = createFakeBackend();
    const run = await runInProcess(
      [
        'simulator',
        'start',
        '--profile',
        'phone',
        '--profile',
        'tablet',
        '--count',
        '3',
        '--mode',
        'emulator',
      ],
      backend,
    );
    expect(run.code).toBe(0);
    expect(backend.simulatorOptions[0]).toEqual({
      profiles: ['phone', 'tablet'],
      count: 3,
      mode: 'emulator',
      operatorPackage: 'com.androperator.operator',
    });
    expect(run.stdout.trim().split('\n')).toHaveLength(3);
  });

  it.each([
    [['--count', '0'], '--count must be an integer in 1..16'],
    [['--count', '2', '--count', '3'], '--count must be supplied only once'],
    [['--count', 'x'], '--count must be an integer in 1..16'],
    [['--mode', 'usb'], '--mode must be connect or emulator'],
    [['--profile'], '--profile requires a value'],
    [['--profle', 'phone'], 'Unexpected argument for simulator start: --profle'],
  ])('rejects simulator start %j with USAGE', async (extra, message) => {
    const run = await runInProcess(['simulator', 'start', ...extra], createFakeBackend());
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({ code: 'USAGE' });
    expect(String((run.json as { message: string }).message)).toContain(message);
  });

  it('requires the subcommand start', async () => {
    const run = await runInProcess(['simulator'], createFakeBackend());
    expect(run.json).toEqual({ code: 'USAGE', message: 'simulator requires the subcommand start' });
  });
});

describe('without a device layer', () => {
  it.each([
    ['devices'],
    ['snapshot'],
    ['screenshot'],
    ['sequence', '--text', 'x'],
    ['simulator', 'start'],
    ['on-screen-log', 'clear'],
  ])('%j ends in ADB_SERVER_UNAVAILABLE', async (...argv) => {
    const run = await runInProcess(argv, createUnavailableBackend());
    expect(run.code).toBe(1);
    expect(run.json.code).toBe('ADB_SERVER_UNAVAILABLE');
  });
});
