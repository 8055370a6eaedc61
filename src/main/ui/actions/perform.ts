// The approve-and-revalidate step function of every UI action, over injected ports: prepare (read, select, build
// the command), ask approval with the exact preview, re-read and rebuild after approval (the same command and
// target, else UI_TARGET_CHANGED and nothing is sent), send once, then the optional read-only verification.
// The whole sequence runs as the device's only UI writer, across our processes (uiLock.ts).
import type { NodeActionRequest } from '../../../shared/agent/nodeActions';
import { randomBytes } from 'node:crypto';
import { fail, ok, type AppError, type Result } from '../../../shared/errors';
import { DEFAULT_VERIFY_TIMEOUT_MS, type Verification } from '../../../shared/ui/actionArguments';
import type { CommandResult } from '../../../node/adb/deviceCommand';
import type { Approver } from '../../approval/approval';
import type { AgentAnswer } from '../../operator/agentClient';
import type { UiNode, UiTree } from '../uiTree';
import { errorLine } from './commands';
import type { TapMethod, TapPath } from './operatorTap';
import { describeNode, identityChanges } from './target';
import { collectBaseline, observeAfterAction, type ObservePorts, type VerificationResult } from './verify';
import { withUiLock, UI_LOCK_WAIT_MS, type UiLease } from './uiLock';

