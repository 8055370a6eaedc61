// The three separate executions of a sequence, built and validated canonically before anything is dispatched.
import type { Result } from '../../shared/errors';
import { ok } from '../../shared/errors';
import { DEFAULT_TIMEOUT_MS, MAX_ID_LENGTH } from '../../shared/execution/limits';
import type { Execution, SetOnScreenLogParams } from '../../shared/execution/types';
import { validateExecution } from '../../shared/execution/validateExecution';
import type { SequenceBaseStep, SequenceStepName } from './types';

export const SEQUENCE_SOURCE = 'androperator-sequence';
// The longest step name a run can have: a held panel's 20th capture.
const LONGEST_SUFFIX = '-screenshot-20'.length;

export type SequencePayloads = Record<SequenceBaseStep, Execution>;

/** `<runId>-<step>`, the runId shortened so the commandId stays within 128 characters. */
export function sequenceCommandId(runId: string, step: SequenceStepName): string {
  return `${runId.slice(0, MAX_ID_LENGTH - LONGEST_SUFFIX)}-${step}`;
}

/** Builds and validates set (one set_on_screen_log), screenshot (one take_screenshot) and clear payloads. */
export function sequencePayloads(
  runId: string,
  design: SetOnScreenLogParams,
  timeoutMs: number = DEFAULT_TIMEOUT_MS,
): Result<SequencePayloads> {
  const build = (step: SequenceBaseStep, action: Record<string, unknown>): Result<Execution> =>
    validateExecution({
      commandId: sequenceCommandId(runId, step),
      taskId: runId.slice(0, MAX_ID_LENGTH),
      source: SEQUENCE_SOURCE,
      expectedFormat: 'android-ui-automator',
      timeoutMs,
      mode: 'direct',
      actions: [action],
    });
  const set = build('set', { id: 'set', type: 'set_on_screen_log', params: design });
  if (!set.ok) return set;
  const screenshot = build('screenshot', { id: 'screenshot', type: 'take_screenshot' });
  if (!screenshot.ok) return screenshot;
  const clear = build('clear', { id: 'clear', type: 'clear_on_screen_log' });
  if (!clear.ok) return clear;
  return ok({ set: set.value, screenshot: screenshot.value, clear: clear.value });
}
