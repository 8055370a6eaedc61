// A held run ("Run and hold") as Results shows it: the hold's state and every capture with its check, from
// run:hold events, a finished sequence or a stored run. Pure.
import type { RunCapture, RunHold } from '../../../shared/api/evidence';
import {
  holdEndText,
  isCaptureStep,
  type SequenceHoldState,
  type SequenceResult,
} from '../../../shared/api/sequence';
import type { ResultColumn, StepView } from './runModel';

/** The hold as a column shows it. */
export type HoldView = Omit<SequenceHoldState, 'runId' | 'captures'>;

/** A column updated by one run:hold event of its device's run. */
export function applyHold(column: ResultColumn, event: SequenceHoldState): ResultColumn {
  const { runId, captures, ...hold } = event;
  return { ...column, runId, captures, hold };
}

/** The hold's view from a record or a result (finished: nothing is capturing any more). */
export function endedHold(hold: RunHold): HoldView {
  return {
    status: 'ended',
    maxCaptures: hold.maxCaptures,
    maxMs: hold.maxMs,
    capturing: false,
    queued: 0,
    ...(hold.startedAt === undefined ? {} : { startedAt: hold.startedAt }),
    ...(hold.endedBy === undefined ? {} : { endedBy: hold.endedBy }),
    ...(hold.endedBy === undefined
      ? {}
      : { endedReason: holdEndText(hold.endedBy, hold.maxCaptures, hold.maxMs, hold.error) }),
  };
}

/** A held run's later captures are listed as captures, not as steps (the step list keeps set, first capture, clear). */
export function withoutLaterCaptures(steps: StepView[]): StepView[] {
  return steps.filter((step) => step.name === 'screenshot' || !isCaptureStep(step.name));
}

/** The column with a finished held run's hold and captures. */
export function heldColumn(
  column: ResultColumn,
  source: Pick<SequenceResult, 'hold' | 'captures'>,
): ResultColumn {
  if (source.hold === undefined) return column;
  return {
    ...column,
    steps: withoutLaterCaptures(column.steps),
    hold: endedHold(source.hold),
    captures: source.captures ?? [],
  };
}

/** "com.example 1.2.3 (123)", or why it was not read. */
export function foregroundText(capture: RunCapture): string | null {
  const seen = capture.foreground;
  if (seen === undefined) return null;
  if (seen.status === 'failed' && seen.packageName === undefined)
    return `not read: ${seen.error?.message ?? 'unknown'}`;
  const version =
    seen.versionName === undefined
      ? ''
      : ` ${seen.versionName}${seen.versionCode === undefined ? '' : ` (${seen.versionCode})`}`;
  const failure = seen.status === 'failed' ? ` (version not read: ${seen.error?.message ?? 'unknown'})` : '';
  return `${seen.packageName ?? '?'}${version}${failure}`;
}
