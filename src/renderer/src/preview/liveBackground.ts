// The preview's "Live screen" background, decided in one pure place: which background the preview draws (the live
// frame, the capture without panel, or the neutral screen), why a live frame is not drawn (capture failed, device
// offline, a frame of another size), how old the shown frame is, and whether it shows a panel this console put up.
import type { ScreenFrameAnswer } from '../../../shared/api/screenSchemas';
import type { AppError } from '../../../shared/errors';
import type { PollerState } from '../screen/framePoller';
import type { ConsoleState } from '../store/types';

/** The backgrounds the user can choose; "capture" falls back to the neutral screen while there is none. */
export type BackgroundChoice = 'capture' | 'live' | 'neutral';

export const BACKGROUND_CHOICES: readonly BackgroundChoice[] = ['capture', 'live', 'neutral'];

/** The choice after `choice` (the B shortcut cycles through them). */
export function nextBackground(choice: BackgroundChoice): BackgroundChoice {
  const index = BACKGROUND_CHOICES.indexOf(choice);
  return BACKGROUND_CHOICES[(index + 1) % BACKGROUND_CHOICES.length] ?? 'capture';
}

/** Why a chosen live screen is not drawn; the preview falls back to the capture without panel or the neutral one. */
export type LiveProblem =
  | { kind: 'no-device' }
  | { kind: 'offline' }
  | { kind: 'waiting' }
  | { kind: 'failed'; error: AppError }
  | { kind: 'size'; frame: { widthPx: number; heightPx: number } };

export type LiveView =
  { kind: 'frame'; frame: ScreenFrameAnswer } | { kind: 'problem'; problem: LiveProblem };

/**
 * What the live background shows for `serial` given the poller's state: its last frame while capture works and the
 * frame has the display's size; otherwise the problem to say (a failed capture's structured error, the device
 * offline, nothing yet).
 */
export function liveViewOf(
  live: PollerState,
  serial: string | null,
  online: boolean,
  display: { widthPx: number; heightPx: number } | undefined,
): LiveView {
  if (serial === null) return { kind: 'problem', problem: { kind: 'no-device' } };
  if (!online || (live.serial === serial && live.status === 'disconnected'))
    return { kind: 'problem', problem: { kind: 'offline' } };
  if (live.serial !== serial) return { kind: 'problem', problem: { kind: 'waiting' } };
  if (live.status === 'failed' && live.error !== null)
    return { kind: 'problem', problem: { kind: 'failed', error: live.error } };
  const frame = live.frame;
  if (frame === null) return { kind: 'problem', problem: { kind: 'waiting' } };
  if (display !== undefined && (frame.widthPx !== display.widthPx || frame.heightPx !== display.heightPx))
    return { kind: 'problem', problem: { kind: 'size', frame } };
  return { kind: 'frame', frame };
}

/** The problem in words, as the preview says it next to the fallback background. */
export function liveProblemText(
  problem: LiveProblem,
  display?: { widthPx: number; heightPx: number },
): string {
  switch (problem.kind) {
    case 'no-device':
      return 'Live screen: choose a target device.';
    case 'offline':
      return 'Live screen paused: the device is offline. No frames are requested until it is back.';
    case 'waiting':
      return 'Live screen: waiting for the first frame\u2026';
    case 'failed':
      return `Live screen failed: ${problem.error.message}`;
    case 'size':
      return (
        `Live screen not drawn: the frame is ${problem.frame.widthPx} \u00d7 ${problem.frame.heightPx} px but the ` +
        `display was described as ${display?.widthPx ?? '?'} \u00d7 ${display?.heightPx ?? '?'} px ` +
        '(rotated?). Describe the device again.'
      );
  }
}

/** A frame's age ("0.4 s", "12 s", "3 min") from its ISO capture time; a clock ahead of ours counts as 0. */
export function frameAge(capturedAt: string, nowMs: number): string {
  const taken = Date.parse(capturedAt);
  if (Number.isNaN(taken)) return 'unknown';
  const seconds = Math.max(0, nowMs - taken) / 1000;
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 120) return `${Math.round(seconds)} s`;
  return `${Math.round(seconds / 60)} min`;
}

/**
 * Whether this console has a panel up on `serial` now, so a live frame shows it: a Set panel that succeeded and no
 * Clear since, or a sequence between its set and its clear (or whose clear did not succeed). A panel put up by the
 * CLI or an agent outside this console is not known here.
 */
export function consolePanelShown(state: ConsoleState, serial: string): boolean {
  if (state.lastReportedBounds[serial] !== undefined) return true;
  const run = state.activeRun;
  if (run === null || run.kind !== 'sequence') return false;
  const column = run.columns.find((candidate) => candidate.serial === serial);
  const set = column?.steps.find((step) => step.name === 'set')?.status;
  const clear = column?.steps.find((step) => step.name === 'clear')?.status;
  return (set === 'running' || set === 'succeeded') && clear !== 'succeeded';
}
