import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { launchWebConsole, type LaunchWebConsoleOptions } from './launchWebConsole';

let home: string;
let printed: string[];
let blocker: Server | undefined;

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'androperator-launch-'));
  printed = [];
});

afterEach(async () => {
  await new Promise((resolve) => (blocker === undefined ? resolve(undefined) : blocker.close(resolve)));
  blocker = undefined;
  await rm(home, { recursive: true, force: true });
});

function options(argv: string[], extra: Partial<LaunchWebConsoleOptions> = {}): LaunchWebConsoleOptions {
  return {
    argv,
    // Port 1: nothing here may reach an adb server; these cases all end before devices are tracked.
    env: { ANDROPERATOR_HOME: home, ANDROID_ADB_SERVER_PORT: '1' },
    print: (line) => printed.push(line),
    log: () => undefined,
    ...extra,
  };
}

describe('launchWebConsole before it serves', () => {
  it('prints the usage for --help and starts nothing', async () => {
    expect(await launchWebConsole(options(['--help']))).toEqual({ ok: true, value: 'help' });
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('--no-simulator');
  });

  it('reports a bad flag as USAGE and prints nothing', async () => {
    expect(await launchWebConsole(options(['--port', 'eighty']))).toMatchObject({
      ok: false,
      error: { code: 'USAGE' },
    });
    expect(printed).toEqual([]);
  });

  it('asks for a build when the renderer is missing', async () => {
    const launched = await launchWebConsole(options([], { staticDirectory: join(home, 'renderer') }));
    expect(launched).toMatchObject({
      ok: false,
      error: { code: 'FILE_NOT_FOUND', hint: expect.stringContaining('npm run build') },
    });
    expect(printed).toEqual([]);
  });

  it('reports a port in use as LISTEN_FAILED and prints no address', async () => {
    await mkdir(join(home, 'renderer'));
    await writeFile(join(home, 'renderer', 'index.html'), '<!doctype html><title>console</title>');
    blocker = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker?.listen(0, '127.0.0.1', () => {
        const address = blocker?.address();
        resolve(typeof address === 'object' && address !== null ? address.port : 0);
      }),
    );
    const launched = await launchWebConsole(
      options(['--port', String(port)], { staticDirectory: join(home, 'renderer') }),
    );
    expect(launched).toMatchObject({ ok: false, error: { code: 'LISTEN_FAILED' } });
    expect(printed).toEqual([]);
  });
});
