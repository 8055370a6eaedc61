// This page's own recordings: a countdown to the automatic collection and analysis, then its phase or failure.
import { useEffect, useState, type ReactNode } from 'react';
import { useConsole } from '../store/context';
import { secondsLeft, type Continuation } from './continuation';
import { ErrorLine } from './ErrorLine';

const STEP_WORDS = {
  collect: 'Collecting the trace failed',
  recording: 'Recording was still active at the deadline',
  analyze: 'The analysis failed',
} as const;

/** Re-renders every second while `active`, returning the time now. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function ContinuationRow(props: { continuation: Continuation }): ReactNode {
  const { continuation } = props;
  const { capture } = continuation;
  const cancelContinuation = useConsole((state) => state.cancelContinuation);
  const selectTraceReport = useConsole((state) => state.selectTraceReport);
  const now = useNow(continuation.phase === 'waiting');
  const total = Math.max(1, Math.ceil((capture.dueMs - capture.startedMs) / 1000));
  const left = secondsLeft(capture, now);
  return (
    <li className={`trace-continuation phase-${continuation.phase}`}>
      <div className="trace-continuation-head">
        <span className="mono">{capture.traceId}</span>
        <span className="muted"> on {capture.device}</span>
        {capture.package !== null && <span className="muted"> · {capture.package}</span>}
      </div>
      {continuation.phase === 'waiting' && (
        <>
          <div className="trace-countdown" role="timer" aria-live="off" aria-label="Automatic analysis in">
            Recording · automatic analysis in {left} s
          </div>
          <progress max={total} value={total - left} aria-label="Recording progress" />
          <div className="trace-continuation-actions">
            <button type="button" onClick={() => cancelContinuation(capture.traceId)}>
              Cancel automatic analysis
            </button>
            <span className="hint">
              Cancelling stops nothing: the capture still ends at its own duration.
            </span>
          </div>
        </>
      )}
      {continuation.phase === 'collecting' && (
        <p role="status">Collecting the trace (approve the stop in the dialog)…</p>
      )}
      {continuation.phase === 'analyzing' && <p role="status">Analysing…</p>}
      {continuation.phase === 'completed' && (
        <p role="status">
          Analysed.{' '}
          <button type="button" className="link-button" onClick={() => selectTraceReport(capture.traceId)}>
            Open report
          </button>
        </p>
      )}
      {continuation.phase === 'cancelled' && (
        <p role="status" className="muted">
          Automatic analysis cancelled; nothing more was sent. The capture is kept in the list below.
        </p>
      )}
      {continuation.phase === 'failed' && (
        <ErrorLine error={continuation.error} prefix={`${STEP_WORDS[continuation.step]}:`} />
      )}
    </li>
  );
}

export function Continuations(): ReactNode {
  const continuations = useConsole((state) => state.traceContinuations);
  const list = Object.values(continuations).sort((a, b) => b.capture.startedMs - a.capture.startedMs);
  if (list.length === 0) return null;
  return (
    <section className="trace-card" aria-labelledby="trace-continuations-title">
      <h3 id="trace-continuations-title">Recordings from this page</h3>
      <ul className="trace-continuations" aria-label="Recordings from this page">
        {list.map((continuation) => (
          <ContinuationRow key={continuation.capture.traceId} continuation={continuation} />
        ))}
      </ul>
    </section>
  );
}
