// Execution payloads the console sends (Set panel, Clear panel) and "Copy as JSON payload" copies.
import type { Result } from '../../../shared/errors';
import { DEFAULT_TIMEOUT_MS } from '../../../shared/execution/limits';
import type { Execution, SetOnScreenLogParams } from '../../../shared/execution/types';
import { validateExecution } from '../../../shared/execution/validateExecution';

export const CONSOLE_SOURCE = 'androperator-console';

export type PanelAction = 'set' | 'clear';

export interface PayloadOptions {
  timeoutMs?: number;
  /** Epoch ms for the commandId. */
  now: number;
  /** Seven base-36 characters that make the commandId unique. */
  nonce: string;
}

/** Seven random base-36 characters. */
export function randomNonce(random: () => number = Math.random): string {
  let nonce = '';
  for (let i = 0; i < 7; i += 1) nonce += Math.floor(random() * 36).toString(36);
  return nonce;
}

/** A validated one-action execution: `set_on_screen_log` with the params, or `clear_on_screen_log`. */
export function panelExecution(
  action: PanelAction,
  params: SetOnScreenLogParams | null,
  options: PayloadOptions,
): Result<Execution> {
  const commandId = `console-${action}-${options.now}-${options.nonce}`;
  const step =
    action === 'set'
      ? { id: 'set', type: 'set_on_screen_log', params: params ?? {} }
      : { id: 'clear', type: 'clear_on_screen_log' };
  return validateExecution({
    commandId,
    taskId: `console-on-screen-log-${action}`,
    source: CONSOLE_SOURCE,
    expectedFormat: 'android-ui-automator',
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    actions: [step],
  });
}

/** The set execution as pretty JSON (two-space indent), or the validation error. */
export function payloadJson(params: SetOnScreenLogParams, options: PayloadOptions): Result<string> {
  const execution = panelExecution('set', params, options);
  return execution.ok ? { ok: true, value: JSON.stringify(execution.value, null, 2) } : execution;
}
