// The comparison view (issue 14): the same step across devices or locales side by side. Runs are picked in History
// ("Compare" on each run, or all devices of a multi-device start); each column shows the run's screenshot, verdict,
// device and the context the Operator reported. Nothing is inferred: a fact the run did not record is not shown.
import { useEffect, useState, type ReactNode } from 'react';
import type { RunSummary } from '../../../shared/api/evidence';
import { useConsole } from '../store/context';
import { Dialog } from '../ui/Dialog';
import { contextFacts } from '../runs/runContext';
import { formatRunTime, runDevice, runName } from './format';
import { imageKey, imageUrl } from './historySlice';

function CompareScreenshot(props: { run: RunSummary }): ReactNode {
  const { run } = props;
  const entry = useConsole((state) => state.images[imageKey(run.id, 'screenshot')]);
  const loadImage = useConsole((state) => state.loadImage);
  useEffect(() => {
    if (run.hasScreenshot && entry === undefined) void loadImage(run.id, 'screenshot');
  }, [run.id, run.hasScreenshot, entry, loadImage]);
  if (!run.hasScreenshot) return <p className="compare-shot empty">No screenshot in this run.</p>;
  if (entry?.status === 'failed') return <p className="compare-shot error-text">{entry.error.message}</p>;
  if (entry?.status !== 'ready') return <p className="compare-shot muted">Loading screenshot...</p>;
  return <img className="compare-shot" src={imageUrl(entry.image)} alt={`Screenshot of ${runDevice(run)}`} />;
}

function CompareColumn(props: { run: RunSummary; now: Date }): ReactNode {
  const { run, now } = props;
  const toggleCompare = useConsole((state) => state.toggleCompare);
  const facts = run.context === undefined ? [] : contextFacts(run.context);
  // The same device twice (e.g. two locales) must still give each column and its Remove button its own name.
  const name = `${runDevice(run)}, ${run.context?.locale ?? 'locale unknown'}, ${formatRunTime(run.startedAt, now)}`;
  return (
    <article className="compare-column" aria-label={name}>
      <header>
        <h3>
          {runDevice(run)}
          {run.context?.locale !== undefined && <span className="muted"> · {run.context.locale}</span>}
        </h3>
        <button
          type="button"
          className="ghost small"
          aria-label={`Remove ${name} from the comparison`}
          onClick={() => toggleCompare(run.id)}
        >
          Remove
        </button>
      </header>
      <p className="small">
        <span className={`badge status-badge status-${run.status}`}>{run.status}</span>
        {run.inCapture !== undefined && (
          <span className={run.inCapture ? 'tone-good' : 'tone-bad'}>
            {' '}
            panel {run.inCapture ? 'in capture' : 'not in capture'}
          </span>
        )}
      </p>
      <CompareScreenshot run={run} />
      <dl className="compare-facts small">
        <div>
          <dt className="muted">Run</dt>
          <dd>
            {runName(run)} · <time dateTime={run.startedAt}>{formatRunTime(run.startedAt, now)}</time>
          </dd>
        </div>
        {facts.map((fact) => (
          <div key={fact.name}>
            <dt className="muted">{fact.name}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/** The dialog with one column per picked run, in the order they were picked. */
export function CompareDialog(props: { open: boolean; onClose: () => void }): ReactNode {
  const compareIds = useConsole((state) => state.compareIds);
  const runs = useConsole((state) => state.historyRuns);
  const picked = compareIds
    .map((id) => runs.find((run) => run.id === id))
    .filter((run): run is RunSummary => run !== undefined);
  const now = new Date();
  return (
    <Dialog
      title={`Compare ${picked.length} runs`}
      open={props.open}
      onClose={props.onClose}
      className="compare"
    >
      {picked.length < 2 ? (
        <p className="empty">Pick at least two runs in History to compare them.</p>
      ) : (
        <div className="compare-columns" role="group" aria-label="Compared runs">
          {picked.map((run) => (
            <CompareColumn key={run.id} run={run} now={now} />
          ))}
        </div>
      )}
    </Dialog>
  );
}

/** History's header control: "Compare 2" opens the view once two runs are picked; "Clear" empties the pick. */
export function CompareBar(): ReactNode {
  const count = useConsole((state) => state.compareIds.length);
  const setCompare = useConsole((state) => state.setCompare);
  const [open, setOpen] = useState(false);
  if (count === 0 && !open) return null;
  return (
    <>
      <button
        type="button"
        className="small"
        disabled={count < 2}
        title={count < 2 ? 'Pick one more run to compare' : 'Show the picked runs side by side'}
        onClick={() => setOpen(true)}
      >
        Compare {count}
      </button>
      <button
        type="button"
        className="ghost small"
        aria-label="Clear the comparison"
        onClick={() => setCompare([])}
      >
        Clear
      </button>
      <CompareDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** The per-run toggle on a History card. */
export function CompareToggle(props: { run: RunSummary; title: string }): ReactNode {
  const picked = useConsole((state) => state.compareIds.includes(props.run.id));
  const toggleCompare = useConsole((state) => state.toggleCompare);
  return (
    <button
      type="button"
      className="small ghost"
      aria-pressed={picked}
      aria-label={`Compare ${props.title}`}
      title="Pick this run for the side-by-side comparison"
      onClick={() => toggleCompare(props.run.id)}
    >
      {picked ? 'Comparing' : 'Compare'}
    </button>
  );
}
