// runCli in process: help, version, command routing, exec and the top-level error handling.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { version } from '../../package.json';
import { createUnavailableBackend } from './backend';
import { createFakeBackend } from '../test-support/fakeBackend';
import { runInProcess } from '../test-support/cliTesting';

const PAYLOAD = {
  commandId: 'on-screen-log-example',
  taskId: 'on-screen-log-example',
  source: 'agent',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 30000,
  actions: [
    { id: 'show-label', type: 'on_screen_log_set', params: { text: 'FLOW-001', textColor: '#ffffff' } },
    { id: 'observe-label', type: 'snapshot' },
    { id: 'clear-label', type: 'clear_on_screen_log' },
  ],
};

let directory = '';

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'androperator-cli-'));
  await writeFile(join(directory, 'execution.json'), JSON.stringify(PAYLOAD, null, 2));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('help and version', () => {
  it('prints the top-level help with exit 0 when no command is given', async () => {
    const run = await runInProcess([], createFakeBackend());
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('on-screen-log set|clear');
    for (const command of ['exec', 'devices', 'screenshot', 'snapshot', 'sequence', 'simulator start']) {
      expect(run.stdout).toContain(`  ${command}`);
    }
  });

  it.each([
    [['--help'], 'Usage: androperator <command>'],
    [['help'], 'Usage: androperator <command>'],
    [['exec', '--help'], 'Usage: androperator exec'],
    [['--help', 'execute'], 'Usage: androperator exec'],
    [['help', 'take-screenshot'], 'Usage: androperator screenshot'],
    [['simulator', '--help'], 'Usage: androperator simulator start'],
    [['sequence', '--text', 'x', '--help'], 'Usage: androperator sequence'],
  ])('%j prints help and exits 0', async (argv, heading) => {
    const run = await runInProcess(argv, createFakeBackend());
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(heading);
  });

  it.each([
    [['on-screen-log', '--help'], 'androperator on-screen-log clear [common options]'],
    [['on-screen-log', 'set', '--help'], 'Usage: androperator on-screen-log set'],
    [['on-screen-log', 'clear', '--help'], 'Usage: androperator on-screen-log clear'],
    [
      ['--help', 'on-screen-log', 'set', '--text', 'bad', '--width-dp', '12px'],
      'Usage: androperator on-screen-log set',
    ],
  ])('%j shows --ttl-ms, --text-align and examples', async (argv, heading) => {
    const run = await runInProcess(argv, createFakeBackend());
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(heading);
    expect(run.stdout).toContain('--ttl-ms');
    expect(run.stdout).toContain('--text-align');
    expect(run.stdout).toContain('Example');
  });

  it('prints the package version', async () => {
    const run = await runInProcess(['--version'], createFakeBackend());
    expect(run).toMatchObject({ code: 0, stdout: `${version}\n` });
  });

  it('reports help for an unknown command as UNKNOWN_COMMAND', async () => {
    const run = await runInProcess(['help', 'nope'], createFakeBackend());
    expect(run.code).toBe(1);
    expect(run.json.code).toBe('UNKNOWN_COMMAND');
  });
});

