// The host's side of a device lease (docs/operator-protocol.md, "Leases"): hello tells whether the Operator grants
// leases; the run acquires one before set, renews it while it runs (on its own streams, so a slow step never delays
// a renewal), and releases it after clear. An older Operator is detected at hello and the run goes on unleased.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { hasCapability } from '../../shared/agent/lease';
import type { RunLease } from '../../shared/api/evidence';
import { hostFailure, ok, type AppError, type HostFailure, type Result } from '../../shared/errors';
import { callAgent, type AgentCaller, type AgentTarget } from './agentClient';

/** How long a sequence's lease lasts without renewal: a host that dies frees the device within this time. */
export const SEQUENCE_LEASE_TTL_MS = 15000;
/** How often the lease is renewed: three renewals fit in one TTL, so one lost renewal does not lose it. */
export const LEASE_RENEW_EVERY_MS = 5000;
/** hello, acquire, renew and release answer at once; a device that does not is treated as silent. */
const LEASE_WAIT_MS = 2000;
const RELEASE_WAIT_MS = 2000;

/** Names this process as a lease's owner, so a refused caller learns who holds the device. */
export function leaseOwner(what: string): string {
  return `${what} (pid ${process.pid} on ${hostname()})`.slice(0, 200);
}

/** A lease the device granted: its id travels in every execute of the run. */
export class HeldLease {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private lost: AppError | undefined;
  private readonly listeners = new Set<(error: AppError) => void>();

  constructor(
    private readonly target: AgentTarget,
    readonly id: string,
    readonly owner: string,
    readonly ttlMs: number,
    private readonly renewEveryMs: number,
  ) {
    this.schedule();
  }

  /** What the device said when it refused a renewal (the lease is then gone), if it did. */
  get interference(): AppError | undefined {
    return this.lost;
  }

  /** Called once if the device refuses a renewal. */
  onLost(listener: (error: AppError) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops renewing and gives the device back; the answer is not waited for longer than RELEASE_WAIT_MS. */
  async release(call: AgentCaller): Promise<void> {
    this.stop();
    if (this.lost !== undefined) return;
    await call(
      { v: 1, type: 'lease_release', id: `lease-release-${randomUUID()}`, leaseId: this.id },
      RELEASE_WAIT_MS,
    );
  }

  /** Stops renewing without telling the device (it expires within the TTL). */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.renew(), this.renewEveryMs);
    // A pending renewal must not keep a finished CLI process alive.
    this.timer.unref?.();
  }

  private async renew(): Promise<void> {
    const answer = await callAgent(
      this.target,
      { v: 1, type: 'lease_renew', id: `lease-renew-${randomUUID()}`, leaseId: this.id, ttlMs: this.ttlMs },
      LEASE_WAIT_MS,
    );
    if (this.stopped) return;
    // Only a refusal from the device is interference; a lost stream is the device's problem, met by the next step.
    if (!answer.ok && answer.error.details.dispatchState === 'dispatched') {
      this.lost = {
        code:
          answer.error.code === 'EXECUTION_CONFLICT_IN_FLIGHT'
            ? 'EXECUTION_CONFLICT_IN_FLIGHT'
            : 'DEVICE_LEASE_LOST',
        message: `The device refused to renew this run's lease: ${answer.error.message}`,
        ...(answer.error.details === undefined ? {} : { details: stripWhere(answer.error.details) }),
      };
      this.stop();
      for (const listener of this.listeners) listener(this.lost);
      return;
    }
    this.schedule();
  }
}

function stripWhere(details: Record<string, unknown>): Record<string, unknown> {
  const { phase: _phase, dispatchState: _state, ...rest } = details;
  return rest;
}

/** The outcome of asking for a lease: held, or unsupported by this Operator (with the run.json warning). */
export type LeaseOutcome = { status: 'held'; lease: HeldLease } | { status: 'unsupported'; warning: string };

/** The run.json form of a lease outcome. */
export function runLeaseOf(outcome: LeaseOutcome): RunLease {
  return outcome.status === 'held'
    ? { status: 'held', owner: outcome.lease.owner, ttlMs: outcome.lease.ttlMs }
    : { status: 'unsupported', warning: outcome.warning };
}

export interface LeaseOptions {
  ttlMs?: number;
  renewEveryMs?: number;
}

/**
 * hello, then lease_acquire when the Operator lists "lease" in its capabilities. A refusal (another owner holds the
 * device) comes back as the device's EXECUTION_CONFLICT_IN_FLIGHT naming the holder; nothing else was sent.
 */
export async function acquireDeviceLease(
  target: AgentTarget,
  owner: string,
  call: AgentCaller,
  options: LeaseOptions = {},
): Promise<Result<LeaseOutcome, HostFailure>> {
  const hello = await call({ v: 1, type: 'hello', id: `lease-hello-${randomUUID()}` }, LEASE_WAIT_MS);
  if (!hello.ok || hello.value.type !== 'hello_result') {
    const why = hello.ok ? `it answered ${hello.value.type}` : hello.error.message;
    return ok({
      status: 'unsupported',
      warning: `The Operator on ${target.serial} did not answer hello (${why}), so the device could not be leased: another process may act between this run's set, screenshot and clear.`,
    });
  }
  if (!hasCapability(hello.value.capabilities, 'lease')) {
    return ok({
      status: 'unsupported',
      warning: `The Operator on ${target.serial} (version ${hello.value.operator.versionName}) does not grant device leases: another process may act between this run's set, screenshot and clear, and the panel's generation is not checked. Update the Operator app.`,
    });
  }
  const ttlMs = options.ttlMs ?? SEQUENCE_LEASE_TTL_MS;
  const leaseId = `lease-${randomUUID()}`;
  const answer = await call(
    { v: 1, type: 'lease_acquire', id: `lease-acquire-${randomUUID()}`, leaseId, owner, ttlMs },
    LEASE_WAIT_MS,
  );
  if (!answer.ok) return answer;
  if (answer.value.type !== 'lease_result' || answer.value.lease.id !== leaseId) {
    return {
      ok: false,
      error: hostFailure(
        'RESULT_ENVELOPE_MALFORMED',
        `The Operator answered lease_acquire with ${answer.value.type} for another lease.`,
        { phase: 'result_wait', dispatchState: 'dispatched' },
      ),
    };
  }
  return ok({
    status: 'held',
    lease: new HeldLease(target, leaseId, owner, ttlMs, options.renewEveryMs ?? LEASE_RENEW_EVERY_MS),
  });
}
