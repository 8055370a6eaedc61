// The console's approval dialog, main side: an ApprovalRequest becomes an approval:requested event for the open
// console pages, and the tool waits for one approval:answer with its id. No page to ask, a page that goes away, a
// timeout or a refusal all refuse; an unknown or already settled id is an error and approves nothing.
import { randomBytes } from 'node:crypto';
import type { ApprovalPrompt, ApprovalSettled } from '../../shared/api/contract';
import { fail, ok, type Result } from '../../shared/errors';
import type { ApprovalRequest, Approver } from '../approval/approval';
import type { ConsoleEventBus } from './events';

/** How long a prompt waits for its answer. */
export const APPROVAL_TIMEOUT_MS = 120_000;
/** How often a waiting prompt checks that a console page is still there to answer it. */
export const AUDIENCE_CHECK_MS = 1_000;

export interface ApprovalAnswer {
  id: string;
  approved: boolean;
  /** The strong dialog's second confirmation. */
  confirmed?: boolean;
}

export interface ConsoleApproverOptions {
  events: Pick<ConsoleEventBus, 'emit' | 'audience'>;
  timeoutMs?: number;
  audienceCheckMs?: number;
  now?: () => number;
  /** Calls `callback` every `ms` until the returned stop function runs (tests drive it by hand). */
  every?: (ms: number, callback: () => void) => () => void;
  newId?: () => string;
}

interface Pending {
  prompt: ApprovalPrompt;
  settle: (outcome: ApprovalSettled['outcome'], result: Result<void>) => void;
}

const realEvery = (ms: number, callback: () => void): (() => void) => {
  const timer = setInterval(callback, ms);
  timer.unref();
  return () => clearInterval(timer);
};

const newApprovalId = (): string => `approval-${randomBytes(12).toString('base64url')}`;

/** One per console process: asks the open pages, holds the pending prompts, accepts their answers. */
export class ConsoleApprover {
  private readonly pendingById = new Map<string, Pending>();
  private readonly timeoutMs: number;
  private readonly audienceCheckMs: number;
  private readonly now: () => number;
  private readonly every: (ms: number, callback: () => void) => () => void;
  private readonly newId: () => string;

  constructor(private readonly options: ConsoleApproverOptions) {
    this.timeoutMs = options.timeoutMs ?? APPROVAL_TIMEOUT_MS;
    this.audienceCheckMs = options.audienceCheckMs ?? AUDIENCE_CHECK_MS;
    this.now = options.now ?? Date.now;
    this.every = options.every ?? realEvery;
    this.newId = options.newId ?? newApprovalId;
  }

  /** The Approver the console's tool runs use (android:run). */
  readonly approve: Approver = (request) => this.ask(request);

  /** The prompts waiting for an answer, oldest first. */
  pending(): ApprovalPrompt[] {
    return [...this.pendingById.values()].map((entry) => entry.prompt);
  }

  private ask(request: ApprovalRequest): Promise<Result<void>> {
    const { events } = this.options;
    if (events.audience() === 0) return Promise.resolve(unavailable(request, 'no console window is open'));
    const startedAt = this.now();
    const prompt: ApprovalPrompt = {
      id: this.newId(),
      tool: request.tool,
      device: request.device,
      preview: request.preview,
      strength: request.strength,
      expires_at: new Date(startedAt + this.timeoutMs).toISOString(),
    };
    return new Promise((resolve) => {
      const stop = this.every(this.audienceCheckMs, () => {
        if (events.audience() === 0)
          settle('unavailable', unavailable(request, 'the console window closed before an answer'));
        else if (this.now() - startedAt >= this.timeoutMs)
          settle(
            'expired',
            fail(
              'APPROVAL_REFUSED',
              `${request.tool} was not approved within ${Math.round(this.timeoutMs / 1000)} s; nothing was sent`,
              { tool: request.tool, reason: 'timeout' },
            ),
          );
      });
      const settle = (outcome: ApprovalSettled['outcome'], result: Result<void>): void => {
        if (!this.pendingById.delete(prompt.id)) return;
        stop();
        events.emit('approval:settled', { id: prompt.id, outcome });
        resolve(result);
      };
      this.pendingById.set(prompt.id, { prompt, settle });
      events.emit('approval:requested', prompt);
    });
  }

  /** The answer of a console page. Approves only a pending id, and a strong one only with `confirmed`. */
  answer(answer: ApprovalAnswer): Result<ApprovalSettled> {
    const entry = this.pendingById.get(answer.id);
    if (entry === undefined)
      return fail(
        'APPROVAL_NOT_PENDING',
        `${answer.id} is not waiting for an answer (already answered, timed out, withdrawn or never asked): nothing was approved`,
        { id: answer.id },
      );
    const { prompt } = entry;
    if (!answer.approved) {
      entry.settle(
        'refused',
        fail('APPROVAL_REFUSED', `${prompt.tool} was refused in the console; nothing was sent`, {
          tool: prompt.tool,
          preview: prompt.preview,
        }),
      );
      return ok({ id: prompt.id, outcome: 'refused' });
    }
    if (prompt.strength === 'strong' && answer.confirmed !== true)
      return fail(
        'INVALID_ARGUMENTS',
        `approval:answer: ${prompt.tool} is a strong request and needs confirmed: true with approved: true (the dialog's second confirmation); it is still waiting, nothing was approved`,
        { field: 'confirmed', id: prompt.id },
      );
    entry.settle('approved', ok(undefined));
    return ok({ id: prompt.id, outcome: 'approved' });
  }

  /** Refuses every waiting prompt (the console is closing); each page is told it was withdrawn. */
  refuseAll(why: string): void {
    for (const entry of [...this.pendingById.values()])
      entry.settle(
        'unavailable',
        unavailable({ tool: entry.prompt.tool, preview: entry.prompt.preview }, why),
      );
  }
}

function unavailable(request: Pick<ApprovalRequest, 'tool' | 'preview'>, why: string): Result<never> {
  return fail(
    'APPROVAL_UNAVAILABLE',
    `${request.tool} needs approval in the console, but ${why}: nothing was sent; open the console and run it again`,
    { tool: request.tool, preview: request.preview },
  );
}
