// "Run and hold" in the run bar: the panel is set and captured, then stays up; Capture (Space) takes another
// screenshot of every held device, Release (Esc) clears it. The hold's bounds clear it by themselves (the column says
// why). While held, the bar says how many captures are in and when the hold ends.
import type { ReactNode } from 'react';
import { HOLD_MAX_CAPTURES, HOLD_MAX_MS } from '../../../shared/api/sequence';
import { useConsole } from '../store/context';
import { selectRunSerials } from '../store/selectors';
import { shortcutOf } from '../ui/shortcuts';
import { formatRunTime } from '../ui/time';
import { IS_MAC } from '../ui/useShortcuts';
import { forecastLabel } from './forecast';
import { forecastOf } from './forecastState';
import type { HoldView } from './holdModel';
import { blockerOf } from './runsSlice';
import './holdBar.css';

const keys = (command: 'holdSequence' | 'captureHeld' | 'releaseHeld') => shortcutOf(command, IS_MAC);

/** What the held columns say together: captures in, the most allowed, when it ends, whether one is being taken. */
function heldSummary(holds: Array<HoldView & { taken: number }>) {
  const holding = holds.filter((hold) => hold.status !== 'ended');
  const taken = Math.max(0, ...holds.map((hold) => hold.taken));
  const max = Math.min(HOLD_MAX_CAPTURES, ...holds.map((hold) => hold.maxCaptures));
  const endsAt = holding.map((hold) => hold.endsAt).find((at) => at !== undefined);
  return {
    holding: holding.length,
    waiting: holding.some((hold) => hold.status === 'waiting'),
    capturing: holding.some((hold) => hold.capturing || hold.queued > 0),
    taken,
    max,
    endsAt,
    full: holding.length > 0 && holding.every((hold) => hold.taken + hold.queued >= hold.maxCaptures),
  };
}

export function HoldBar(props: { hintId: string }): ReactNode {
  const holdActive = useConsole((state) => state.holdActive);
  const blocker = useConsole((state) => blockerOf(state, 'sequence'));
  const serials = useConsole(selectRunSerials);
  const warning = useConsole((state) => forecastLabel(forecastOf(state, 'sequence'), serials.length));
  const columns = useConsole((state) => state.activeRun?.columns);
  const holdSequence = useConsole((state) => state.holdSequence);
  const captureHeld = useConsole((state) => state.captureHeld);
  const releaseHeld = useConsole((state) => state.releaseHeld);
  if (!holdActive) {
    const start = keys('holdSequence');
    const warned = blocker === null && warning !== null;
    return (
      <div className="hold-bar">
        <button
          type="button"
          className={warned ? 'will-fail' : ''}
          disabled={blocker !== null}
          title={
            blocker ??
            `Run and hold (${start.keys}): set, capture, and keep the panel up for more captures until Release; ` +
              `at most ${HOLD_MAX_CAPTURES} captures and ${HOLD_MAX_MS / 60_000} minutes.`
          }
          aria-keyshortcuts={start.aria}
          aria-describedby={blocker !== null || warned ? props.hintId : undefined}
          onClick={() => void holdSequence()}
        >
          Run and hold
        </button>
        <span className="muted small">
          More captures while the panel stays up ({keys('captureHeld').keys}), then Release (
          {keys('releaseHeld').keys}).
        </span>
      </div>
    );
  }
  const holds = (columns ?? []).flatMap((column) =>
    column.hold === undefined ? [] : [{ ...column.hold, taken: column.captures?.length ?? 0 }],
  );
  const summary = heldSummary(holds);
  const status = summary.waiting
    ? 'Setting the panel and taking the first capture\u2026'
    : `Panel held on ${summary.holding} device${summary.holding === 1 ? '' : 's'} \u00b7 ${summary.taken} of ${
        summary.max
      } captures${summary.capturing ? ' \u00b7 capturing\u2026' : ''}${
        summary.endsAt === undefined
          ? ''
          : ` \u00b7 clears by itself at ${formatRunTime(summary.endsAt, new Date())}`
      }`;
  const capture = keys('captureHeld');
  const release = keys('releaseHeld');
  return (
    <div className="hold-bar holding" role="group" aria-label="Held panel">
      <p className="hold-status" role="status">
        {summary.holding === 0 && holds.length > 0 ? 'Clearing the panel\u2026' : status}
      </p>
      <div className="hold-buttons">
        <button
          type="button"
          className="primary"
          disabled={summary.holding === 0 || summary.full}
          title={
            summary.full
              ? 'The last capture this hold takes is on its way'
              : `Capture again (${capture.keys})`
          }
          aria-keyshortcuts={capture.aria}
          onClick={() => void captureHeld()}
        >
          Capture ({capture.keys})
        </button>
        <button
          type="button"
          disabled={summary.holding === 0}
          title={`Release: clear the panel and finish the run (${release.keys})`}
          aria-keyshortcuts={release.aria}
          onClick={() => void releaseHeld()}
        >
          Release ({release.keys})
        </button>
      </div>
    </div>
  );
}
