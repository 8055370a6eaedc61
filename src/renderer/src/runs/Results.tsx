// The Results region: the shown run, one column per device side by side.
import { formatRunTime } from '../ui/time';
import { useEffect, useRef, type ReactNode } from 'react';
import { useConsole } from '../store/context';
import { ResultColumnView } from './ResultColumnView';
import type { RunKind } from './runsSlice';
import './results.css';
import './runEvidence.css';

const KIND_TEXT: Record<RunKind, string> = {
  sequence: 'Sequence',
  set: 'Set panel',
  clear: 'Clear panel',
  screenshot: 'Screenshot',
  history: 'From history',
};

export function Results(): ReactNode {
  const run = useConsole((state) => state.activeRun);
  const region = useRef<HTMLElement>(null);
  const runId = run?.id;
  useEffect(() => {
    // A new run (or a reopened one) is what the user wants to see: bring the region up if it is scrolled away.
    const element = region.current;
    if (runId === undefined || element === null) return;
    const box = element.getBoundingClientRect();
    if (box.top > window.innerHeight * 0.45 || box.bottom < 80) element.scrollIntoView({ block: 'start' });
  }, [runId]);
  return (
    <section className="panel results" role="region" aria-label="Results" ref={region}>
      <header className="panel-header">
        <h2>Results</h2>
        {run !== null && (
          <span className="muted">
            {KIND_TEXT[run.kind]}
            {run.kind === 'sequence' || run.kind === 'history' ? ` \u00b7 ${run.title}` : ''} ·{' '}
            {formatRunTime(run.startedAt, new Date())}
          </span>
        )}
      </header>
      {run === null ? (
        <p className="empty">
          Run the sequence (set → screenshot → clear) to see each step, its data and the screenshot here.
        </p>
      ) : (
        <div className={`result-columns ${run.columns.length > 1 ? 'multi' : ''}`}>
          {run.columns.map((column) => (
            <ResultColumnView key={column.serial} column={column} />
          ))}
        </div>
      )}
    </section>
  );
}
