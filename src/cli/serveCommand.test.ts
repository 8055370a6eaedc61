// `serve` and `mcp serve` argument handling through runCli, with a backend that records what it was asked to run.
import { describe, expect, it } from 'vitest';
import { fail, ok, type Result } from '../shared/errors';
import type { CliBackend, ServeRunOptions } from './backend';
import { createFakeBackend } from '../test-support/fakeBackend';
import { parseServeArgs } from './serveCommand';
import { runInProcess, thrownError } from '../test-support/cliTesting';

function serving(outcome: Result<{ stopped: true }> = ok({ stopped: true })) {
  const runs: ServeRunOptions[] = [];
  const mcpRuns: Array<{ operatorPackage: string; approveAll?: boolean }> = [];
  const backend: CliBackend = {
    ...createFakeBackend(),
    async runServe(options, onListening) {
      runs.push(options);
      if (outcome.ok)
        onListening({ url: 'http://127.0.0.1:3000', tokenFile: '/home/qa/.androperator/serve-token' });
      return outcome;
    },
    async runMcp(options) {
      mcpRuns.push(options);
      return ok(undefined);
    },
  };
  return { backend, runs, mcpRuns };
}

describe('parseServeArgs', () => {
  it('defaults to no host, port or token, and remote off', () => {
    expect(parseServeArgs([], 'com.a.b')).toEqual({ allowRemote: false, operatorPackage: 'com.a.b' });
  });

  it('reads every flag, --bind as --host, and port 0', () => {
    expect(
      parseServeArgs(
        ['--bind', '0.0.0.0', '--port', '0', '--allow-remote', '--token', 'abcdefghijklmnop'],
        'p.q',
      ),
    ).toEqual({
      host: '0.0.0.0',
      port: 0,
      allowRemote: true,
      token: 'abcdefghijklmnop',
      operatorPackage: 'p.q',
    });
  });

  it.each([
    [['--port', '65536'], '--port must be an integer from 0 to 65535 (0: any free port), got "65536"'],
    [['--port', '-1'], '--port must be an integer from 0 to 65535 (0: any free port), got "-1"'],
    [['--port', '80a'], '--port must be an integer from 0 to 65535 (0: any free port), got "80a"'],
    [['--port', '1.5'], '--port must be an integer from 0 to 65535 (0: any free port), got "1.5"'],
    [['--host', ' '], '--host requires a non-blank address'],
    [['--host'], '--host requires a value'],
    [['--port', '1', '--port', '2'], '--port must be supplied only once'],
    [['--host', 'a', '--bind', 'b'], '--bind (an alias of --host) must be supplied only once'],
    [['extra'], 'Unexpected argument for serve: extra'],
  ])('rejects %j', (args, message) => {
    expect(thrownError(() => parseServeArgs(args, 'p.q'))).toMatchObject({ code: 'USAGE', message });
  });
});

describe('androperator serve', () => {
  it('prints one JSON line when listening and exits 0 after a clean stop', async () => {
    const { backend, runs } = serving();
    const run = await runInProcess(
      ['serve', '--port', '0', '--operator-package', 'com.androperator.operator.dev'],
      backend,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      '{"url":"http://127.0.0.1:3000","tokenFile":"/home/qa/.androperator/serve-token"}\n',
    );
    expect(runs).toEqual([{ port: 0, allowRemote: false, operatorPackage: 'com.androperator.operator.dev' }]);
  });

  it('adds the --allow-remote hint to a refused non-loopback host', async () => {
    const { backend } = serving(fail('FORBIDDEN', 'Refusing to listen on 0.0.0.0', { host: '0.0.0.0' }));
    const run = await runInProcess(['serve', '--host', '0.0.0.0'], backend);
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({
      code: 'FORBIDDEN',
      hint: expect.stringContaining('Pass --allow-remote'),
    });
  });

  it('fails with ADB_SERVER_UNAVAILABLE on a backend without servers', async () => {
    const run = await runInProcess(['serve'], createFakeBackend());
    expect(run).toMatchObject({ code: 1, json: { code: 'ADB_SERVER_UNAVAILABLE' } });
  });

  it('has help', async () => {
    const run = await runInProcess(['serve', '--help'], createFakeBackend());
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--allow-remote');
  });
});

describe('androperator mcp serve', () => {
  it('runs the MCP server with the operator package and prints nothing itself', async () => {
    const { backend, mcpRuns } = serving();
    const run = await runInProcess(['mcp', 'serve', '--operator-package', 'com.x.y'], backend);
    expect(run).toMatchObject({ code: 0, stdout: '' });
    expect(mcpRuns).toEqual([{ operatorPackage: 'com.x.y', approveAll: false }]);
  });

  it('passes --approve-all on to the MCP server', async () => {
    const { backend, mcpRuns } = serving();
    const run = await runInProcess(['mcp', 'serve', '--approve-all'], backend);
    expect(run).toMatchObject({ code: 0, stdout: '' });
    expect(mcpRuns).toMatchObject([{ approveAll: true }]);
  });

  it.each([
    [['mcp'], 'mcp requires the subcommand serve'],
    [['mcp', 'start'], 'mcp requires the subcommand serve'],
    [['mcp', 'serve', '--port', '1'], 'Unexpected argument for mcp serve: --port'],
  ])('rejects %j', async (argv, message) => {
    const { backend, mcpRuns } = serving();
    const run = await runInProcess(argv, backend);
    expect(run).toMatchObject({ code: 1, json: { code: 'USAGE', message } });
    expect(mcpRuns).toHaveLength(0);
  });

  it('is listed in the top-level help, with its own help', async () => {
    const top = await runInProcess(['--help'], createFakeBackend());
    expect(top.stdout).toContain('mcp serve');
    expect(top.stdout).toContain('serve  ');
    expect((await runInProcess(['help', 'mcp'], createFakeBackend())).stdout).toContain('stdin/stdout');
  });
});
