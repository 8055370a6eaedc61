import { describe, expect, it } from 'vitest';
import { RUN_ID, RUN_PATH, device, run, valueOf } from '../../test-support/sequenceFakes';

// runSequence against fakes of every port: what happened, in order, and what the caller got.

describe('runSequence against fakes', () => {
  it('runs set, screenshot, clear in order, checks the capture, and reports only after the evidence is flushed', async () => {
    const { log, result, record } = await run();
    const value = valueOf(result);
    expect(value).toMatchObject({
      runId: RUN_ID,
      status: 'succeeded',
      screenshot: { path: `${RUN_PATH}/screenshot.png`, widthPx: 1080, heightPx: 2400 },
      captureCheck: { inCapture: true },
      reportedBounds: { left: 21, top: 157, right: 756, bottom: 236 },
      predictedBounds: { left: 20, top: 157, right: 756, bottom: 236 },
    });
    expect(device(log)).toEqual([
      'execute set',
      'execute screenshot',
      'hello',
      'capture 100',
      'execute clear',
      'logcat',
      'close',
    ]);
    expect(log.filter((line) => line.startsWith('progress'))).toEqual([
      'progress set:running',
      'progress set:succeeded',
      'progress screenshot:running',
      'progress screenshot:succeeded',
      'progress clear:running',
      'progress clear:succeeded',
    ]);
    // The screenshot is flushed before it is renamed into place; the final run.json, its folder and the evidence
    // folder (holding the run folder's entry) are flushed before the result.
    const end = log.slice(log.lastIndexOf('write run.json'));
    expect(end).toEqual([
      'write run.json',
      'flush run.json',
      'rename run.json',
      `flush folder ${RUN_PATH}`,
      'flush folder /evidence',
      'close',
      'result',
    ]);
    expect(log.indexOf('flush screenshot.png')).toBeLessThan(log.indexOf('rename screenshot.png'));
    expect(log.indexOf('check #E6000080')).toBeGreaterThan(log.indexOf('capture 100'));
    expect(record).toMatchObject({
      status: 'succeeded',
      screenshot: { file: 'screenshot.png' },
      captureCheck: { inCapture: true },
      predictedBounds: { left: 20, top: 157, right: 756, bottom: 236 },
      device: { model: 'Pixel 7' },
    });
  });

  it('writes run.json at each step boundary, unflushed until the end', async () => {
    const { log } = await run();
    const writes = log.filter((line) => line === 'write run.json').length;
    expect(writes).toBe(5);
    expect(log.filter((line) => line === 'flush run.json')).toHaveLength(1);
    // The run folder exists before anything reaches the device.
    expect(log.indexOf('create run folder')).toBeLessThan(log.indexOf('execute set'));
  });

  it('skips the screenshot when set fails, still clears, and asks hello only once the panel is gone', async () => {
    const { log, result, record } = await run({ set: 'failed' });
    const value = valueOf(result);
    expect(value.status).toBe('failed');
    expect(value.steps.map((step) => step.status)).toEqual(['failed', 'skipped', 'succeeded']);
    expect(value).not.toHaveProperty('screenshot');
    expect(value).not.toHaveProperty('captureCheck');
    expect(device(log)).toEqual(['execute set', 'execute clear', 'logcat', 'hello', 'close']);
    expect(log.filter((line) => line.startsWith('progress'))).toEqual([
      'progress set:running',
      'progress set:failed',
      'progress screenshot:skipped',
      'progress clear:running',
      'progress clear:succeeded',
    ]);
    expect(record?.steps.map((step) => step.status)).toEqual(['failed', 'skipped', 'succeeded']);
  });

  it('still clears after a failed capture, and keeps no capture check without a stored screenshot', async () => {
    const { log, result } = await run({ screenshot: 'capture_fails' });
    const value = valueOf(result);
    expect(value.steps.map((step) => step.status)).toEqual(['succeeded', 'failed', 'succeeded']);
    expect(value.steps[1]?.envelope?.stepResults[0]?.data).toMatchObject({
      errorCode: 'EVIDENCE_CAPTURE_FAILED',
    });
    expect(value).not.toHaveProperty('screenshot');
    expect(log).not.toContain('check #E6000080');
    expect(device(log).at(-3)).toBe('execute clear');
  });

  it('fails the run when clear is lost, with host details on the step', async () => {
    const { result } = await run({ clear: 'lost' });
    const value = valueOf(result);
    expect(value.status).toBe('failed');
    expect(value.steps[2]).toMatchObject({
      status: 'failed',
      error: {
        code: 'RESULT_TRANSPORT_FAILED',
        details: {
          phase: 'result_wait',
          dispatchState: 'unknown',
          commandId: `${RUN_ID}-clear`,
          deviceId: 'sim-phone',
        },
      },
    });
  });

  it('fails the remaining steps of a device unplugged mid-run, still attempting clear and nothing twice', async () => {
    const { log, result, record } = await run({ unplugAfterSet: true });
    const value = valueOf(result);
    expect(value.steps.map((step) => step.status)).toEqual(['succeeded', 'failed', 'failed']);
    expect(value.steps[1]?.error?.code).toBe('DEVICE_NOT_FOUND');
    expect(device(log)).toEqual([
      'execute set',
      'execute screenshot',
      'hello',
      'execute clear',
      'logcat',
      'close',
    ]);
    expect(value).not.toHaveProperty('predictedBounds');
    expect(record?.status).toBe('failed');
  });

  it('reports a capture check that could not run, and keeps the screenshot', async () => {
    const { result, record } = await run({ captureCheck: 'fails' });
    const value = valueOf(result);
    expect(value.status).toBe('succeeded');
    expect(value.captureCheckError).toMatchObject({ code: 'CAPTURE_BOUNDS_MISMATCH' });
    expect(value.screenshot).toBeDefined();
    expect(record).not.toHaveProperty('captureCheck');
  });

  it('finishes the run when a port throws instead of answering', async () => {
    const { result, record } = await run({ describeThrows: true });
    const value = valueOf(result);
    expect(value.status).toBe('succeeded');
    expect(value).not.toHaveProperty('predictedBounds');
    expect(record).toMatchObject({ status: 'succeeded', device: { serial: 'sim-phone' } });
  });

  it('keeps cleaning the device when evidence cannot be written, and reports the first evidence error', async () => {
    const { log, result } = await run({ evidenceWrites: 'fail' });
    const value = valueOf(result);
    expect(device(log)).toEqual([
      'execute set',
      'execute screenshot',
      'hello',
      'capture 100',
      'execute clear',
      'logcat',
      'close',
    ]);
    expect(value.steps.map((step) => step.status)).toEqual(['succeeded', 'failed', 'succeeded']);
    expect(value.evidenceError).toMatchObject({ code: 'EVIDENCE_WRITE_FAILED' });
    expect(value).not.toHaveProperty('screenshot');
    expect(log).not.toContain('flush folder /evidence');
  });

  it('stores the device log of the run, flushed, before the final run.json names it', async () => {
    const { log, record, files } = await run();
    expect(record?.logExcerpt).toMatchObject({ status: 'complete', file: 'logcat.txt', entries: 1 });
    expect(files.get(`${RUN_PATH}/logcat.txt`)).toContain('ActivityManager: Displayed');
    expect(log.indexOf('flush logcat.txt')).toBeLessThan(log.indexOf('rename logcat.txt'));
    expect(log.indexOf('rename logcat.txt')).toBeLessThan(log.lastIndexOf('write run.json'));
  });

  it('keeps the run and says why when the device log cannot be read', async () => {
    const { result, record, files } = await run({ logs: 'fails' });
    expect(valueOf(result).status).toBe('succeeded');
    expect(record).toMatchObject({
      status: 'succeeded',
      screenshot: { file: 'screenshot.png' },
      logExcerpt: { status: 'failed', entries: 0, error: { code: 'DEVICE_NOT_FOUND' } },
    });
    expect(record?.logExcerpt).not.toHaveProperty('file');
    expect(files.has(`${RUN_PATH}/logcat.txt`)).toBe(false);
  });
});
