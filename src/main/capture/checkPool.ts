// Runs capture checks on a worker thread, so decoding and classifying a screenshot's pixels (a few ms of CPU each)
// never holds up the event loop that drives the devices: with several devices running sequences at once, their
// checks run on another core while the main thread keeps talking to adb.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { fail, type Result } from '../../shared/errors';
import type { CaptureCheck, CaptureCheckInput } from './types';

/** The worker bundle's file name, next to the bundle that uses the pool (scripts/build-node.mjs, electron-vite). */
export const CHECK_WORKER_FILE = 'captureCheckWorker.js';

export interface CheckRequest {
  id: number;
  input: CaptureCheckInput;
}

export interface CheckReply {
  id: number;
  result: Result<CaptureCheck>;
}

type Check = (input: CaptureCheckInput) => Promise<Result<CaptureCheck>>;

/** The worker's answer to one request; a thrown error becomes a structured failure. */
export async function answerCheck(request: CheckRequest, check: Check): Promise<CheckReply> {
  try {
    return { id: request.id, result: await check(request.input) };
  } catch (error) {
    return {
      id: request.id,
      result: fail(
        'EVIDENCE_CAPTURE_FAILED',
        `The capture check failed: ${error instanceof Error ? error.message : String(error)}`,
        { reason: 'check_failed' },
      ),
    };
  }
}

/**
 * One worker, started on first use and unref'd (it never keeps a CLI process alive). Without a worker file (tests
 * running the sources) or after the worker fails, checks run in this thread with the same answers.
 */
export class CaptureCheckPool {
  private worker: Worker | null = null;
  private broken = false;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { input: CaptureCheckInput; resolve: (result: Result<CaptureCheck>) => void }
  >();

  constructor(
    private readonly workerFile: string | null,
    private readonly inThread: Check,
  ) {}

  /** Whether checks currently go to a worker thread. */
  get threaded(): boolean {
    return this.workerFile !== null && !this.broken;
  }

  check(input: CaptureCheckInput): Promise<Result<CaptureCheck>> {
    const worker = this.ensureWorker();
    if (worker === null) return answerCheck({ id: 0, input }, this.inThread).then((reply) => reply.result);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { input, resolve });
      if (this.pending.size === 1) worker.ref();
      try {
        worker.postMessage({ id, input } satisfies CheckRequest);
      } catch {
        // An input that cannot be sent is checked here; the worker keeps serving the others.
        this.pending.delete(id);
        if (this.pending.size === 0) worker.unref();
        void answerCheck({ id, input }, this.inThread).then((reply) => resolve(reply.result));
      }
    });
  }

  /** Stops the worker; pending checks finish in this thread. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.broken = true;
    this.settlePendingInThread();
    if (worker !== null) await worker.terminate();
  }

  private ensureWorker(): Worker | null {
    if (this.worker !== null) return this.worker;
    if (this.workerFile === null || this.broken) return null;
    let worker: Worker;
    try {
      worker = new Worker(this.workerFile);
    } catch {
      this.broken = true;
      return null;
    }
    worker.unref();
    worker.on('message', (reply: CheckReply) => {
      const waiting = this.pending.get(reply.id);
      if (waiting === undefined) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      waiting.resolve(reply.result);
    });
    const lost = (): void => {
      if (this.worker !== worker) return;
      // A worker that fails to load or dies: its checks and every later one run in this thread.
      this.worker = null;
      this.broken = true;
      this.settlePendingInThread();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    this.worker = worker;
    return worker;
  }

  private settlePendingInThread(): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const { input, resolve } of waiting)
      void answerCheck({ id: 0, input }, this.inThread).then((reply) => resolve(reply.result));
  }
}

/** The worker file next to the running bundle, or null when there is none (sources run by tests). */
export function bundledWorkerFile(moduleUrl: string): string | null {
  const file = fileURLToPath(new URL(`./${CHECK_WORKER_FILE}`, moduleUrl));
  return existsSync(file) ? file : null;
}
