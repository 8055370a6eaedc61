// Screenshot paths through the Serve routes with the real runner (issue 13 §2): refusals answer 400 INVALID_PATH
// before any device is looked up, and leave the file system as it was. No device is connected: a path that passes
// the rules gets as far as NO_DEVICES.
import { mkdtemp, readdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../shared/errors';
import { InFlightRegistry } from '../execution/inFlight';
import {
  errorOf,
  rawRequest,
  startServer,
  TEST_TOKEN,
  type RawResponse,
} from '../../test-support/httpTestClient';
import type { LocalServer } from '../http/types';
import { createServeRoutes, SERVE_PUBLIC_PATHS } from './routes';

const NOTES = 'my notes, not a picture\n';

let server: LocalServer;
let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'androperator-serve-paths-'));
  server = await startServer({
    token: TEST_TOKEN,
    publicPaths: SERVE_PUBLIC_PATHS,
    routes: createServeRoutes({
      devices: {
        list: async () => ok([]),
        resolve: async () => fail('NO_DEVICES', 'No device is connected'),
      },
      inFlight: new InFlightRegistry(),
      defaultOperatorPackage: () => 'com.androperator.operator',
      broadcast: () => undefined,
      identity: { version: '9.9.9' },
      screenshotDirectory: directory,
    }),
  });
});

afterEach(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

function post(path: string, body: unknown): Promise<RawResponse> {
  return rawRequest(server.port, {
    method: 'POST',
    path,
    headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function execution(path: string) {
  return {
    commandId: 'c1',
    taskId: 't1',
    source: 'test',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 5000,
    actions: [{ id: 'shot', type: 'take_screenshot', params: { path } }],
  };
}

/** POST /screenshot and the same path as take_screenshot in POST /execute. */
async function bothRoutes(path: string, overwrite?: boolean): Promise<RawResponse[]> {
  const flag = overwrite === undefined ? {} : { overwrite };
  return [
    await post('/screenshot', { path, ...flag }),
    await post('/execute', { execution: execution(path), ...flag }),
  ];
}

describe('Serve screenshot paths', () => {
  it.each([
    ['a relative path', 'notes.png', 'not_absolute'],
    ['a .. segment', '/tmp/a/../notes.png', 'dot_segment'],
    ['a path not ending in .png', '/tmp/notes.txt', 'not_png'],
  ])('answers 400 INVALID_PATH for %s', async (_name, path, reason) => {
    for (const response of await bothRoutes(path, true)) {
      expect(response.status).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'INVALID_PATH', details: { path, reason } });
    }
  });

  it('refuses an existing text file without overwrite and leaves it untouched', async () => {
    const path = join(directory, 'notes.png');
    await writeFile(path, NOTES);
    for (const response of await bothRoutes(path)) {
      expect(response.status).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'INVALID_PATH', details: { path, reason: 'exists' } });
      expect(errorOf(response).message).toContain('overwrite: true');
    }
    expect(await readFile(path, 'utf8')).toBe(NOTES);
  });

  it('lets overwrite: true past the existing-file rule (as far as device resolution)', async () => {
    const path = join(directory, 'notes.png');
    await writeFile(path, NOTES);
    for (const response of await bothRoutes(path, true)) expect(errorOf(response).code).toBe('NO_DEVICES');
    expect(await readFile(path, 'utf8')).toBe(NOTES);
  });

  it('refuses a symbolic link as the final component even with overwrite', async () => {
    const target = join(directory, 'target.txt');
    const link = join(directory, 'link.png');
    await writeFile(target, NOTES);
    await symlink(target, link);
    for (const response of [...(await bothRoutes(link)), ...(await bothRoutes(link, true))]) {
      expect(response.status).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'INVALID_PATH', details: { reason: 'symlink' } });
    }
    expect(await readlink(link)).toBe(target);
    expect(await readFile(target, 'utf8')).toBe(NOTES);
    expect((await readdir(directory)).sort()).toEqual(['link.png', 'target.txt']);
  });

  it('answers 400 INVALID_BODY for an overwrite that is not a boolean', async () => {
    for (const response of await bothRoutes('/tmp/x.png', 'yes' as unknown as boolean)) {
      expect(response.status).toBe(400);
      expect(errorOf(response).code).toBe('INVALID_BODY');
    }
  });
});