describe('command routing errors', () => {
  it('reports an unknown command with a suggestion', async () => {
    const run = await runInProcess(['on-screen-logs', 'set'], createFakeBackend());
    expect(run.code).toBe(1);
    expect(run.json).toEqual({
      code: 'UNKNOWN_COMMAND',
      message:
        'Unknown command: on-screen-logs. Did you mean on-screen-log? Run androperator --help for the commands.',
      details: { command: 'on-screen-logs' },
    });
  });

  it('reports an unknown option before the command as USAGE with a suggestion', async () => {
    const run = await runInProcess(['--devices', 'x', 'devices'], createFakeBackend());
    expect(run.code).toBe(1);
    expect(run.json).toEqual({
      code: 'USAGE',
      message: 'Unknown option: --devices. Did you mean --device?',
      details: { argument: '--devices' },
    });
  });

  it('prints a common-option usage error as JSON', async () => {
    const run = await runInProcess(['devices', '--output', 'yaml'], createFakeBackend());
    expect(run).toMatchObject({
      code: 1,
      json: { code: 'USAGE', message: '--output must be json or pretty, got "yaml"' },
    });
  });

  it('turns an exception thrown by the backend into INTERNAL_ERROR without a stack', async () => {
    const backend = createFakeBackend(() => {
      throw new Error('socket exploded');
    });
    const run = await runInProcess(['on-screen-log', 'clear'], backend);
    expect(run.code).toBe(1);
    expect(run.json).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'Unexpected internal error: socket exploded',
    });
    expect(run.stdout).not.toContain('    at ');
    expect(run.stderr).toBe('');
  });

  it('logs the stack of an unexpected exception on stderr only at --log-level debug', async () => {
    const backend = createFakeBackend(() => {
      throw new Error('socket exploded');
    });
    const run = await runInProcess(['on-screen-log', 'clear', '--verbose'], backend);
    expect(run.json.code).toBe('INTERNAL_ERROR');
    expect(run.stderr).toContain('androperator debug: Error: socket exploded\n    at ');
  });
});

describe('logging', () => {
  it('writes diagnostics to stderr only when asked, keeping stdout one JSON document', async () => {
    const quiet = await runInProcess(['devices'], createFakeBackend());
    expect(quiet.stderr).toBe('');
    const verbose = await runInProcess(
      ['devices', '--log-level', 'debug', '--device', 'd1'],
      createFakeBackend(),
    );
    expect(verbose.stderr).toContain('androperator debug: target {"deviceId":"d1"');
    expect(verbose.json).toHaveProperty('devices');
  });
});

