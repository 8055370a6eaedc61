// The one-line verdict a result column opens with: passed, failed (and where), or still running. Pure.
import type { RunCrashReport } from '../../../shared/api/evidence';
import { CRASH_FLAG_NOTE, CRASH_KIND_TEXT, crashFlag } from '../../../shared/logcat/crashes';
import { formatBounds } from '../../../shared/geometry/bounds';
import type { Rect } from '../../../shared/geometry/types';
import type { ResultColumn, StepError } from './runModel';

export type VerdictTone = 'good' | 'bad' | 'warn' | 'running';

export interface Verdict {
  tone: VerdictTone;
  /** "Passed", "Failed at Set panel", "Running: Screenshot". */
  title: string;
  /** One sentence under the title. */
  detail: string;
  /** The error the verdict is about (shown with its code and advice right under it). */
  error?: StepError;
  /** The name of the step that error belongs to, so the step list does not repeat it. */
  errorStep?: string;
}

export const STEP_TITLES: Record<string, string> = {
  set: 'Set panel',
  screenshot: 'Screenshot',
  clear: 'Clear panel',
};

export function stepTitle(name: string): string {
  return STEP_TITLES[name] ?? name;
}

function sameRect(a: Rect, b: Rect): boolean {
  return a.left === b.left && a.top === b.top && a.right === b.right && a.bottom === b.bottom;
}

/** How the reported bounds compare with the predicted ones, when both are known. */
export function boundsAgreement(column: ResultColumn): string | null {
  const { reportedBounds: reported, predictedBounds: predicted } = column;
  if (reported === undefined || predicted === undefined) return null;
  if (sameRect(reported, predicted))
    return `the reported bounds equal the prediction ${formatBounds(reported)}`;
  return `the reported bounds ${formatBounds(reported)} differ from the prediction ${formatBounds(predicted)}`;
}

/** The verdict of one device's result column. */
export function verdictOf(column: ResultColumn): Verdict {
  const running = column.steps.find((step) => step.status === 'running');
  if (column.status === 'running') {
    return {
      tone: 'running',
      title: running === undefined ? 'Running' : `Running: ${stepTitle(running.name)}`,
      detail: 'The verdict follows when every step has answered.',
    };
  }
  const failedStep = column.steps.find((step) => step.status === 'failed' && step.error !== undefined);
  if (column.error !== undefined || failedStep !== undefined || column.status === 'failed') {
    // A whole-run error (interference, nothing ran) outranks a step's own.
    const error = column.error ?? failedStep?.error;
    const where =
      column.error === undefined && failedStep !== undefined ? ` at ${stepTitle(failedStep.name)}` : '';
    const verdict: Verdict = {
      tone: 'bad',
      title: `Failed${where}`,
      detail: error === undefined ? 'A step failed.' : error.message,
    };
    if (error !== undefined) verdict.error = error;
    if (column.error === undefined && failedStep !== undefined) verdict.errorStep = failedStep.name;
    return verdict;
  }
  if (column.status === 'interrupted') {
    return { tone: 'warn', title: 'Interrupted', detail: 'The run stopped before every step finished.' };
  }
  const check = column.captureCheck;
  const bounds = boundsAgreement(column);
  if (check !== undefined && !check.inCapture) {
    return {
      tone: 'bad',
      title: 'Failed: the panel is not in the capture',
      detail: `Every step succeeded, but the screenshot does not show the panel${bounds ? `; ${bounds}` : ''}.`,
    };
  }
  if (check !== undefined) {
    const differs =
      column.reportedBounds !== undefined &&
      column.predictedBounds !== undefined &&
      !sameRect(column.reportedBounds, column.predictedBounds);
    return {
      tone: differs ? 'warn' : 'good',
      title: 'Passed: the panel is in the capture',
      detail: bounds === null ? 'Every step succeeded.' : `Every step succeeded; ${bounds}.`,
    };
  }
  const names = column.steps.map((step) => stepTitle(step.name)).join(', ');
  return {
    tone: 'good',
    title: `${names} succeeded`,
    detail: bounds === null ? 'No capture check for this run.' : `No capture check; ${bounds}.`,
  };
}

export { CRASH_FLAG_NOTE, CRASH_KIND_TEXT, crashFlag };

/** The verdict line as Results shows it: the verdict's title, then the crash flag when there is one. */
export function verdictLine(verdict: Verdict, report: RunCrashReport | undefined): string {
  const flag = crashFlag(report);
  return flag === null ? verdict.title : `${verdict.title} \u00b7 ${flag}`;
}
