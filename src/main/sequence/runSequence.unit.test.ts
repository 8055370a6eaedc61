import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResultEnvelope } from '../../shared/envelope';
import { fail, failHost, ok, type AppError, type Result } from '../../shared/errors';
import type { Execution } from '../../shared/execution/types';
import type { FileOperations } from '../../node/fs/atomicWrite';
import { FakeHub } from '../../test-support/apiFakes';
import { RunHandle } from '../evidence/runHandle';
import { createRunId } from '../evidence/runId';
import type { CaptureCheck, RunRecord } from '../evidence/types';
import { InFlightRegistry } from '../execution/inFlight';
import type { SequenceHostPorts } from './ports';
import { runSequence } from './runSequence';
import type { SequenceProgress, SequenceResult } from './types';

// runSequence against fakes of every port: what happened, in order, and what the caller got.

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const BOUNDS = '[21,157][756,236]';
const RUN_ID = createRunId(new Date(Date.UTC(2026, 0, 1)), 'sim-phone', () => 42);
const RUN_PATH = `/evidence/${RUN_ID}`;

const CHECK: CaptureCheck = {
  inCapture: true,
  matchRatio: 0.98,
  sampledPixels: 4000,
  threshold: 0.9,
  expected: {
    model: 'translucent',
    alpha: 0.5,
    minRgb: [115, 0, 0],
    maxRgb: [243, 128, 128],
    textColor: '#FFFFFFFF',
    tolerance: 8,
    description: 'translucent red',
  },
  backgroundRatio: 0.9,
  surroundingRatio: 0.1,
  surroundingPixels: 900,
  reason: 'the panel is in the capture',
};

type StepName = 'set' | 'screenshot' | 'clear';

interface Script {
  set?: 'ok' | 'failed';
  screenshot?: 'ok' | 'capture_fails';
  clear?: 'ok' | 'lost';
  /** The device goes away once set has answered: every later request and capture fails. */
  unplugAfterSet?: boolean;
  captureCheck?: 'ok' | 'fails';
  /** hello's port throws instead of answering (it should never). */
  describeThrows?: boolean;
  /** Every rename in the run folder fails (a full disk). */
  evidenceWrites?: 'ok' | 'fail';
  /** The device refuses the lease (another owner holds it), or has none to give (an older Operator). */
  lease?: 'held' | 'refused' | 'unsupported';
  /** The device refuses a lease renewal while the screenshot is being captured. */
  leaseLostDuringCapture?: boolean;
  /** The panel generation clear finds (set draws generation 7). */
  generationBeforeClear?: number;
}

function envelopeFor(execution: Execution, step: StepName, success: boolean): ResultEnvelope {
  const action = execution.actions[0];
  const data: Record<string, string> =
    step === 'set'
      ? success
        ? { visible: 'true', bounds: BOUNDS, background_color: '#E6000080' }
        : { error: 'ON_SCREEN_LOG_RENDER_TIMEOUT', message: 'no draw' }
      : step === 'screenshot'
        ? { error: 'UNSUPPORTED_RUNTIME_SCREENSHOT', message: 'host captures' }
        : { visible: 'false' };
  // The Operator cannot capture: take_screenshot always comes back as UNSUPPORTED for the host to finish.
  const ok = step === 'screenshot' ? false : success;
  return {
    commandId: execution.commandId,
    taskId: execution.taskId,
    status: ok ? 'success' : 'failed',
    stepResults: [{ id: action?.id ?? '', actionType: action?.type ?? '', success: ok, data }],
    error: ok ? null : (data.message ?? null),
    ...(ok ? {} : { errorCode: data.error ?? null }),
  };
}

/** In-memory files that log every write, flush and rename. */
function memoryFiles(log: string[], script: Script) {
  const files = new Map<string, string>();
  const name = (path: string): string => basename(path).replace(/\.[0-9a-f-]{36}\.tmp$/, '');
  const operations = {
    open: async (path: string, flags: string) => {
      let content = '';
      return {
        writeFile: async (data: Uint8Array | string) => {
          content = typeof data === 'string' ? data : 'png';
          log.push(`write ${name(path)}`);
        },
        sync: async () => {
          log.push(flags === 'r' ? `flush folder ${path}` : `flush ${name(path)}`);
        },
        close: async () => {
          files.set(path, content);
        },
      };
    },
    rename: async (from: string, to: string) => {
      if (script.evidenceWrites === 'fail') throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
      files.set(to, files.get(from) ?? '');
      log.push(`rename ${name(to)}`);
    },
    link: async () => undefined,
    rm: async () => undefined,
  };
  // Only the members atomic writes call are faked; the node:fs/promises overloads are not worth spelling out.
  return { operations: operations as unknown as FileOperations, files };
}

