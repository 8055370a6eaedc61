// Test helpers for runExecution: payload builders and envelope accessors.
import type { ResultEnvelope } from '../shared/envelope';
import type { Result } from '../shared/errors';
import type { ExecutionResult } from '../main/execution/types';

let counter = 0;

/** An execution payload with fresh ids (`run-<n>`, `task-<n>`) and a 5 s budget; `extra` overrides fields. */
export function payload(
  actions: unknown[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> & {
  commandId: string;
  taskId: string;
} {
  counter += 1;
  return {
    commandId: `run-${counter}`,
    taskId: `task-${counter}`,
    source: 'test',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 5000,
    actions,
    ...extra,
  } as Record<string, unknown> & { commandId: string; taskId: string };
}

/** The envelope of a successful run; throws (failing the test) on a host failure. */
export function envelopeOf(result: Result<ExecutionResult>): ResultEnvelope {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value.envelope;
}

export function stepData(envelope: ResultEnvelope, index: number): Record<string, string> {
  const step = envelope.stepResults[index];
  if (step === undefined) throw new Error(`no step ${index}`);
  return step.data;
}
