// The simulated Operator's agent socket: framing and request dispatch of docs/operator-protocol.md.
import type { Duplex } from 'node:stream';
import { encodeFrame, FrameDecoder } from '../../shared/agent/frames';
import {
  parseAgentRequest,
  type AgentEvent,
  type AgentResponse,
  type OperatorDescription,
} from '../../shared/agent/messages';
import type { ErrorCode } from '../../shared/errors';
import type { ExecuteOutcome } from './executeActions';

/** What the agent server needs from the simulated Operator. */
export interface AgentBackend {
  describe(): Promise<OperatorDescription>;
  execute(execution: unknown): Promise<ExecuteOutcome>;
  /** Subscribes to panel and foreground events; returns the unsubscribe function. */
  watch(listener: (event: AgentEvent) => void): () => void;
  /** Test fault: when true, an execute request is received and the stream is dropped without an answer. */
  dropNextExecute(): boolean;
}

/** Serves one accepted stream until it closes. */
export function serveAgentStream(stream: Duplex, backend: AgentBackend): void {
  const decoder = new FrameDecoder();
  let busy = false;
  let unwatch: (() => void) | null = null;
  const send = (message: AgentResponse): void => {
    if (!stream.destroyed && stream.writable) stream.write(encodeFrame(message));
  };
  const sendError = (
    id: string | null,
    code: ErrorCode,
    message: string,
    details?: Record<string, unknown>,
  ): void => {
    send({ v: 1, type: 'error', id, code, message, ...(details ? { details } : {}) });
  };
  const close = (): void => {
    unwatch?.();
    unwatch = null;
  };
  stream.on('close', close);
  stream.on('end', close);
  stream.on('error', close);
  const queue: Array<Record<string, unknown>> = [];
  // After a malformed frame the stream is finished: queued and later requests are not answered.
  let broken = false;

  const handle = async (message: Record<string, unknown>): Promise<void> => {
    const parsed = parseAgentRequest(message);
    if (!parsed.ok) {
      sendError(parsed.error.id, 'OPERATOR_PROTOCOL_ERROR', parsed.error.message);
      return;
    }
    const request = parsed.value;
    switch (request.type) {
      case 'hello':
        send({ v: 1, type: 'hello_result', id: request.id, ...(await backend.describe()) });
        return;
      case 'watch':
        send({ v: 1, type: 'watch_started', id: request.id });
        unwatch?.();
        unwatch = backend.watch((event) => send(event));
        return;
      case 'execute': {
        if (backend.dropNextExecute()) {
          stream.destroy();
          return;
        }
        const outcome = await backend.execute(request.execution);
        if (outcome.ok) send({ v: 1, type: 'execute_result', id: request.id, envelope: outcome.value });
        else sendError(request.id, outcome.error.code, outcome.error.message, outcome.error.details);
      }
    }
  };

  const pump = async (): Promise<void> => {
    if (busy) return;
    busy = true;
    while (queue.length > 0 && !broken) {
      const next = queue.shift();
      if (next) await handle(next);
    }
    busy = false;
  };

  stream.on('data', (chunk: Buffer) => {
    if (broken) return;
    for (const frame of decoder.push(chunk)) {
      if (!frame.ok) {
        broken = true;
        queue.length = 0;
        const detail =
          frame.error.reason === 'too_large'
            ? `frame of ${frame.error.length} bytes exceeds 4 MiB`
            : frame.error.detail;
        sendError(null, 'OPERATOR_PROTOCOL_ERROR', `Malformed frame: ${detail}`);
        stream.end();
        return;
      }
      queue.push(frame.value);
    }
    void pump();
  });
}
