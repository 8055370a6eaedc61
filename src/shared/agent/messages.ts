// Agent protocol messages (docs/operator-protocol.md), with parsers for both directions.
import type { ResultEnvelope } from '../envelope';
import { ok, type ErrorCode, type Result } from '../errors';
import type { Rect } from '../geometry/types';
import type { OperatorTree } from '../ui/operatorTree';
import { parseNodeActionRequest, type NodeActionRequest, type NodeActionResponse } from './nodeActions';
import {
  parseExecuteLease,
  parseLeaseRequest,
  type LeaseRequest,
  type LeaseResponse,
  type PanelTransition,
} from './lease';

export const AGENT_PROTOCOL_VERSION = 1;

/** The abstract socket the Operator listens on. */
export function agentSocketName(operatorPackage: string): string {
  return `${operatorPackage}.agent`;
}

export interface ForegroundAppInfo {
  packageName: string | null;
  label: string | null;
  versionCode: string | null;
  versionName: string | null;
  /** Base64 PNG of the declared icon; omitted when the icon is missing. */
  iconPng?: string;
}

export interface OperatorDescription {
  protocolVersion: number;
  operator: { packageName: string; versionName: string; versionCode: string };
  service: { connected: boolean };
  device: { manufacturer: string; model: string; sdkInt: number; release: string };
  display: {
    widthPx: number;
    heightPx: number;
    densityDpi: number;
    density: number;
    fontScale: number;
    scaledDensity: number;
    rotation: 0 | 90 | 180 | 270;
    usable: Rect | null;
    usableError: string | null;
  };
  locale: { tag: string; code: string; name: string };
  foregroundApp: ForegroundAppInfo | null;
  panel: { visible: boolean; generation: number; bounds?: string };
  /** What this Operator supports beyond version 1's base (OPERATOR_CAPABILITIES; absent on older Operators). */
  capabilities?: string[];
}

export type PanelEventReason =
  | 'set'
  | 'cleared'
  | 'expired'
  | 'reflowed'
  | 'refreshed'
  | 'configuration_layout_invalid'
  | 'render_failed'
  | 'render_timeout'
  | 'detached';

export type AgentRequest =
  | { v: 1; type: 'hello'; id: string }
  | { v: 1; type: 'execute'; id: string; execution: unknown; lease?: { id: string } }
  | { v: 1; type: 'watch'; id: string }
  /** The bounded accessibility tree of the active windows (docs/ui-loop.md). */
  | { v: 1; type: 'get_ui_tree'; id: string }
  /** ACTION_SET_TEXT / ACTION_CLICK on the node the target's identity names (nodeActions.ts). */
  | NodeActionRequest
  | LeaseRequest;

export type AgentEvent =
  | {
      v: 1;
      type: 'event';
      event: 'panel';
      panel: { visible: boolean; generation: number; reason: PanelEventReason; bounds?: string };
    }
  | { v: 1; type: 'event'; event: 'foreground'; foregroundApp: ForegroundAppInfo | null };

export type AgentResponse =
  | ({ v: 1; type: 'hello_result'; id: string } & OperatorDescription)
  | { v: 1; type: 'execute_result'; id: string; envelope: ResultEnvelope; panel?: PanelTransition }
  | { v: 1; type: 'watch_started'; id: string }
  | { v: 1; type: 'ui_tree_result'; id: string; tree: OperatorTree }
  | NodeActionResponse
  | LeaseResponse
  | {
      v: 1;
      type: 'error';
      id: string | null;
      code: ErrorCode;
      message: string;
      details?: Record<string, unknown>;
    }
  | AgentEvent;

/** Why a request frame was refused: the id to answer (null when it had none usable) and what is wrong. */
export interface RequestProblem {
  id: string | null;
  message: string;
}

export type ParsedRequest = Result<AgentRequest, RequestProblem>;

function refuse(id: string | null, message: string): { ok: false; error: RequestProblem } {
  return { ok: false, error: { id, message } };
}