async function run(script: Script = {}) {
  const log: string[] = [];
  const progress: SequenceProgress[] = [];
  const { operations, files } = memoryFiles(log, script);
  let unplugged = false;
  let interfere: (error: AppError) => void = () => undefined;
  const gone = () => failHost('DEVICE_NOT_FOUND', 'gone', { phase: 'dispatch', dispatchState: 'unknown' });
  const ports: SequenceHostPorts = {
    connect: () => ({
      operator: {
        execute: async (execution) => {
          const step = execution.commandId.split('-').at(-1) as StepName;
          log.push(`execute ${step}`);
          if (unplugged) return gone();
          if (step === 'clear' && script.clear === 'lost')
            return failHost('RESULT_TRANSPORT_FAILED', 'stream closed', {
              phase: 'result_wait',
              dispatchState: 'unknown',
            });
          const answer = ok({
            envelope: envelopeFor(execution, step, !(step === 'set' && script.set === 'failed')),
            ...(script.lease === 'unsupported'
              ? {}
              : {
                  panel:
                    step === 'set'
                      ? { before: { generation: 6, visible: false }, after: { generation: 7, visible: true } }
                      : step === 'clear'
                        ? {
                            before: { generation: script.generationBeforeClear ?? 7, visible: true },
                            after: { generation: (script.generationBeforeClear ?? 7) + 1, visible: false },
                          }
                        : {
                            before: { generation: 7, visible: true },
                            after: { generation: 7, visible: true },
                          },
                }),
          });
          if (step === 'set' && script.unplugAfterSet) unplugged = true;
          return answer;
        },
      },
      screen: {
        capture: async (scale) => {
          log.push(`capture ${scale}`);
          if (script.leaseLostDuringCapture)
            interfere({ code: 'DEVICE_LEASE_LOST', message: "The device refused to renew this run's lease" });
          if (unplugged) return fail('DEVICE_NOT_FOUND', 'gone');
          if (script.screenshot === 'capture_fails') return fail('EVIDENCE_CAPTURE_FAILED', 'screencap died');
          return ok({
            png: PNG,
            widthPx: 1080,
            heightPx: 2400,
            deviceWidthPx: 1080,
            deviceHeightPx: 2400,
            appliedScale: 100,
          });
        },
      },
      description: {
        describe: () => {
          log.push('hello');
          // Not async on purpose: a synchronous throw is what the loop must survive.
          if (script.describeThrows) throw new Error('port bug');
          return Promise.resolve(
            unplugged
              ? { device: { serial: 'sim-phone' } }
              : {
                  device: { serial: 'sim-phone', model: 'Pixel 7' },
                  predictedBounds: { left: 20, top: 157, right: 756, bottom: 236 },
                },
          );
        },
      },
      lease: async () => {
        log.push('lease');
        if (script.lease === 'refused')
          return failHost(
            'EXECUTION_CONFLICT_IN_FLIGHT',
            'The device is leased by console (pid 7 on desk)',
            { phase: 'dispatch', dispatchState: 'dispatched' },
            { holder: { owner: 'console (pid 7 on desk)', expiresInMs: 9000 } },
          );
        if (script.lease === 'unsupported')
          return ok({ status: 'unsupported' as const, warning: 'The Operator does not grant device leases' });
        return ok({ status: 'held' as const, owner: 'unit test', ttlMs: 15000 });
      },
      onInterference: (listener) => {
        interfere = listener;
      },
      close: () => {
        log.push('close');
      },
    }),
    captureCheck: {
      check: async (input) => {
        log.push(`check ${input.backgroundColor}`);
        return script.captureCheck === 'fails'
          ? fail('CAPTURE_BOUNDS_MISMATCH', 'bounds outside the capture')
          : ok(CHECK);
      },
    },
  };
  let clock = Date.UTC(2026, 0, 1);
  const result = await runSequence(
    {
      design: { text: 'FLOW-1', backgroundColor: '#E6000080' },
      deviceId: 'sim-phone',
      operatorPackage: 'op',
    },
    {
      resolver: new FakeHub(),
      inFlight: new InFlightRegistry(),
      clock: { now: () => (clock += 10) },
      evidence: {
        createRun: async () => {
          log.push('create run folder');
          return ok(new RunHandle(RUN_ID, RUN_PATH, operations));
        },
      },
      ports,
      onProgress: (event) => {
        progress.push(event);
        log.push(`progress ${event.step}:${event.status}`);
      },
    },
  );
  log.push('result');
  const stored = files.get(`${RUN_PATH}/run.json`);
  const record = stored === undefined ? undefined : (JSON.parse(stored) as RunRecord);
  return { log, progress, result, record };
}

