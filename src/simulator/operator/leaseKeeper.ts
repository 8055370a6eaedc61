// The simulated Operator's device lease (docs/operator-protocol.md, "Leases"): one holder at a time, its expiry
// counted on the Operator's clock; every stream of the Operator asks the same keeper.
import type { GrantedLease, LeaseHolder } from '../../shared/agent/lease';
import type { ErrorCode } from '../../shared/errors';

/** Why a lease request or a leased execute is refused: the error frame's code, message and details. */
export interface LeaseRefusal {
  code: Extract<ErrorCode, 'EXECUTION_CONFLICT_IN_FLIGHT' | 'DEVICE_LEASE_LOST'>;
  message: string;
  details: Record<string, unknown>;
}

export type LeaseAnswer<T> = { ok: true; value: T } | { ok: false; error: LeaseRefusal };

interface Held {
  id: string;
  owner: string;
  ttlMs: number;
  expiresAt: number;
}

export class LeaseKeeper {
  private held: Held | null = null;

  constructor(private readonly clock: { now(): number }) {}

  /** Grants the lease when nobody holds the device (or `leaseId` already does: then it is renewed). */
  acquire(leaseId: string, owner: string, ttlMs: number): LeaseAnswer<GrantedLease> {
    const holder = this.current();
    if (holder !== null && holder.id !== leaseId) return { ok: false, error: this.conflict(holder) };
    this.held = { id: leaseId, owner, ttlMs, expiresAt: this.clock.now() + ttlMs };
    return { ok: true, value: this.granted(this.held) };
  }

  /** Extends the held lease by `ttlMs` from now. */
  renew(leaseId: string, ttlMs: number): LeaseAnswer<GrantedLease> {
    const holder = this.current();
    if (holder === null) return { ok: false, error: lost(leaseId) };
    if (holder.id !== leaseId) return { ok: false, error: this.conflict(holder) };
    holder.ttlMs = ttlMs;
    holder.expiresAt = this.clock.now() + ttlMs;
    return { ok: true, value: this.granted(holder) };
  }

  /** Ends the lease if `leaseId` holds it; false when it did not (expired, released, or another's). */
  release(leaseId: string): boolean {
    if (this.current()?.id !== leaseId) return false;
    this.held = null;
    return true;
  }

  /** Whether an execute under `leaseId` (undefined: none) may run now. */
  admit(leaseId: string | undefined): LeaseAnswer<void> {
    const holder = this.current();
    if (holder === null)
      return leaseId === undefined ? { ok: true, value: undefined } : { ok: false, error: lost(leaseId) };
    if (holder.id === leaseId) return { ok: true, value: undefined };
    return { ok: false, error: this.conflict(holder) };
  }

  private current(): Held | null {
    if (this.held !== null && this.clock.now() >= this.held.expiresAt) this.held = null;
    return this.held;
  }

  private granted(held: Held): GrantedLease {
    return {
      id: held.id,
      owner: held.owner,
      ttlMs: held.ttlMs,
      expiresInMs: held.expiresAt - this.clock.now(),
    };
  }

  private conflict(held: Held): LeaseRefusal {
    const holder: LeaseHolder = { owner: held.owner, expiresInMs: held.expiresAt - this.clock.now() };
    return {
      code: 'EXECUTION_CONFLICT_IN_FLIGHT',
      message: `The device is leased by ${held.owner} (the lease expires in ${holder.expiresInMs} ms unless renewed); wait for its sequence to end, then retry.`,
      details: { holder },
    };
  }
}

function lost(leaseId: string): LeaseRefusal {
  return {
    code: 'DEVICE_LEASE_LOST',
    message: `Lease ${leaseId} is no longer held (it expired or was released); nothing was run.`,
    details: { leaseId },
  };
}
