import { mkdtemp, readdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { envelopeOf, payload, stepData } from '../../test-support/executionFixtures';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated, isolatedResolver } from '../../test-support/isolatedResolver';
import { InFlightRegistry } from './inFlight';
import { runExecution } from './runExecution';
import type { ExecutionDependencies } from './types';

// Caller-selected take_screenshot paths (issue 13 §2): absolute .png only, no `..`, never a symbolic link, and an
// existing file only with overwrite. Refusals happen before the device is asked for anything.

const OPERATOR = 'com.androperator.operator';
const NOTES = 'my notes, not a picture\n';

let adb: IsolatedAdb;
let directory: string;
let dependencies: ExecutionDependencies;
let sim: SimulatedAndroid | undefined;
let serial: string;

beforeAll(async () => {
  adb = await startIsolatedAdb();
});

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'androperator-paths-'));
  dependencies = {
    resolver: isolatedResolver(adb),
    inFlight: new InFlightRegistry(),
    screenshotDirectory: directory,
  };
  const booted = await bootSimulated(adb);
  sim = booted.sim;
  serial = booted.serial;
});

afterEach(async () => {
  await sim?.close();
  sim = undefined;
  await rm(directory, { recursive: true, force: true });
});

afterAll(async () => {
  await adb?.stop();
});

/** A set_on_screen_log before the screenshot: a refused run must not have drawn it. */
function shotAt(path: string) {
  return payload([
    { id: 'set', type: 'set_on_screen_log', params: { text: 'MUST NOT APPEAR' } },
    { id: 'shot', type: 'take_screenshot', params: { path } },
  ]);
}

async function run(path: string, overwrite?: boolean) {
  return runExecution(
    shotAt(path),
    { deviceId: serial, operatorPackage: OPERATOR, ...(overwrite === undefined ? {} : { overwrite }) },
    dependencies,
  );
}

describe('take_screenshot caller paths', () => {
  it.each([
    ['a relative path', 'shot.png', 'not_absolute'],
    ['a .. segment', '/tmp/x/../shot.png', 'dot_segment'],
    ['a path not ending in .png', '/tmp/notes.txt', 'not_png'],
  ])('refuses %s with INVALID_PATH before the device draws anything', async (_name, path, reason) => {
    const result = await run(path, true);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_PATH', details: { path, reason } } });
    expect(sim?.visiblePanel ?? null).toBeNull();
  });

  it('refuses an existing text file without overwrite and leaves its content as it was', async () => {
    const path = join(directory, 'notes.png');
    await writeFile(path, NOTES);
    const result = await run(path);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'INVALID_PATH', details: { path, reason: 'exists' } },
    });
    expect(result.ok ? '' : result.error.message).toContain('overwrite: true');
    expect(await readFile(path, 'utf8')).toBe(NOTES);
    expect(sim?.visiblePanel ?? null).toBeNull();
  });

  it('replaces an existing file with overwrite: true', async () => {
    const path = join(directory, 'notes.png');
    await writeFile(path, NOTES);
    const envelope = envelopeOf(await run(path, true));
    expect(envelope.status).toBe('success');
    expect(stepData(envelope, 1).path).toBe(path);
    const png = PNG.sync.read(await readFile(path));
    expect([png.width, png.height]).toEqual([1080, 2400]);
    expect(await readdir(directory)).toEqual(['notes.png']);
  });

  it('refuses a symbolic link as the final component even with overwrite, keeping link and target', async () => {
    const target = join(directory, 'target.txt');
    const link = join(directory, 'link.png');
    await writeFile(target, NOTES);
    await symlink(target, link);
    for (const overwrite of [false, true]) {
      const result = await run(link, overwrite);
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'INVALID_PATH', details: { reason: 'symlink' } },
      });
    }
    expect(await readlink(link)).toBe(target);
    expect(await readFile(target, 'utf8')).toBe(NOTES);
    expect((await readdir(directory)).sort()).toEqual(['link.png', 'target.txt']);
  });

  it('does not replace a file that appears between the check and the write', async () => {
    const path = join(directory, 'late.png');
    // The file appears while the Operator runs the set: after the check, before the capture is written.
    const late = setInterval(() => {
      if (sim?.visiblePanel) void writeFile(path, NOTES, { flag: 'wx' }).catch(() => undefined);
    }, 1);
    try {
      const envelope = envelopeOf(await run(path));
      expect(envelope.stepResults[1]).toMatchObject({
        success: false,
        data: { errorCode: 'EVIDENCE_CAPTURE_FAILED' },
      });
      expect(stepData(envelope, 1).message).toContain('already exists');
    } finally {
      clearInterval(late);
    }
    expect(await readFile(path, 'utf8')).toBe(NOTES);
  });
});