function valueOf(result: Result<SequenceResult>): SequenceResult {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const device = (log: string[]) => log.filter((line) => /^(execute|capture|hello|close)/.test(line));

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
      predictedBounds: '[20,157][756,236]',
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
    expect(device(log)).toEqual(['execute set', 'execute clear', 'hello', 'close']);
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
    expect(device(log).at(-2)).toBe('execute clear');
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
    expect(device(log)).toEqual(['execute set', 'execute screenshot', 'hello', 'execute clear', 'close']);
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
      'close',
    ]);
    expect(value.steps.map((step) => step.status)).toEqual(['succeeded', 'failed', 'succeeded']);
    expect(value.evidenceError).toMatchObject({ code: 'EVIDENCE_WRITE_FAILED' });
    expect(value).not.toHaveProperty('screenshot');
    expect(log).not.toContain('flush folder /evidence');
  });

  it('does not start when the device is leased by another owner: no run folder, the holder named', async () => {
    const { log, result } = await run({ lease: 'refused' });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'EXECUTION_CONFLICT_IN_FLIGHT',
        details: {
          holder: { owner: 'console (pid 7 on desk)' },
          phase: 'readiness',
          dispatchState: 'not_dispatched',
          deviceId: 'sim-phone',
        },
      },
    });
    expect(log).toEqual(['lease', 'close', 'result']);
  });

  it('records the held lease and the panel generation clear found, equal to the one set drew', async () => {
    const { result, record } = await run();
    expect(valueOf(result)).toMatchObject({
      status: 'succeeded',
      lease: { status: 'held', owner: 'unit test', ttlMs: 15000 },
      panelGeneration: { set: 7, beforeClear: 7 },
    });
    expect(record).toMatchObject({ lease: { status: 'held' }, panelGeneration: { set: 7, beforeClear: 7 } });
  });

  it('fails a run whose panel was replaced between set and clear, every step succeeded', async () => {
    const { result, record } = await run({ generationBeforeClear: 9 });
    const value = valueOf(result);
    expect(value.steps.map((step) => step.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(value).toMatchObject({
      status: 'failed',
      panelGeneration: { set: 7, beforeClear: 9 },
      interference: { code: 'EVIDENCE_PANEL_REPLACED', details: { drawnGeneration: 7, shownGeneration: 9 } },
    });
    expect(record).toMatchObject({ status: 'failed', interference: { code: 'EVIDENCE_PANEL_REPLACED' } });
  });

  it('fails a run whose lease the device refused to renew, still clearing once', async () => {
    const { log, result, record } = await run({ leaseLostDuringCapture: true });
    expect(valueOf(result)).toMatchObject({ status: 'failed', interference: { code: 'DEVICE_LEASE_LOST' } });
    expect(record).toMatchObject({ status: 'failed', interference: { code: 'DEVICE_LEASE_LOST' } });
    expect(device(log).filter((line) => line === 'execute clear')).toHaveLength(1);
  });

  it('runs unleased on an Operator without leases, with the warning in the result and run.json', async () => {
    const { result, record } = await run({ lease: 'unsupported' });
    const value = valueOf(result);
    expect(value).toMatchObject({
      status: 'succeeded',
      lease: { status: 'unsupported', warning: 'The Operator does not grant device leases' },
    });
    expect(value.panelGeneration).toBeUndefined();
    expect(record).toMatchObject({ lease: { status: 'unsupported' } });
  });
});
