// on-screen-log through runCli: canonical validation before the backend, and routing to backend.runExecution.
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../shared/errors';
import { createFakeBackend, successEnvelope } from '../test-support/fakeBackend';
import { runInProcess } from '../test-support/cliTesting';

const DEFAULT_TARGET = { operatorPackage: 'com.androperator.operator', noDaemon: false };

describe('on-screen-log validation', () => {
  it.each([
    ['blank text', ['--text', '']],
    ['whitespace text', ['--text', ' \n\t ']],
    ['2049 characters', ['--text', 'x'.repeat(2049)]],
    ['a carriage return', ['--text', 'bad\rtext']],
    ['width 79', ['--text', 'x', '--width-dp', '79']],
    ['width 601', ['--text', 'x', '--width-dp', '601']],
    ['a negative offset', ['--text', 'x', '--top-offset-dp', '-5']],
    ['a named color', ['--text', 'x', '--text-color', 'red']],
    ['anchor center', ['--text', 'x', '--anchor', 'center']],
    ['an unknown placeholder', ['--template', '{{unknown}}']],
    ['a ttl below range', ['--text', 'x', '--ttl-ms', '999']],
  ])('rejects %s with EXECUTION_VALIDATION_FAILED without calling the backend', async (_name, flags) => {
    const backend = createFakeBackend();
    const run = await runInProcess(['on-screen-log', 'set', ...flags], backend);
    expect(run.code).toBe(1);
    expect(run.json.code).toBe('EXECUTION_VALIDATION_FAILED');
    expect(run.json.details).toMatchObject({ actionId: 'a1', actionType: 'set_on_screen_log' });
    expect(backend.executions).toHaveLength(0);
  });

  it('reports the range failure of --width-dp 601 at its params path', async () => {
    const run = await runInProcess(
      ['on-screen-log', 'set', '--text', 'x', '--width-dp', '601'],
      createFakeBackend(),
    );
    expect(run.json.details).toMatchObject({
      path: 'actions.0.params.widthDp',
      reason: 'must be in [80, 600]',
    });
  });

  // Issue 14 defect 9: the flag the user typed, one range notation, the offending placeholder by name.
  it.each([
    [['on-screen-log', 'set', '--text', 'x', '--width-dp', '601'], '--width-dp must be between 80 and 600'],
    [
      ['on-screen-log', 'set', '--text', 'x', '--ttl-ms', '999'],
      '--ttl-ms must be between 1,000 and 3,600,000',
    ],
    [
      ['on-screen-log', 'set', '--text', 'x', '--text-color', 'red'],
      '--text-color must be exactly #RRGGBB or #AARRGGBB',
    ],
    [['sequence', '--text', 'x', '--font-size-sp', '30'], '--font-size-sp must be between 8 and 24'],
  ])('says %j in command-line words', async (argv, message) => {
    const run = await runInProcess(argv, createFakeBackend());
    expect(run.json).toMatchObject({ code: 'EXECUTION_VALIDATION_FAILED', message });
  });

  it('names the unknown placeholder of --template', async () => {
    const run = await runInProcess(
      ['on-screen-log', 'set', '--template', 'v{{foreground_app.version_name}} {{foo}}'],
      createFakeBackend(),
    );
    expect(run.json).toMatchObject({
      code: 'EXECUTION_VALIDATION_FAILED',
      message: expect.stringMatching(/^--template: \{\{foo\}\} is not a placeholder; use one of /),
      details: { path: 'actions.0.params.template' },
    });
  });

  it('rejects a --timeout outside 1000..120000 through the validator', async () => {
    const backend = createFakeBackend();
    const run = await runInProcess(['on-screen-log', 'clear', '--timeout', '999'], backend);
    expect(run.json).toMatchObject({ code: 'EXECUTION_VALIDATION_FAILED', details: { path: 'timeoutMs' } });
    expect(backend.executions).toHaveLength(0);
  });

  it('lists the supported placeholders when a template is invalid', async () => {
    const run = await runInProcess(
      ['on-screen-log', 'set', '--template', '{{device.model }}'],
      createFakeBackend(),
    );
    expect(run.json.message).toContain(
      '{{device.model }} is not a placeholder; use one of {{foreground_app.icon}}',
    );
  });

  it('accepts 2048 characters', async () => {
    const backend = createFakeBackend();
    const run = await runInProcess(['on-screen-log', 'set', '--text', 'x'.repeat(2048)], backend);
    expect(run.code).toBe(0);
    expect(backend.executions).toHaveLength(1);
  });

  it('prints the normalized execution with --validate-only: colours normalized, --timeout applied', async () => {
    const backend = createFakeBackend();
    const run = await runInProcess(
      [
        'on-screen-log',
        'set',
        '--text',
        'x',
        '--text-color',
        '#a1b2c3',
        '--background-color',
        '#7f0a0b0c',
        '--timeout',
        '4321',
        '--validate-only',
      ],
      backend,
    );
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({
      ok: true,
      validated: true,
      execution: {
        timeoutMs: 4321,
        actions: [
          {
            id: 'a1',
            type: 'set_on_screen_log',
            params: { text: 'x', textColor: '#FFA1B2C3', backgroundColor: '#7F0A0B0C' },
          },
        ],
      },
    });
    expect(backend.executions).toHaveLength(0);
  });

  it('passes a template through validation unresolved, with its styles', async () => {
    const template =
      '{{foreground_app.icon}} {{foreground_app.package_name}}\n{{system.language_tag}} | {{{{x}}}}';
    const run = await runInProcess(
      [
        'on-screen-log',
        'set',
        '--template',
        template,
        '--anchor',
        'right',
        '--width-dp',
        '320',
        '--validate-only',
      ],
      createFakeBackend(),
    );
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({
      execution: { actions: [{ params: { template, anchor: 'right', widthDp: 320 } }] },
    });
  });

  it('prints a plan with --dry-run, clear without params', async () => {
    const run = await runInProcess(['on-screen-log', 'clear', '--dry-run'], createFakeBackend());
    expect(run.json).toEqual({
      ok: true,
      dryRun: true,
      plan: {
        commandId: expect.stringMatching(/^on-screen-log-clear-1767225600000-[0-9a-z]{7}$/),
        timeoutMs: 30000,
        actionCount: 1,
        actions: [{ id: 'a1', type: 'clear_on_screen_log' }],
      },
    });
  });

  it('rejects --validate-only together with --dry-run', async () => {
    const run = await runInProcess(
      ['on-screen-log', 'clear', '--dry-run', '--validate-only'],
      createFakeBackend(),
    );
    expect(run.json).toEqual({ code: 'USAGE', message: '--validate-only and --dry-run cannot be combined' });
  });
});