describe('exec', () => {
  it('validates an inline payload with --validate-only and prints it normalized', async () => {
    const backend = createFakeBackend();
    const run = await runInProcess(['exec', JSON.stringify(PAYLOAD), '--validate-only'], backend);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ ok: true, validated: true });
    const execution = run.json.execution as { actions: unknown[] };
    expect(execution.actions[0]).toEqual({
      id: 'show-label',
      type: 'set_on_screen_log',
      params: { text: 'FLOW-001', textColor: '#FFFFFFFF' },
    });
    expect(backend.executions).toHaveLength(0);
  });

  it('runs with the overwrite target option only when --overwrite is given', async () => {
    const backend = createFakeBackend();
    await runInProcess(['exec', JSON.stringify(PAYLOAD), '--overwrite'], backend);
    await runInProcess(['exec', JSON.stringify(PAYLOAD)], backend);
    expect(backend.executions.map((call) => call.target.overwrite)).toEqual([true, undefined]);
  });

  it('answers EXECUTION_VALIDATION_FAILED, not an internal error, for 5000 levels of nesting', async () => {
    const backend = createFakeBackend();
    const nested = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const run = await runInProcess(['exec', `{"commandId":"c","actions":${nested}}`], backend);
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({ code: 'EXECUTION_VALIDATION_FAILED', details: { maxDepth: 64 } });
    expect(backend.executions).toHaveLength(0);
  });

  it.each(['--payload', '--execution', '--input', '--file'])(
    'reads a file given with %s and prints a dry-run plan',
    async (flag) => {
      const run = await runInProcess(
        ['execute', flag, 'execution.json', '--dry-run'],
        createFakeBackend(),
        {},
        directory,
      );
      expect(run.code).toBe(0);
      expect(run.json).toEqual({
        ok: true,
        dryRun: true,
        plan: {
          commandId: 'on-screen-log-example',
          timeoutMs: 30000,
          actionCount: 3,
          actions: [
            {
              id: 'show-label',
              type: 'set_on_screen_log',
              params: { text: 'FLOW-001', textColor: '#FFFFFFFF' },
            },
            { id: 'observe-label', type: 'snapshot' },
            { id: 'clear-label', type: 'clear_on_screen_log' },
          ],
        },
      });
    },
  );

  it('applies --timeout before validation', async () => {
    const accepted = await runInProcess(
      ['exec', JSON.stringify(PAYLOAD), '--timeout', '4321', '--dry-run'],
      createFakeBackend(),
    );
    expect(accepted.json).toMatchObject({ plan: { timeoutMs: 4321 } });
    const rejected = await runInProcess(
      ['exec', JSON.stringify(PAYLOAD), '--timeout', '500', '--dry-run'],
      createFakeBackend(),
    );
    expect(rejected.json).toMatchObject({
      code: 'EXECUTION_VALIDATION_FAILED',
      details: { path: 'timeoutMs' },
    });
  });

  it('runs a valid payload once through the backend with the normalized execution', async () => {
    const backend = createFakeBackend();
    const run = await runInProcess(
      ['exec', join(directory, 'execution.json'), '--device', 'emulator-5554'],
      backend,
    );
    expect(run.code).toBe(0);
    expect(backend.executions).toHaveLength(1);
    expect(backend.executions[0]?.execution.actions[0]?.type).toBe('set_on_screen_log');
    expect(backend.executions[0]?.target.deviceId).toBe('emulator-5554');
    expect(run.json).toMatchObject({ deviceId: 'emulator-5554', isCanonicalTerminal: true });
  });

  it('prints the validator error for a rejected payload and does not run it', async () => {
    const backend = createFakeBackend();
    const run = await runInProcess(['exec', '{"commandId":"x"}'], backend);
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({ code: 'EXECUTION_VALIDATION_FAILED', details: { path: 'taskId' } });
    expect(backend.executions).toHaveLength(0);
  });

  it.each([
    [['exec'], 'USAGE'],
    [['exec', 'a.json', '--payload', 'b.json'], 'USAGE'],
    [['exec', 'a.json', 'b.json'], 'USAGE'],
    [['exec', '--payload'], 'USAGE'],
    [['exec', 'missing.json'], 'FILE_NOT_FOUND'],
    [['exec', '.'], 'FILE_READ_FAILED'],
    [['exec', '{"commandId": }'], 'INVALID_JSON'],
    [['exec', '[1]'], 'FILE_NOT_FOUND'],
    [['exec', '{}', '--validate-only', '--dry-run'], 'USAGE'],
  ])('%j fails with %s', async (argv, code) => {
    const run = await runInProcess(argv, createFakeBackend(), {}, directory);
    expect(run.code).toBe(1);
    expect(run.json.code).toBe(code);
  });

  it('reports the unavailable device layer for a valid payload without a backend', async () => {
    const run = await runInProcess(['exec', JSON.stringify(PAYLOAD)], createUnavailableBackend());
    expect(run.code).toBe(1);
    expect(run.json.code).toBe('ADB_SERVER_UNAVAILABLE');
  });
});

describe('errors in command-line words', () => {
  it('tells the user to pass --device (not the API field deviceId) when several devices are connected', async () => {
    const backend = createFakeBackend(() => ({
      ok: false,
      error: {
        code: 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED',
        message: '2 devices are connected (a, b); choose one with its serial as deviceId.',
        details: { connected: ['a', 'b'] },
      },
    }));
    const run = await runInProcess(['on-screen-log', 'set', '--text', 'hi'], backend);
    expect(run.code).toBe(1);
    const error = JSON.parse(run.stdout) as { code: string; message: string };
    expect(error).toMatchObject({
      code: 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED',
      message:
        '2 devices are connected (a, b); choose one with --device <serial>. androperator devices lists the same devices.',
    });
  });

  it('keeps naming the devices that are not ready', async () => {
    const backend = createFakeBackend(() => ({
      ok: false,
      error: {
        code: 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED',
        message: '2 devices are connected (a, b); b is offline; choose one with its serial as deviceId.',
        details: { connected: ['a', 'b'], notReady: [{ serial: 'b', state: 'offline' }] },
      },
    }));
    const run = await runInProcess(['on-screen-log', 'set', '--text', 'hi'], backend);
    expect((JSON.parse(run.stdout) as { message: string }).message).toBe(
      '2 devices are connected (a, b); b is offline; choose one with --device <serial>. androperator devices lists the same devices.',
    );
  });
});
