// The built CLI as users run it: `node bin/androperator.js ...` (bundle built by scripts/vitest-global-setup.ts).
import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { version } from '../../package.json';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'androperator.js');

interface Spawned {
  status: number | null;
  stdout: string;
  stderr: string;
}

function cli(argv: readonly string[], cwd = ROOT, env: Record<string, string> = {}): Spawned {
  const {
    ANDROPERATOR_OPERATOR_PACKAGE: _package,
    ANDROPERATOR_NO_DAEMON: _daemon,
    ...inherited
  } = process.env;
  const result = spawnSync(process.execPath, [BIN, ...argv], {
    cwd,
    encoding: 'utf8',
    env: { ...inherited, ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function json(run: Spawned): Record<string, unknown> {
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

function expectNoStack(run: Spawned): void {
  expect(`${run.stdout}${run.stderr}`).not.toMatch(/\n\s+at /);
}

const PAYLOAD = {
  commandId: 'on-screen-log-example',
  taskId: 'on-screen-log-example',
  source: 'agent',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 30000,
  actions: [
    {
      id: 'show-label',
      type: 'set_on_screen_log',
      params: { text: 'FLOW-001: Observe settings', anchor: 'right', textColor: '#ffffff' },
    },
    { id: 'observe-label', type: 'snapshot' },
    { id: 'clear-label', type: 'clear_on_screen_log' },
  ],
};

let directory = '';

beforeAll(async () => {
  const buildError = inject('nodeBuildError');
  if (buildError !== '')
    throw new Error(`scripts/build-node.mjs failed, so the CLI bundle is stale:\n${buildError}`);
  directory = await mkdtemp(join(tmpdir(), 'androperator-subprocess-'));
  await writeFile(join(directory, 'execution.json'), JSON.stringify(PAYLOAD, null, 2));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('androperator (subprocess)', () => {
  it.each([
    [['on-screen-log'], 'USAGE'],
    [['on-screen-log', 'append'], 'USAGE'],
    [['on-screen-log', 'set'], 'USAGE'],
    [['on-screen-log', 'set', 'label'], 'USAGE'],
    [['on-screen-log', 'set', '--text'], 'USAGE'],
    [['on-screen-log', 'set', '--text', 'a', '--text', 'a'], 'USAGE'],
    [['on-screen-log', 'set', '--text', 'a', '--width-dp', '12px'], 'USAGE'],
    [['on-screen-log', 'set', '--text', 'a', '--template', '{{device.model}}'], 'USAGE'],
    [['on-screen-log', 'set', '--text', 'a', '--bogus'], 'USAGE'],
    [['on-screen-log', 'clear', '--text', 'a'], 'USAGE'],
    [['on-screen-log', 'clear', 'extra'], 'USAGE'],
    [['on-screen-log', 'set', '--text', 'a', '--width-dp', '601'], 'EXECUTION_VALIDATION_FAILED'],
    [['on-screen-log', 'set', '--template', '{{unknown}}'], 'EXECUTION_VALIDATION_FAILED'],
    [['on-screen-log', 'set', '--text', 'a', '--text-color', 'red'], 'EXECUTION_VALIDATION_FAILED'],
    [['--output', 'yaml', 'devices'], 'USAGE'],
    [['--timeout', 'soon', 'devices'], 'USAGE'],
    [['--operator-package', '-x', 'devices'], 'USAGE'],
    [['frobnicate'], 'UNKNOWN_COMMAND'],
    [['exec', '{"commandId": }'], 'INVALID_JSON'],
    [['exec', '{}', '--validate-only'], 'EXECUTION_VALIDATION_FAILED'],
  ])('%j exits 1 with code %s', (argv, code) => {
    const run = cli(argv);
    expect(run.status).toBe(1);
    expect(json(run).code).toBe(code);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expectNoStack(run);
  });

  it('validates a payload file with --validate-only: exit 0, validated, normalized', () => {
    const run = cli(['exec', '--payload', 'execution.json', '--validate-only'], directory);
    expect(run.status).toBe(0);
    const output = json(run);
    expect(output).toMatchObject({
      ok: true,
      validated: true,
      execution: { commandId: 'on-screen-log-example' },
    });
    expect(output.execution).toMatchObject({
      actions: [
        { params: { text: 'FLOW-001: Observe settings', anchor: 'right', textColor: '#FFFFFFFF' } },
        {},
        {},
      ],
    });
  });

  it('prints a dry-run plan', () => {
    const run = cli(['execute', join(directory, 'execution.json'), '--dry-run', '--timeout', '4321']);
    expect(run.status).toBe(0);
    expect(json(run)).toMatchObject({
      ok: true,
      dryRun: true,
      plan: { commandId: 'on-screen-log-example', timeoutMs: 4321, actionCount: 3 },
    });
  });

  it('validates an on-screen-log set built from flags, with pretty output', () => {
    const run = cli([
      'on-screen-log',
      'set',
      '--text',
      'line one\nline two',
      '--top-offset-dp',
      '0',
      '--ttl-ms',
      '1e3',
      '--validate-only',
      '--output',
      'pretty',
    ]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('\n  "validated": true,\n');
    expect(json(run)).toMatchObject({
      execution: {
        actions: [{ id: 'a1', params: { text: 'line one\nline two', topOffsetDp: 0, ttlMs: 1000 } }],
      },
    });
  });

  it.each([
    [
      [
        '--device',
        'emulator-5554',
        '--no-daemon',
        '--output',
        'pretty',
        'on-screen-log',
        'set',
        '--text',
        ' ',
      ],
    ],
    [
      [
        'on-screen-log',
        'set',
        '--text',
        ' ',
        '--device',
        'emulator-5554',
        '--operator-package',
        'com.androperator.operator.dev',
        '--timeout',
        '5000',
      ],
    ],
  ])('rejects blank text with common options around the command: %j', (argv) => {
    const run = cli(argv);
    expect(run.status).toBe(1);
    expect(json(run)).toMatchObject({
      code: 'EXECUTION_VALIDATION_FAILED',
      details: { path: 'actions.0.params.text' },
    });
  });

  it('reports a missing payload file', () => {
    const run = cli(['exec', '--payload', 'no-such-file.json', '--validate-only'], directory);
    expect(run.status).toBe(1);
    expect(json(run)).toMatchObject({
      code: 'FILE_NOT_FOUND',
      details: { path: join(directory, 'no-such-file.json') },
    });
  });

  it.each([[[]], [['--help']], [['on-screen-log', 'set', '--help']]])(
    '%j prints help and exits 0',
    (argv) => {
      const run = cli(argv);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('Usage: androperator');
    },
  );

  it('prints the version', () => {
    const run = cli(['--version']);
    expect(run).toMatchObject({ status: 0, stdout: `${version}\n` });
  });

  it.each([
    [['devices']],
    [['on-screen-log', 'set', '--text', 'hi', '--device', 'emulator-5554']],
    [['screenshot', '--path', '/no-such-folder/x.png']],
  ])('ends the device command %j in a structured error without a stack trace when adb is missing', (argv) => {
    // A port nothing listens on, and an adb binary that does not exist: the hub cannot start a server.
    const run = cli(argv, ROOT, {
      ANDROPERATOR_ADB: join(directory, 'no-such-adb'),
      ANDROID_ADB_SERVER_PORT: '1',
      ANDROPERATOR_NO_DAEMON: '1',
    });
    expect(run.status).toBe(1);
    expect(json(run)).toMatchObject({
      code: 'ADB_NOT_FOUND',
      message: expect.stringContaining('apt-get install adb'),
    });
    expect(run.stderr).toBe('');
    expectNoStack(run);
  });

  it('tells the user to build when the bundle is missing', async () => {
    const checkout = join(directory, 'unbuilt');
    await mkdir(join(checkout, 'bin'), { recursive: true });
    await copyFile(BIN, join(checkout, 'bin', 'androperator.js'));
    const result = spawnSync(process.execPath, [join(checkout, 'bin', 'androperator.js'), '--version'], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      code: 'FILE_NOT_FOUND',
      message: expect.stringContaining('run `npm run build`'),
      details: { path: join(checkout, 'out', 'cli', 'androperator.js') },
    });
  });
});