describe('on-screen-log routing', () => {
  it('sends a validated set execution to backend.runExecution exactly once, with the target', async () => {
    const backend = createFakeBackend();
    const run = await runInProcess(
      [
        '--device',
        'emulator-5554',
        'on-screen-log',
        'set',
        '--text',
        'FLOW-001',
        '--anchor',
        'right',
        '--operator-package',
        'com.androperator.operator.dev',
        '--no-daemon',
      ],
      backend,
    );
    expect(run.code).toBe(0);
    expect(backend.executions).toEqual([
      {
        execution: {
          commandId: expect.stringMatching(/^on-screen-log-set-1767225600000-[0-9a-z]{7}$/),
          taskId: 'cli-on-screen-log-set',
          source: 'androperator-cli',
          expectedFormat: 'android-ui-automator',
          timeoutMs: 30000,
          actions: [{ id: 'a1', type: 'set_on_screen_log', params: { text: 'FLOW-001', anchor: 'right' } }],
        },
        target: {
          deviceId: 'emulator-5554',
          operatorPackage: 'com.androperator.operator.dev',
          noDaemon: true,
        },
      },
    ]);
    const execution = backend.executions[0]?.execution;
    expect(run.json).toEqual({
      envelope: execution === undefined ? undefined : successEnvelope(execution),
      deviceId: 'emulator-5554',
      terminalSource: 'androperator_result',
      isCanonicalTerminal: true,
    });
  });

  it('sends clear without params and takes the operator package from the environment', async () => {
    const backend = createFakeBackend();
    await runInProcess(['on-screen-log', 'clear'], backend, {
      ANDROPERATOR_OPERATOR_PACKAGE: 'com.example.op',
    });
    expect(backend.executions).toHaveLength(1);
    expect(backend.executions[0]?.execution.actions).toEqual([{ id: 'a1', type: 'clear_on_screen_log' }]);
    expect(backend.executions[0]?.target).toEqual({ operatorPackage: 'com.example.op', noDaemon: false });
  });

  it('uses the default target when no common option is given', async () => {
    const backend = createFakeBackend();
    await runInProcess(['on-screen-log', 'set', '--text', 'x'], backend);
    expect(backend.executions[0]?.target).toEqual(DEFAULT_TARGET);
  });

  it('exits 1 when the envelope failed, printing the wrapper', async () => {
    const backend = createFakeBackend((execution) =>
      ok({
        envelope: {
          ...successEnvelope(execution),
          status: 'failed',
          stepResults: [
            {
              id: 'a1',
              actionType: 'set_on_screen_log',
              success: false,
              data: { error: 'ON_SCREEN_LOG_RENDER_TIMEOUT' },
            },
          ],
          error: 'Step a1 (set_on_screen_log) failed: ON_SCREEN_LOG_RENDER_TIMEOUT',
          errorCode: 'ON_SCREEN_LOG_RENDER_TIMEOUT',
        },
        deviceId: 'emulator-5554',
        terminalSource: 'androperator_result',
      }),
    );
    const run = await runInProcess(['on-screen-log', 'set', '--text', 'x'], backend);
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({
      envelope: { status: 'failed', errorCode: 'ON_SCREEN_LOG_RENDER_TIMEOUT' },
    });
  });

  it('prints a host failure from the backend as the bare error object', async () => {
    const backend = createFakeBackend(() =>
      fail('DEVICE_NOT_FOUND', 'Device x is not connected', { connected: [] }),
    );
    const run = await runInProcess(['on-screen-log', 'clear', '--device', 'x'], backend);
    expect(run.code).toBe(1);
    expect(run.json).toEqual({
      code: 'DEVICE_NOT_FOUND',
      message: 'Device x is not connected',
      details: { connected: [] },
    });
  });

  it('never reaches the backend on a usage error', async () => {
    const backend = createFakeBackend();
    const run = await runInProcess(['on-screen-log', 'set', '--text', 'x', '--width-dp', '12px'], backend);
    expect(run.json).toEqual({
      code: 'USAGE',
      message: '--width-dp requires an integral JSON number, got "12px"',
      details: { flag: '--width-dp', value: '12px' },
    });
    expect(backend.executions).toHaveLength(0);
  });

  it('prints pretty output with 2-space indentation', async () => {
    const run = await runInProcess(['on-screen-log', 'clear', '--output', 'pretty'], createFakeBackend());
    expect(run.stdout).toContain('\n  "envelope": {\n    "commandId"');
    expect(run.stdout).toContain('"status": "success"');
  });
});
