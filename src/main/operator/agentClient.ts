// Host side of the Operator agent protocol over adb: framed requests with bounded waits and no replay, one per
// stream (callAgent) or several in turn over one stream (AgentSession).
import type { Duplex } from 'node:stream';
import { encodeFrame, FrameDecoder } from '../../shared/agent/frames';
import {
  agentSocketName,
  parseAgentResponse,
  type AgentEvent,
  type AgentRequest,
  type AgentResponse,
} from '../../shared/agent/messages';
import { failHost, ok, type HostFailure, type Result } from '../../shared/errors';
import type { AdbClient } from '../../node/adb/adbkit';
import { toAppError } from '../../node/adb/adbkit';

/** What every agent request answers: the response, or a host failure saying where and whether it was sent. */
export type AgentAnswer = Result<AgentResponse, HostFailure>;

export interface AgentTarget {
  client: AdbClient;
  serial: string;
  operatorPackage: string;
}

/** Opens the Operator's agent socket; failure means nothing was sent. */
export async function openAgentStream(target: AgentTarget): Promise<Result<Duplex, HostFailure>> {
  const socket = agentSocketName(target.operatorPackage);
  try {
    return ok(await target.client.openLocal(target.serial, `localabstract:${socket}`));
  } catch (error) {
    const cause = toAppError(error, 'OPERATOR_UNREACHABLE');
    return failHost(
      cause.code,
      `The Operator's agent socket ${socket} on ${target.serial} did not accept a connection: ${cause.message}`,
      { phase: 'readiness', dispatchState: 'not_dispatched' },
      { socket },
    );
  }
}

/** Sends one request over the Operator's agent socket and waits for its answer (callAgent or a session's call). */
export type AgentCaller = (request: AgentRequest, waitMs: number) => Promise<AgentAnswer>;

/**
 * Sends one request and waits for its response. Once the frame is written, the request is never sent again:
 * a lost answer is reported with dispatchState "unknown". `signal` cancels the request: its stream is closed (so
 * no late answer can reach a later request) and the call answers COMMAND_CANCELLED once the stream has closed.
 */
export async function callAgent(
  target: AgentTarget,
  request: AgentRequest,
  waitMs: number,
  signal?: AbortSignal,
): Promise<AgentAnswer> {
  // A session of one request: the same open, exchange and teardown as a run's shared stream.
  const session = new AgentSession(target);
  try {
    return await session.call(request, waitMs, signal);
  } finally {
    session.close();
  }
}

/**
 * One agent stream for requests made one after another (the protocol lets a connection carry any number of them,
 * strictly in turn), so a run of several requests pays for one adb connection instead of one each. Calls queue
 * behind each other. After any failure or an error answer the stream is dropped and the next call opens a new one;
 * a request is never sent twice.
 */
export class AgentSession {
  private stream: Duplex | null = null;
  private turn: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(readonly target: AgentTarget) {}

  /**
   * Opens the stream ahead of the first request (nothing is sent, so the Operator does nothing), letting the adb
   * round trips overlap other work. A failure is left for the first call to meet again.
   */
  open(): Promise<void> {
    const opened = this.turn.then(() => this.ensureStream()).then(() => undefined);
    this.turn = opened.catch(() => undefined);
    return opened;
  }

  /**
   * Sends `request` once its turn comes; the wait starts when its frame is written. A `signal` that aborts cancels
   * it: before the frame is written nothing is sent; after, the stream is closed (the Operator's late answer can
   * never reach the next request, which opens a new stream) and the call answers once it has closed.
   */
  call(request: AgentRequest, waitMs: number, signal?: AbortSignal): Promise<AgentAnswer> {
    const result = this.turn.then(() => this.send(request, waitMs, signal));
    // A call that throws (it should not) must not stop the ones queued behind it.
    this.turn = result.catch(() => undefined);
    return result;
  }

  /**
   * Ends the session: its stream is closed, a request waiting for its answer is reported lost, and calls still
   * queued (or made later) fail without being sent.
   */
  close(): void {
    this.closed = true;
    this.stream?.destroy();
    this.stream = null;
  }

  private async ensureStream(): Promise<Result<Duplex, HostFailure>> {
    if (this.closed) return sessionClosed();
    const current = this.stream;
    if (current !== null && !current.destroyed && !current.readableEnded) return ok(current);
    const opened = await openAgentStream(this.target);
    if (!opened.ok) return opened;
    const stream = opened.value;
    // Between calls the Operator may close the stream or it may fail: the next call then opens a new one.
    const drop = (): void => {
      if (this.stream === stream) this.stream = null;
      stream.destroy();
    };
    stream.on('error', drop);
    stream.once('end', drop);
    stream.once('close', drop);
    if (this.closed) {
      // Closed while this stream was being opened: nothing may keep it.
      stream.destroy();
      return sessionClosed();
    }
    this.stream = stream;
    return ok(stream);
  }

  private async send(request: AgentRequest, waitMs: number, signal?: AbortSignal): Promise<AgentAnswer> {
    if (signal?.aborted) return cancelledBeforeSending(request);
    const opened = await this.ensureStream();
    if (!opened.ok) return opened;
    const stream = opened.value;
    const answer = await exchange(stream, request, waitMs, signal);
    if (!answer.ok) {
      // After a lost or refused request the stream's state is unknown: never reuse it.
      if (this.stream === stream) this.stream = null;
      stream.destroy();
    }
    return answer;
  }
}

function sessionClosed(): Result<never, HostFailure> {
  return failHost('RESULT_TRANSPORT_FAILED', 'The agent session was closed before this request was sent.', {
    phase: 'dispatch',
    dispatchState: 'not_dispatched',
  });
}