/** Operator side: checks a decoded frame is a request it understands. */
export function parseAgentRequest(message: Record<string, unknown>): ParsedRequest {
  const id =
    typeof message.id === 'string' && message.id.length >= 1 && message.id.length <= 128 ? message.id : null;
  if (message.v !== AGENT_PROTOCOL_VERSION)
    return refuse(id, `unsupported protocol version ${JSON.stringify(message.v)}; expected 1`);
  if (id === null) return refuse(null, 'request id must be a string of 1..128 characters');
  switch (message.type) {
    case 'hello':
    case 'watch':
    case 'get_ui_tree':
      return ok({ v: 1, type: message.type, id });
    case 'execute': {
      if (!('execution' in message)) return refuse(id, 'execute needs an execution');
      const lease = parseExecuteLease(message.lease);
      if (!lease.ok) return refuse(id, lease.error);
      return ok({
        v: 1,
        type: 'execute',
        id,
        execution: message.execution,
        ...(lease.value === undefined ? {} : { lease: { id: lease.value } }),
      });
    }
    case 'set_text':
    case 'click_node': {
      const action = parseNodeActionRequest(id, message);
      return action.ok ? action : refuse(id, `${message.type}: ${action.error}`);
    }
    case 'lease_acquire':
    case 'lease_renew':
    case 'lease_release': {
      const lease = parseLeaseRequest(id, message);
      return lease.ok ? lease : refuse(id, `${message.type}: ${lease.error}`);
    }
    default:
      return refuse(id, `unknown request type ${JSON.stringify(message.type)}`);
  }
}

/** Why a frame from the Operator is not a response the host understands. */
export interface ResponseProblem {
  message: string;
}

export type ParsedResponse = Result<AgentResponse, ResponseProblem>;

function malformed(message: string): { ok: false; error: ResponseProblem } {
  return { ok: false, error: { message } };
}

/** Host side: checks the shape of a decoded frame from the Operator (deep shapes are checked by their users). */
export function parseAgentResponse(message: Record<string, unknown>): ParsedResponse {
  if (message.v !== AGENT_PROTOCOL_VERSION)
    return malformed(`unsupported protocol version ${JSON.stringify(message.v)}`);
  switch (message.type) {
    case 'hello_result':
    case 'watch_started':
    case 'lease_released':
      return typeof message.id === 'string'
        ? ok(message as AgentResponse)
        : malformed(`${message.type} without id`);
    case 'execute_result':
      if (typeof message.id !== 'string') return malformed('execute_result without id');
      return isEnvelope(message.envelope)
        ? ok(message as AgentResponse)
        : malformed('execute_result envelope is malformed');
    case 'ui_tree_result':
      return typeof message.id === 'string' &&
        typeof message.tree === 'object' &&
        message.tree !== null &&
        Array.isArray((message.tree as { nodes?: unknown }).nodes)
        ? ok(message as AgentResponse)
        : malformed('ui_tree_result without id or tree');
    case 'set_text_result':
    case 'click_node_result':
      return typeof message.id === 'string' &&
        typeof message.result === 'object' &&
        message.result !== null &&
        (message.result as { performed?: unknown }).performed === true
        ? ok(message as AgentResponse)
        : malformed(`${message.type} without id or result`);
    case 'lease_result':
      return typeof message.id === 'string' && typeof message.lease === 'object' && message.lease !== null
        ? ok(message as AgentResponse)
        : malformed('lease_result without id or lease');
    case 'error':
      return typeof message.code === 'string' && typeof message.message === 'string'
        ? ok(message as AgentResponse)
        : malformed('error frame without code or message');
    case 'event':
      return message.event === 'panel' || message.event === 'foreground'
        ? ok(message as AgentResponse)
        : malformed(`unknown event ${JSON.stringify(message.event)}`);
    default:
      return malformed(`unknown response type ${JSON.stringify(message.type)}`);
  }
}

/** Structural check of a result envelope: all step data values must be strings. */
export function isEnvelope(value: unknown): value is ResultEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const envelope = value as Record<string, unknown>;
  if (typeof envelope.commandId !== 'string' || typeof envelope.taskId !== 'string') return false;
  if (envelope.status !== 'success' && envelope.status !== 'failed') return false;
  if (!Array.isArray(envelope.stepResults)) return false;
  return envelope.stepResults.every((step: unknown) => {
    if (typeof step !== 'object' || step === null) return false;
    const s = step as Record<string, unknown>;
    if (typeof s.id !== 'string' || typeof s.actionType !== 'string' || typeof s.success !== 'boolean')
      return false;
    if (typeof s.data !== 'object' || s.data === null) return false;
    return Object.values(s.data).every((v) => typeof v === 'string');
  });
}