/** What preparation (and revalidation) produces: the exact command, what the user is shown, and the target. */
export interface Prepared {
  command: string;
  preview: string;
  /** The node a semantic or bounds-validated action aims at; null for coordinate and key actions. */
  target: UiNode | null;
  /** The tree this preparation read (a complete one serves as verify_change's baseline after approval). */
  tree: UiTree | null;
  /**
   * The Operator path: this agent request (its id is added at dispatch) is sent instead of `command`, which then
   * only names it. Chosen before approval and never swapped for the shell path after it.
   */
  operator?: DistributiveOmit<NodeActionRequest, 'id'>;
  /** Semantic taps: the path chosen before approval, why, and the node an Accessibility click goes to. */
  tap?: TapPath & { clicked: UiNode | null };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface ActionPlan {
  tool: string;
  /** The answer's `kind`, e.g. `tap_text`. */
  kind: string;
  strength: 'normal' | 'strong';
  prepare(): Promise<Result<Prepared>>;
  /** After approval: read again and rebuild; must give the same command and target. Absent: nothing to re-read. */
  revalidate?: () => Promise<Result<Prepared>>;
}

export interface ActionPorts extends ObservePorts {
  serial: string;
  signal: AbortSignal;
  approve: Approver;
  send(command: string): Promise<Result<CommandResult>>;
  /** Sends one Operator node action (set_text / click_node) once over the agent socket. */
  sendOperator(request: NodeActionRequest): Promise<AgentAnswer>;
  /** The device's cross-process UI-writer lease (uiLock.ts); absent: serialised in this process only. */
  lease?: UiLease;
}

export interface ActionAnswer {
  kind: string;
  action_sent: true;
  command: string;
  preview: string;
  target: Record<string, unknown> | null;
  action_result: Pick<CommandResult, 'status' | 'exit_code' | 'stdout' | 'stderr' | 'duration_ms'>;
  /** null when no verification was asked for: then nothing was read after the action. */
  verification: VerificationResult | null;
  note: string | null;
  /** The Operator path only: the request type and what the Operator reported doing. */
  operator_result?: { type: string; result: Record<string, unknown> };
  /** Semantic taps: `accessibility_click` (the Operator's click_node) or `input_tap`, chosen before approval. */
  method?: TapMethod;
  /** Why `input tap` was used (null for the Accessibility click). */
  method_reason?: string | null;
  /** The Accessibility click's node as the approved tree showed it (the target or its first clickable ancestor). */
  clicked?: Record<string, unknown> | null;
}

const SELECTION_CODES = new Set(['UI_TARGET_NOT_FOUND', 'UI_TARGET_AMBIGUOUS', 'UI_TREE_INCOMPLETE']);

function changed(tool: string, approved: Prepared, why: string, details: Record<string, unknown>) {
  return fail(
    'UI_TARGET_CHANGED',
    `${tool}: target changed after confirmation (${why}); nothing was sent`,
    { action_sent: false, approved_preview: approved.preview, ...details },
    'read the screen again and confirm the new target',
  );
}

/** The re-read after approval: the same command and the same identity fields, or UI_TARGET_CHANGED. */
async function revalidated(plan: ActionPlan, approved: Prepared): Promise<Result<Prepared>> {
  if (plan.revalidate === undefined) return ok(approved);
  const again = await plan.revalidate();
  if (!again.ok) {
    if (SELECTION_CODES.has(again.error.code))
      return changed(plan.tool, approved, again.error.message, { cause: again.error });
    return notSent(again.error);
  }
  const fields =
    approved.target === null || again.value.target === null
      ? approved.target === again.value.target
        ? []
        : ['target']
      : identityChanges(approved.target, again.value.target);
  if (fields.length > 0 || again.value.command !== approved.command)
    return changed(
      plan.tool,
      approved,
      fields.length > 0 ? `${fields.join(', ')} differ` : 'the rebuilt command differs',
      {
        changed_fields: fields,
        approved_command: approved.command,
        current_command: again.value.command,
        approved_target: approved.target === null ? null : describeNode(approved.target),
        current_target: again.value.target === null ? null : describeNode(again.value.target),
      },
    );
  return again;
}

function notSent(error: AppError): Result<never> {
  return { ok: false, error: { ...error, details: { ...error.details, action_sent: false } } };
}

/** Runs one UI action through approval, revalidation, dispatch and optional verification. */
export function performAction(
  plan: ActionPlan,
  ports: ActionPorts,
  verification: Verification | undefined,
): Promise<Result<ActionAnswer>> {
  const action = async (): Promise<Result<ActionAnswer>> => {
    const prepared = await plan.prepare();
    if (!prepared.ok) return notSent(prepared.error);
    const approval = await ports.approve({
      tool: plan.tool,
      device: ports.serial,
      preview: prepared.value.preview,
      strength: plan.strength,
    });
    if (!approval.ok) return notSent(approval.error);
    const current = await revalidated(plan, prepared.value);
    if (!current.ok) return current;
    let baseline: UiTree | null = null;
    if (verification?.verify_change === true) {
      // Baselines are not kept across the approval wait: the post-approval re-read, or a fresh read now.
      const fresh = plan.revalidate === undefined ? null : current.value.tree;
      const collected =
        fresh ?? (await collectBaseline(ports, verification.timeout_ms ?? DEFAULT_VERIFY_TIMEOUT_MS)).tree;
      if (collected === null)
        return fail(
          'UI_VERIFICATION_FAILED',
          `${plan.tool}: no complete UI tree could be read before the action, so verify_change cannot be judged; nothing was sent`,
          { action_sent: false, command: current.value.command },
          'raise verification.timeout_ms, or drop verify_change',
        );
      baseline = collected;
    }
    if (ports.signal.aborted)
      return fail('COMMAND_CANCELLED', `${plan.tool} was cancelled before sending; nothing was sent`, {
        action_sent: false,
      });
    return dispatch(plan, ports, current.value, verification, baseline);
  };
  return withUiLock(ports.serial, plan.tool, ports.signal, action, UI_LOCK_WAIT_MS, ports.lease);
}

/** What a failed send observed: sent (true), not sent (false) or unknown (null), from the failure's own details. */
function observedSent(error: AppError): boolean | null {
  const details = error.details ?? {};
  if (typeof details.action_sent === 'boolean' || details.action_sent === null) return details.action_sent;
  if (details.dispatchState === 'not_dispatched') return false;
  if (details.dispatchState === 'dispatched') return true;
  return null;
}

/** A semantic tap's path in an answer or a failure's details (nothing for other actions). */
function tapFields(prepared: Prepared): Pick<ActionAnswer, 'method' | 'method_reason' | 'clicked'> {
  const tap = prepared.tap;
  if (tap === undefined) return {};
  return {
    method: tap.method,
    method_reason: tap.reason,
    clicked: tap.clicked === null ? null : describeNode(tap.clicked),
  };
}

function sendFailed(error: AppError, prepared: Prepared): Result<never> {
  const sent = observedSent(error);
  const what =
    sent === false
      ? 'nothing was sent'
      : sent === true
        ? 'it was sent once and is not retried'
        : 'the action may or may not have reached the device: observe before retrying';
  return {
    ok: false,
    error: {
      ...error,
      message: `${error.message} (${what})`,
      details: { ...error.details, action_sent: sent, command: prepared.command, ...tapFields(prepared) },
    },
  };
}

type Sent = { result: ActionAnswer['action_result']; operator?: ActionAnswer['operator_result'] };

/** Sends the prepared action once: the shell command, or the Operator request (an Operator refusal is a failure). */
async function send(ports: ActionPorts, prepared: Prepared): Promise<Result<Sent>> {
  if (prepared.operator === undefined) {
    const sent = await ports.send(prepared.command);
    return sent.ok ? ok({ result: sent.value }) : sendFailed(sent.error, prepared);
  }
  const started = ports.now();
  const request = {
    ...prepared.operator,
    id: `${prepared.operator.type}-${randomBytes(6).toString('hex')}`,
  } as NodeActionRequest;
  const answer = await ports.sendOperator(request);
  if (!answer.ok) {
    // An error frame is the Operator's refusal: the request reached it and it did nothing (or the app refused).
    const refused = answer.error.details.dispatchState === 'dispatched';
    const sent = refused ? true : observedSent(answer.error);
    const what = refused
      ? 'reached the Operator, which refused it'
      : sent === false
        ? 'was not sent'
        : 'may or may not have run: observe before retrying';
    return {
      ok: false,
      error: {
        ...answer.error,
        message: `${answer.error.message} (${request.type} ${what}; it is not retried, nor sent through the shell)`,
        details: {
          ...answer.error.details,
          action_sent: sent,
          performed: sent === null ? null : false,
          command: prepared.command,
          ...tapFields(prepared),
        },
      },
    };
  }
  const response = answer.value;
  if (response.type !== 'set_text_result' && response.type !== 'click_node_result')
    return fail(
      'RESULT_ENVELOPE_MALFORMED',
      `The Operator answered ${request.type} with ${response.type}; it may or may not have acted: observe before retrying`,
      { action_sent: null, command: prepared.command },
    );
  const stdout = JSON.stringify(response.result);
  return ok({
    // No shell ran: the Operator's result stands in the command result's place (exit_code null).
    result: { status: 'complete', exit_code: null, stdout, stderr: '', duration_ms: ports.now() - started },
    operator: { type: response.type, result: response.result },
  });
}

async function dispatch(
  plan: ActionPlan,
  ports: ActionPorts,
  prepared: Prepared,
  verification: Verification | undefined,
  baseline: UiTree | null,
): Promise<Result<ActionAnswer>> {
  const sent = await send(ports, prepared);
  if (!sent.ok) return sent;
  const result = sent.value.result;
  const action_result = {
    status: result.status,
    exit_code: result.exit_code,
    stdout: result.stdout.slice(0, 4096),
    stderr: result.stderr.slice(0, 4096),
    duration_ms: result.duration_ms,
  };
  const error = errorLine(result.stdout);
  if (result.status !== 'complete' || error !== null)
    return fail(
      result.status === 'timed_out' ? 'ANDROID_COMMAND_TIMED_OUT' : 'ANDROID_COMMAND_FAILED',
      `${prepared.command} ${error === null ? `ended ${result.status} (exit ${String(result.exit_code)})` : `answered ${error}`}${result.stderr.trim() === '' ? '' : `: ${result.stderr.trim().slice(0, 300)}`}; it was sent once and is not retried`,
      { action_sent: true, command: prepared.command, action_result, ...tapFields(prepared) },
    );
  const answer: ActionAnswer = {
    kind: plan.kind,
    action_sent: true,
    command: prepared.command,
    preview: prepared.preview,
    target: prepared.target === null ? null : describeNode(prepared.target),
    action_result,
    verification: null,
    note: 'A successful exit does not prove the step worked: read the UI again, or pass verification.',
    ...(sent.value.operator === undefined ? {} : { operator_result: sent.value.operator }),
    ...tapFields(prepared),
  };
  if (verification === undefined) return ok(answer);
  const observed = await observeAfterAction(ports, verification, baseline);
  const withVerification = { ...answer, verification: observed, note: null };
  if (observed.passed) return ok(withVerification);
  const failed = observed.checks.filter((check) => check.status !== 'verified');
  return fail(
    'UI_VERIFICATION_FAILED',
    `${plan.tool} was sent once, but its postcondition was not observed within ${observed.timeout_ms} ms: ${failed
      .map((check) => `${check.name} ${check.status}`)
      .join(', ')}; the action is not replayed`,
    { ...withVerification },
    'read the screen before retrying: the action already happened',
  );
}