function cancelledBeforeSending(request: AgentRequest): Result<never, HostFailure> {
  return failHost(
    'COMMAND_CANCELLED',
    `${request.type} was cancelled before it was sent.`,
    { phase: 'dispatch', dispatchState: 'not_dispatched' },
    { requestId: request.id },
  );
}

function exchange(
  stream: Duplex,
  request: AgentRequest,
  waitMs: number,
  signal?: AbortSignal,
): Promise<AgentAnswer> {
  return new Promise((resolve) => {
    const decoder = new FrameDecoder();
    let settled = false;
    // Set when `signal` aborted after the frame was written: the stream is being closed, and the answer waits for it.
    let cancelling = false;
    const onAbort = (): void => {
      if (settled || cancelling) return;
      cancelling = true;
      clearTimeout(timer);
      stream.off('data', onData);
      stream.destroy();
      if (stream.closed) onEnd();
    };
    const finish = (result: AgentAnswer): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      clearTimeout(timer);
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onEnd);
      resolve(result);
    };
    const lost = (code: 'RESULT_ENVELOPE_TIMEOUT' | 'RESULT_TRANSPORT_FAILED', message: string): void =>
      finish(
        failHost(
          code,
          message,
          { phase: 'result_wait', dispatchState: 'unknown' },
          { requestId: request.id },
        ),
      );
    const timer = setTimeout(
      () =>
        lost(
          'RESULT_ENVELOPE_TIMEOUT',
          `The Operator did not answer ${request.type} within ${waitMs} ms; it may have run. Inspect the device before retrying.`,
        ),
      waitMs,
    );
    const onData = (chunk: Buffer): void => {
      for (const frame of decoder.push(chunk)) {
        if (!frame.ok) {
          finish(
            failHost(
              'RESULT_ENVELOPE_MALFORMED',
              `The Operator sent a malformed frame (${frame.error.reason}).`,
              { phase: 'result_wait', dispatchState: 'unknown' },
            ),
          );
          return;
        }
        const parsed = parseAgentResponse(frame.value);
        if (!parsed.ok) {
          finish(
            failHost(
              'RESULT_ENVELOPE_MALFORMED',
              `The Operator sent an unexpected message: ${parsed.error.message}`,
              { phase: 'result_wait', dispatchState: 'unknown' },
            ),
          );
          return;
        }
        const response = parsed.value;
        if (response.type === 'event') continue;
        if (response.type === 'error' && (response.id === request.id || response.id === null)) {
          finish(
            failHost(
              response.code,
              response.message,
              { phase: 'dispatch', dispatchState: 'dispatched' },
              response.details,
            ),
          );
          return;
        }
        if (response.id === request.id) {
          finish(ok(response));
          return;
        }
        // One request is in flight per stream: an answer to another id means the stream is out of step. Waiting
        // on would only end in a timeout, and the answer to this request may never come.
        finish(
          failHost(
            'RESULT_ID_MISMATCH',
            `The Operator answered ${response.type} ${JSON.stringify(response.id)} while ${request.type} ${JSON.stringify(request.id)} waited for its answer; the stream is out of step, so ${request.type} may or may not have run. Inspect the device before retrying.`,
            { phase: 'result_wait', dispatchState: 'unknown' },
            { requestId: request.id, answeredId: response.id, answeredType: response.type },
          ),
        );
        return;
      }
    };
    const onEnd = (): void => {
      if (cancelling) {
        if (!stream.closed) return; // 'end' first: the answer waits for 'close'
        finish(
          failHost(
            'COMMAND_CANCELLED',
            `${request.type} was cancelled while it waited for the Operator's answer; its stream is closed, so a late answer reaches nobody. It may have run.`,
            { phase: 'result_wait', dispatchState: 'unknown' },
            { requestId: request.id },
          ),
        );
        return;
      }
      lost(
        'RESULT_TRANSPORT_FAILED',
        `The Operator's stream closed before it answered ${request.type}; the request may have run.`,
      );
    };
    const onError = (error: Error): void => {
      if (cancelling) return; // the destroy's own error: 'close' follows
      lost(
        'RESULT_TRANSPORT_FAILED',
        `The Operator's stream failed: ${error.message}; the request may have run.`,
      );
    };
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
    // Destroyed without an error (a closed session) emits only 'close'.
    stream.once('close', onEnd);
    if (stream.destroyed || stream.readableEnded) {
      finish(
        failHost(
          'RESULT_TRANSPORT_FAILED',
          `The Operator's stream closed before ${request.type} was sent.`,
          { phase: 'dispatch', dispatchState: 'not_dispatched' },
          { requestId: request.id },
        ),
      );
      return;
    }
    if (signal?.aborted) {
      finish(cancelledBeforeSending(request));
      return;
    }
    stream.write(encodeFrame(request));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Subscribes to panel and foreground events; returns a function that closes the subscription. */
export async function watchAgent(
  target: AgentTarget,
  onEvent: (event: AgentEvent) => void,
  onClose: () => void,
): Promise<Result<() => void, HostFailure>> {
  const opened = await openAgentStream(target);
  if (!opened.ok) return opened;
  const stream = opened.value;
  const decoder = new FrameDecoder();
  stream.on('data', (chunk: Buffer) => {
    for (const frame of decoder.push(chunk)) {
      if (!frame.ok) {
        stream.destroy();
        return;
      }
      const parsed = parseAgentResponse(frame.value);
      if (parsed.ok && parsed.value.type === 'event') onEvent(parsed.value);
    }
  });
  stream.once('close', onClose);
  stream.once('end', () => stream.destroy());
  stream.on('error', () => stream.destroy());
  stream.write(encodeFrame({ v: 1, type: 'watch', id: `watch-${Date.now()}` }));
  return ok(() => stream.destroy());
}
