// The simulated Operator's agent socket: framing and request dispatch of docs/operator-protocol.md.
import type { Duplex } from 'node:stream';
import { encodeFrame, FrameDecoder } from '../../shared/agent/frames';
import {
  parseAgentRequest,
  type AgentEvent,
  type AgentResponse,
  type OperatorDescription,
} from '../../shared/agent/messages';
import { OPERATOR_CAPABILITIES, type LeaseRequest, type PanelGeneration } from '../../shared/agent/lease';
import type {
  NodeActionRequest,
  NodeActionRefusal,
  NodeActionResponse,
} from '../../shared/agent/nodeActions';
import type { ErrorCode, Result } from '../../shared/errors';
import type { OperatorTree } from '../../shared/ui/operatorTree';
import type { ExecuteOutcome } from './executeActions';
import type { LeaseKeeper } from './leaseKeeper';

/** What the agent server needs from the simulated Operator. */
export interface AgentBackend {
  describe(): Promise<OperatorDescription>;
  execute(execution: unknown): Promise<ExecuteOutcome>;
  /** Subscribes to panel and foreground events; returns the unsubscribe function. */
  watch(listener: (event: AgentEvent) => void): () => void;
  /** Test fault: when true, an execute request is received and the stream is dropped without an answer. */
  dropNextExecute(): boolean;
  /** Records an execute request that reached the Operator (admitted by the lease, answered or dropped). */
  noteExecute(execution: unknown): void;
  /** The device's lease, shared by every stream; null for an Operator that predates leases (no capabilities). */
  leases(): LeaseKeeper | null;
  /** The panel's generation and visibility now (execute_result reports them before and after). */
  panelState(): PanelGeneration;
  /** The bounded tree of the active windows; null while the accessibility service is not connected. */
  uiTree(): Promise<OperatorTree | null>;
  /** Test fault (simctl fault ui-tree delay): how long a get_ui_tree answer waits before it is written. */
  uiTreeDelayMs?(): number;
  /** Records a delayed get_ui_tree whose stream the host closed before the answer (nothing was written). */
  noteUiTreeClosedEarly?(entry: { requestId: string; atMs: number; waitedMs: number; delayMs: number }): void;
  /** set_text / click_node on the current windows; null while the accessibility service is not connected. */
  nodeAction(request: NodeActionRequest): Promise<Result<NodeActionResponse, NodeActionRefusal> | null>;
}

/** The answer to a node action while the accessibility service is not connected (both Operators word it so). */
export const NODE_ACTION_NOT_CONNECTED =
  'The Operator accessibility service is not connected; enable it to act on the UI.';

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
    const leases = backend.leases();
    // An Operator that predates leases ignores an execute's lease and knows no lease request (nor node action).
    const parsed = parseAgentRequest(leases === null ? { ...message, lease: undefined } : message);
    if (leases === null && (message.type === 'set_text' || message.type === 'click_node')) {
      sendError(
        parsed.ok ? parsed.value.id : parsed.error.id,
        'OPERATOR_PROTOCOL_ERROR',
        `unknown request type ${JSON.stringify(message.type)}`,
      );
      return;
    }
    if (parsed.ok && leases === null && parsed.value.type.startsWith('lease_')) {
      sendError(
        parsed.value.id,
        'OPERATOR_PROTOCOL_ERROR',
        `unknown request type ${JSON.stringify(parsed.value.type)}`,
      );
      return;
    }
    if (!parsed.ok) {
      sendError(parsed.error.id, 'OPERATOR_PROTOCOL_ERROR', parsed.error.message);
      return;
    }
    const request = parsed.value;
    switch (request.type) {
      case 'hello': {
        const description = await backend.describe();
        const capabilities = leases === null ? {} : { capabilities: [...OPERATOR_CAPABILITIES] };
        send({ v: 1, type: 'hello_result', id: request.id, ...description, ...capabilities });
        return;
      }
      case 'get_ui_tree': {
        const delayMs = backend.uiTreeDelayMs?.() ?? 0;
        if (delayMs > 0) {
          const startedAt = Date.now();
          if (!(await staysOpenFor(stream, delayMs))) {
            const atMs = Date.now();
            backend.noteUiTreeClosedEarly?.({
              requestId: request.id,
              atMs,
              waitedMs: atMs - startedAt,
              delayMs,
            });
            return;
          }
        }
        const tree = await backend.uiTree();
        if (tree === null)
          sendError(
            request.id,
            'OPERATOR_NOT_ENABLED',
            'The Operator accessibility service is not connected; enable it to read the UI tree.',
          );
        else send({ v: 1, type: 'ui_tree_result', id: request.id, tree });
        return;
      }
      case 'set_text':
      case 'click_node': {
        const answer = await backend.nodeAction(request);
        if (answer === null) sendError(request.id, 'OPERATOR_NOT_ENABLED', NODE_ACTION_NOT_CONNECTED);
        else if (answer.ok) send(answer.value);
        else sendError(request.id, answer.error.code, answer.error.message, answer.error.details);
        return;
      }
      case 'watch':
        send({ v: 1, type: 'watch_started', id: request.id });
        unwatch?.();
        unwatch = backend.watch((event) => send(event));
        return;
      case 'execute': {
        // Refused before anything runs: another owner's lease holds the device, or this one's is gone.
        const admitted = leases?.admit(request.lease?.id);
        if (admitted !== undefined && !admitted.ok) {
          sendError(request.id, admitted.error.code, admitted.error.message, admitted.error.details);
          return;
        }
        backend.noteExecute(request.execution);
        if (backend.dropNextExecute()) {
          stream.destroy();
          return;
        }
        const before = backend.panelState();
        const outcome = await backend.execute(request.execution);
        if (!outcome.ok) {
          sendError(request.id, outcome.error.code, outcome.error.message, outcome.error.details);
          return;
        }
        const panel = leases === null ? {} : { panel: { before, after: backend.panelState() } };
        send({ v: 1, type: 'execute_result', id: request.id, envelope: outcome.value, ...panel });
        return;
      }
      case 'lease_acquire':
      case 'lease_renew':
      case 'lease_release':
        if (leases !== null) answerLease(request, leases, send, sendError);
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

/** Waits `ms`; false as soon as the stream closes first (the host gave up on the answer). */
function staysOpenFor(stream: Duplex, ms: number): Promise<boolean> {
  if (stream.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (open: boolean): void => {
      clearTimeout(timer);
      stream.off('close', onClose);
      resolve(open);
    };
    const onClose = (): void => done(false);
    const timer = setTimeout(() => done(true), ms);
    stream.once('close', onClose);
  });
}

/** Answers one lease request from the keeper: lease_result, lease_released, or the refusal as an error frame. */
function answerLease(
  request: LeaseRequest,
  leases: LeaseKeeper,
  send: (message: AgentResponse) => void,
  sendError: (id: string, code: ErrorCode, message: string, details: Record<string, unknown>) => void,
): void {
  if (request.type === 'lease_release') {
    send({ v: 1, type: 'lease_released', id: request.id, released: leases.release(request.leaseId) });
    return;
  }
  const answer =
    request.type === 'lease_acquire'
      ? leases.acquire(request.leaseId, request.owner, request.ttlMs)
      : leases.renew(request.leaseId, request.ttlMs);
  if (answer.ok) send({ v: 1, type: 'lease_result', id: request.id, lease: answer.value });
  else sendError(request.id, answer.error.code, answer.error.message, answer.error.details);
}
