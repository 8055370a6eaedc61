// The device side of the UI actions' ports (perform.ts, verify.ts), bound to a tool call's context.
import { homedir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { processDataPaths } from '../../../node/env/dataFolder';
import { fail, failHost, ok, type Result } from '../../../shared/errors';
import { UI_DEFAULT_MAX_NODES, type UiSourceChoice } from '../../../shared/ui/uiArguments';
import type { AndroidToolContext } from '../../android/tool';
import { callAgent } from '../../operator/agentClient';
import { DEFAULT_OPERATOR_PACKAGE } from '../../devices/hubConfig';
import { readTree } from '../readTree';
import { parseWindowFocus } from '../uiautomator';
import type { UiTree } from '../uiTree';
import { parseDisplaySize } from './commands';
import type { ActionPorts } from './perform';
import { parseFocusLine, type Foreground } from './verify';

export const ACTION_TIMEOUT_MS = 30_000;
/** How long an Operator node action may take to answer (its own main-thread budget is 5 s). */
export const OPERATOR_ACTION_WAIT_MS = 10_000;

/**
 * A tree from exactly this source (the one chosen before approval; never swapped after it). `signal` cancels an
 * Operator read in flight (its agent stream is closed before this answers).
 */
export async function readFrom(
  context: AndroidToolContext,
  source: UiSourceChoice,
  signal?: AbortSignal,
): Promise<Result<UiTree>> {
  const read = await readTree(context, source, UI_DEFAULT_MAX_NODES, signal);
  return read.ok ? ok(read.value.tree) : read;
}

/** The context with every device command cut at `budgetMs` (a verification read gets only the budget left). */
export function withinCommandBudget(
  context: AndroidToolContext,
  budgetMs: number | undefined,
): AndroidToolContext {
  if (budgetMs === undefined) return context;
  const cap = Math.max(1, Math.ceil(budgetMs));
  return {
    ...context,
    run: (command, options) =>
      context.run(command, { ...options, timeoutMs: Math.min(options?.timeoutMs ?? cap, cap) }),
  };
}

/** The focused window's owner from `dumpsys window` (mCurrentFocus). */
export async function readForeground(context: AndroidToolContext): Promise<Result<Foreground>> {
  const answer = await context.run('dumpsys window', { timeoutMs: 10_000 });
  if (!answer.ok) return answer;
  if (answer.value.status !== 'complete')
    return fail('ANDROID_COMMAND_FAILED', `dumpsys window ended ${answer.value.status}`, {
      stderr: answer.value.stderr.slice(0, 300),
    });
  return ok(parseFocusLine(parseWindowFocus(answer.value.stdout).current_focus));
}

/** `wm size` (the override when set). */
export async function readDisplaySize(
  context: AndroidToolContext,
): Promise<Result<{ width: number; height: number }>> {
  const answer = await context.run('wm size', { timeoutMs: 10_000 });
  if (!answer.ok) return answer;
  return parseDisplaySize(answer.value.stdout);
}

/** Ports over a tool context; observation reads the tree from `source` (auto: Operator first). */
export function contextPorts(context: AndroidToolContext, source: UiSourceChoice = 'auto'): ActionPorts {
  const device = context.device;
  return {
    serial: device?.serial ?? '',
    // One lease per device of one adb server, shared by every androperator process of this user.
    ...(device === undefined
      ? {}
      : {
          lease: {
            folder: processDataPaths(homedir()).uiLeases,
            key: `${device.client.host}:${device.client.port}/${device.serial}`,
          },
        }),
    signal: context.signal,
    approve: context.approve,
    send: (command) => context.run(command, { timeoutMs: ACTION_TIMEOUT_MS }),
    sendOperator: (request) =>
      device === undefined
        ? Promise.resolve(
            failHost('DEVICE_NOT_FOUND', 'no device to send the Operator request to', {
              phase: 'readiness',
              dispatchState: 'not_dispatched',
            }),
          )
        : callAgent(
            { client: device.client, serial: device.serial, operatorPackage: DEFAULT_OPERATOR_PACKAGE },
            request,
            OPERATOR_ACTION_WAIT_MS,
          ),
    readTree: (budgetMs?: number, signal?: AbortSignal) =>
      readFrom(withinCommandBudget(context, budgetMs), source, signal),
    foreground: (budgetMs) => readForeground(withinCommandBudget(context, budgetMs)),
    now: () => context.now(),
    sleep: (ms) => sleep(ms, undefined, { signal: context.signal }).catch(() => undefined),
    aborted: () => context.signal.aborted,
  };
}
