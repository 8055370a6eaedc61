// Device leases and panel generations of the agent protocol (docs/operator-protocol.md, "Leases"): the Operator is
// the arbiter of an ordered sequence, so a second process cannot act between its set, capture and clear.
import { ok, type Result } from '../errors';

/**
 * What hello_result lists in `capabilities`: leases, panel generations, and the node actions set_text and
 * click_node (nodeActions.ts). The host uses a node action only when the Operator lists it.
 */
export const OPERATOR_CAPABILITIES = ['lease', 'panel_generation', 'set_text', 'click_node'] as const;
export type OperatorCapability = (typeof OPERATOR_CAPABILITIES)[number];

/** A lease lasts between these bounds, counted on the Operator's clock from its acquire or last renew. */
export const LEASE_TTL_MIN_MS = 1000;
export const LEASE_TTL_MAX_MS = 120000;
export const LEASE_ID_MAX_LENGTH = 128;
export const LEASE_OWNER_MAX_LENGTH = 200;

/** Who holds the device now, as a refusal names them (the lease id is the holder's token and is never shown). */
export interface LeaseHolder {
  owner: string;
  expiresInMs: number;
}

/** A granted or renewed lease, as lease_result reports it. */
export interface GrantedLease {
  id: string;
  owner: string;
  ttlMs: number;
  expiresInMs: number;
}

/** The panel as the Operator counts it: every draw, redraw and removal moves the generation on. */
export interface PanelGeneration {
  generation: number;
  visible: boolean;
}

/** execute_result's `panel`: the panel when the execution started and when it ended. */
export interface PanelTransition {
  before: PanelGeneration;
  after: PanelGeneration;
}

export type LeaseRequest =
  | { v: 1; type: 'lease_acquire'; id: string; leaseId: string; owner: string; ttlMs: number }
  | { v: 1; type: 'lease_renew'; id: string; leaseId: string; ttlMs: number }
  | { v: 1; type: 'lease_release'; id: string; leaseId: string };

export type LeaseResponse =
  | { v: 1; type: 'lease_result'; id: string; lease: GrantedLease }
  | { v: 1; type: 'lease_released'; id: string; released: boolean };

function text(value: unknown, max: number): string | null {
  return typeof value === 'string' && value.length >= 1 && value.length <= max ? value : null;
}

function ttl(value: unknown): number | null {
  return typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= LEASE_TTL_MIN_MS &&
    value <= LEASE_TTL_MAX_MS
    ? value
    : null;
}

const TTL_RULE = `ttlMs must be an integer from ${LEASE_TTL_MIN_MS} to ${LEASE_TTL_MAX_MS}`;
const ID_RULE = `leaseId must be a string of 1..${LEASE_ID_MAX_LENGTH} characters`;

/** Operator side: the lease request in `message` (type already known), or what is wrong with it. */
export function parseLeaseRequest(
  id: string,
  message: Record<string, unknown>,
): Result<LeaseRequest, string> {
  const leaseId = text(message.leaseId, LEASE_ID_MAX_LENGTH);
  if (leaseId === null) return { ok: false, error: ID_RULE };
  if (message.type === 'lease_release') return ok({ v: 1, type: 'lease_release', id, leaseId });
  const ttlMs = ttl(message.ttlMs);
  if (ttlMs === null) return { ok: false, error: TTL_RULE };
  if (message.type === 'lease_renew') return ok({ v: 1, type: 'lease_renew', id, leaseId, ttlMs });
  const owner = text(message.owner, LEASE_OWNER_MAX_LENGTH);
  if (owner === null)
    return { ok: false, error: `owner must be a string of 1..${LEASE_OWNER_MAX_LENGTH} characters` };
  return ok({ v: 1, type: 'lease_acquire', id, leaseId, owner, ttlMs });
}

/** Operator side: an execute's optional `lease` ({id}); undefined when absent, a message when malformed. */
export function parseExecuteLease(value: unknown): Result<string | undefined, string> {
  if (value === undefined) return ok(undefined);
  const id =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? text((value as Record<string, unknown>).id, LEASE_ID_MAX_LENGTH)
      : null;
  return id === null
    ? { ok: false, error: `lease must be an object {"id": string of 1..${LEASE_ID_MAX_LENGTH} characters}` }
    : ok(id);
}

/** Host side: true when `capabilities` (from hello_result) lists `capability`. */
export function hasCapability(capabilities: unknown, capability: OperatorCapability): boolean {
  return Array.isArray(capabilities) && capabilities.includes(capability);
}

function isGeneration(value: unknown): value is PanelGeneration {
  if (typeof value !== 'object' || value === null) return false;
  const panel = value as Record<string, unknown>;
  return Number.isInteger(panel.generation) && typeof panel.visible === 'boolean';
}

/** Host side: execute_result's `panel`, or undefined when the Operator did not report one (an older Operator). */
export function panelTransitionOf(value: unknown): PanelTransition | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { before, after } = value as Record<string, unknown>;
  return isGeneration(before) && isGeneration(after)
    ? {
        before: { generation: before.generation, visible: before.visible },
        after: { generation: after.generation, visible: after.visible },
      }
    : undefined;
}
