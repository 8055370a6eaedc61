// Runs a canonical execution on the simulated Operator: validates again, runs each action in order, reconciles.
import { ok, type Result } from '../../shared/errors';
import type { ResultEnvelope, StepResult } from '../../shared/envelope';
import type { Action, Execution } from '../../shared/execution/types';
import { validateExecution } from '../../shared/execution/validateExecution';
import { reconcileEnvelope } from '../../shared/reconcile';
import type { PanelController } from './panelController';
import type { Clock } from './clock';

/** What a snapshot reads from the simulated device. */
export interface SnapshotSource {
  snapshot(): {
    xml: string;
    foregroundPackage: string | null;
    windowCount: number;
    overlayPackage: string | null;
  } | null;
}

/** The reconciled envelope, or why the execution was refused before any action ran. */
export type ExecuteOutcome = Result<ResultEnvelope>;

/** Executes one payload; the caller guarantees one execution at a time. */
export async function executeOnOperator(
  input: unknown,
  controller: PanelController,
  snapshotSource: SnapshotSource,
  clock: Clock,
): Promise<ExecuteOutcome> {
  const validated = validateExecution(input);
  if (!validated.ok) return validated;
  const execution: Execution = validated.value;
  const startedAt = clock.now();
  const stepResults: StepResult[] = [];
  for (const action of execution.actions) {
    const remaining = execution.timeoutMs - (clock.now() - startedAt);
    stepResults.push(await runAction(action, remaining, controller, snapshotSource));
  }
  const envelope: ResultEnvelope = {
    commandId: execution.commandId,
    taskId: execution.taskId,
    status: 'success',
    stepResults,
    error: null,
  };
  return ok(reconcileEnvelope(envelope));
}

async function runAction(
  action: Action,
  remainingMs: number,
  controller: PanelController,
  source: SnapshotSource,
): Promise<StepResult> {
  const step = (success: boolean, data: Record<string, string>): StepResult => ({
    id: action.id,
    actionType: action.type,
    success,
    data,
  });
  switch (action.type) {
    case 'set_on_screen_log': {
      const result = await controller.set(action.params, remainingMs);
      return step(result.success, result.data);
    }
    case 'clear_on_screen_log': {
      const result = await controller.clear();
      return step(result.success, result.data);
    }
    case 'snapshot': {
      const snapshot = source.snapshot();
      if (snapshot === null) {
        return step(false, {
          error: 'SNAPSHOT_FAILED',
          errorCode: 'SNAPSHOT_FAILED',
          message: 'The accessibility service is not connected; no window can be read.',
        });
      }
      const data: Record<string, string> = {
        text: snapshot.xml,
        actual_format: 'hierarchy_xml',
        has_overlay: String(snapshot.overlayPackage !== null),
        window_count: String(snapshot.windowCount),
        operator_overlay_visible: String(controller.visible),
      };
      if (snapshot.foregroundPackage !== null) data.foreground_package = snapshot.foregroundPackage;
      if (snapshot.overlayPackage !== null) data.overlay_package = snapshot.overlayPackage;
      return step(true, data);
    }
    case 'take_screenshot':
      return step(false, {
        error: 'UNSUPPORTED_RUNTIME_SCREENSHOT',
        errorCode: 'UNSUPPORTED_RUNTIME_SCREENSHOT',
        message:
          'The Operator cannot capture the screen; the host captures it with screencap after the envelope returns.',
      });
  }
}
