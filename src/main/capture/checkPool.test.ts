import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkPanelInCapture, checkPanelInCaptureStreamed } from './captureCheck';
import { answerCheck, bundledWorkerFile, CaptureCheckPool, CHECK_WORKER_FILE } from './checkPool';
import { compositeRect, drawTextStrokes, encodePng, lightAppScreen } from '../../test-support/testImages';
import type { CaptureCheckInput } from './types';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
let directory = '';
let workerFile = '';

// The worker as the build ships it: bundled by esbuild into a folder of its own (under out/, so its external
// packages resolve from the project's node_modules).
beforeAll(async () => {
  await mkdir(join(root, 'out'), { recursive: true });
  directory = await mkdtemp(join(root, 'out', 'check-pool-test-'));
  workerFile = join(directory, CHECK_WORKER_FILE);
  await build({
    absWorkingDir: root,
    entryPoints: ['src/main/capture/checkWorker.ts'],
    outfile: workerFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

const bounds = { left: 20, top: 120, right: 400, bottom: 220 };

function input(withPanel: boolean): CaptureCheckInput {
  let image = lightAppScreen(540, 960);
  if (withPanel) {
    image = compositeRect(image, bounds, '#B3000000');
    image = drawTextStrokes(image, { left: 28, top: 128, right: 392, bottom: 212 }, '#FFFFFFFF');
  }
  return { png: encodePng(image), bounds, backgroundColor: '#B3000000', textColor: '#FFFFFFFF' };
}

describe('CaptureCheckPool', () => {
  it('answers on the worker thread exactly as the check does in this thread', async () => {
    const inThread = vi.fn(checkPanelInCaptureStreamed);
    const pool = new CaptureCheckPool(workerFile, inThread);
    try {
      const shown = input(true);
      const hidden = input(false);
      const answers = await Promise.all([pool.check(shown), pool.check(hidden), pool.check(shown)]);
      expect(answers).toEqual([
        checkPanelInCapture(shown),
        checkPanelInCapture(hidden),
        checkPanelInCapture(shown),
      ]);
      expect(answers[0]).toMatchObject({ ok: true, value: { inCapture: true } });
      expect(answers[1]).toMatchObject({ ok: true, value: { inCapture: false } });
      expect(inThread).not.toHaveBeenCalled();
      expect(pool.threaded).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it('checks an input the worker cannot be sent in this thread, and keeps the worker', async () => {
    const inThread = vi.fn(checkPanelInCaptureStreamed);
    const pool = new CaptureCheckPool(workerFile, inThread);
    try {
      const shown = input(true);
      // A function cannot cross to a worker thread (DataCloneError).
      const unsendable = { ...shown, extra: () => 1 } as CaptureCheckInput;
      expect(await pool.check(unsendable)).toEqual(checkPanelInCapture(shown));
      expect(inThread).toHaveBeenCalledTimes(1);
      expect(await pool.check(shown)).toEqual(checkPanelInCapture(shown));
      expect(inThread).toHaveBeenCalledTimes(1);
      expect(pool.threaded).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it('checks in this thread when the worker file fails to load, and from then on', async () => {
    const broken = join(directory, 'broken-worker.js');
    await writeFile(broken, "throw new Error('cannot start');\n");
    const inThread = vi.fn(checkPanelInCaptureStreamed);
    const pool = new CaptureCheckPool(broken, inThread);
    const shown = input(true);
    expect(await pool.check(shown)).toEqual(checkPanelInCapture(shown));
    expect(pool.threaded).toBe(false);
    expect(await pool.check(shown)).toEqual(checkPanelInCapture(shown));
    expect(inThread).toHaveBeenCalledTimes(2);
    await pool.close();
  });

  it('checks in this thread without a worker file, and finishes pending checks when closed', async () => {
    const shown = input(true);
    const unthreaded = new CaptureCheckPool(null, checkPanelInCaptureStreamed);
    expect(unthreaded.threaded).toBe(false);
    expect(await unthreaded.check(shown)).toEqual(checkPanelInCapture(shown));

    const pool = new CaptureCheckPool(workerFile, checkPanelInCaptureStreamed);
    const pending = pool.check(shown);
    await pool.close();
    expect(await pending).toEqual(checkPanelInCapture(shown));
  });

  it('finds the worker file only next to the module that asks', () => {
    expect(bundledWorkerFile(pathToFileURL(join(directory, 'androperator.js')).href)).toBe(workerFile);
    expect(bundledWorkerFile(pathToFileURL(join(root, 'src', 'main', 'x.js')).href)).toBeNull();
  });

  it('turns a check that throws into a structured failure', async () => {
    const reply = await answerCheck({ id: 7, input: input(true) }, () => {
      throw new Error('boom');
    });
    expect(reply).toEqual({
      id: 7,
      result: {
        ok: false,
        error: expect.objectContaining({
          code: 'EVIDENCE_CAPTURE_FAILED',
          message: 'The capture check failed: boom',
        }),
      },
    });
  });
});
