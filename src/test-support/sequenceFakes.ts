// Fakes of every port of runSequence, scripted per test: the device's answers, captures, evidence files, leases.
import { basename } from 'node:path';
import type { ResultEnvelope } from '../shared/envelope';
import { fail, failHost, ok, type AppError, type Result } from '../shared/errors';
import type { Execution } from '../shared/execution/types';
import type { FileOperations } from '../node/fs/atomicWrite';
import { FakeHub } from './apiFakes';
import { RunHandle } from '../main/evidence/runHandle';
import { createRunId } from '../main/evidence/runId';
import type { CaptureCheck, RunRecord } from '../main/evidence/types';
import { InFlightRegistry } from '../main/execution/inFlight';
import type { SequenceHostPorts } from '../main/sequence/ports';
import { runSequence } from '../main/sequence/runSequence';
import type {
  HoldControl,
  SequenceHoldState,
  SequenceProgress,
  SequenceResult,
} from '../main/sequence/types';

export const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
export const BOUNDS = '[21,157][756,236]';
export const RUN_ID = createRunId(new Date(Date.UTC(2026, 0, 1)), 'sim-phone', () => 42);
export const RUN_PATH = `/evidence/${RUN_ID}`;

export const CHECK: CaptureCheck = {
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

export type StepName = 'set' | 'screenshot' | 'clear';

export interface Script {
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
  /** The device log cannot be read after clear. */
  logs?: 'ok' | 'fails';
  /** The panel generation clear finds (set draws generation 7). */
  generationBeforeClear?: number;
  /** Hold the panel: take this many captures in all (asking for each once the previous is in), then release. */
  hold?: { captures: number };
}

export function envelopeFor(execution: Execution, step: StepName, success: boolean): ResultEnvelope {
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
export function memoryFiles(log: string[], script: Script) {
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

export async function run(script: Script = {}) {
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
          // A held panel's later captures are <run>-screenshot-N: the Operator sees a take_screenshot again.
          const step = (/-(set|screenshot|clear)(?:-\d+)?$/.exec(execution.commandId)?.[1] ??
            'clear') as StepName;
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
      logs: {
        read: async () => {
          log.push('logcat');
          if (unplugged || script.logs === 'fails')
            return {
              excerpt: {
                status: 'failed' as const,
                entries: 0,
                limitReached: false,
                redactions: 0,
                error: { code: 'DEVICE_NOT_FOUND', message: 'gone' },
                caveats: [],
              },
              text: '',
            };
          return {
            excerpt: {
              status: 'complete' as const,
              fromEpochS: 1767225598,
              toEpochS: 1767225601,
              entries: 1,
              limitReached: false,
              redactions: 0,
              caveats: [],
            },
            text: '1767225600.000  1234  1234 I ActivityManager: Displayed com.example/.Main\n',
          };
        },
      },
      foreground: {
        observe: async () => {
          log.push('foreground');
          return {
            source: 'host_dumpsys' as const,
            observedAt: '2026-01-01T00:00:02.000Z',
            status: 'observed' as const,
            packageName: 'com.example',
            component: 'com.example/.Main',
            versionName: '1.2.3',
            versionCode: '123',
          };
        },
      },
      presence: { state: async () => (unplugged ? 'absent' : 'device') },
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
  let control: HoldControl | undefined;
  let asked = 1;
  let released = false;
  const onChanged = (view: SequenceHoldState): void => {
    const target = script.hold?.captures ?? 1;
    const settled = view.captures.every((capture) => capture.captureCheck !== undefined);
    if (view.status !== 'holding' || view.capturing || view.queued > 0 || !settled) return;
    if (view.captures.length !== asked) return;
    // Asked for after the event, as a user's key press would be.
    if (asked < target) {
      asked += 1;
      queueMicrotask(() => control?.capture());
    } else if (!released) {
      released = true;
      queueMicrotask(() => control?.release());
    }
  };
  const result = await runSequence(
    {
      design: { text: 'FLOW-1', backgroundColor: '#E6000080' },
      deviceId: 'sim-phone',
      operatorPackage: 'op',
      ...(script.hold === undefined ? {} : { hold: {} }),
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
      hold: { onStarted: (given) => (control = given), onChanged },
    },
  );
  log.push('result');
  const stored = files.get(`${RUN_PATH}/run.json`);
  const record = stored === undefined ? undefined : (JSON.parse(stored) as RunRecord);
  return { log, progress, result, record, files };
}

export function valueOf(result: Result<SequenceResult>): SequenceResult {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

export const device = (log: string[]) =>
  log.filter((line) => /^(execute|capture|hello|logcat|close)/.test(line));
