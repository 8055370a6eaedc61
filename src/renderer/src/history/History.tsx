// The History region: past runs with thumbnails; reopen, export (zip) or delete each.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { RunSummary } from '../../../shared/api/evidence';
import { useConsole } from '../store/context';
import { ConfirmDialog, PathDialog } from '../ui/Dialog';
import { suggestPath } from '../ui/paths';
import { formatRunTime, runDevice, runName } from './format';
import { imageKey, imageUrl } from './historySlice';
import './history.css';

/** Loads the thumbnail once the entry scrolls into view. */
function Thumbnail(props: { run: RunSummary }): ReactNode {
  const { run } = props;
  const entry = useConsole((state) => state.images[imageKey(run.id, 'thumbnail')]);
  const loadImage = useConsole((state) => state.loadImage);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!run.hasScreenshot || entry !== undefined || element === null) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((item) => item.isIntersecting)) {
        observer.disconnect();
        void loadImage(run.id, 'thumbnail');
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [run.id, run.hasScreenshot, entry, loadImage]);
  return (
    <div className="thumb" ref={box}>
      {entry?.status === 'ready' ? (
        <img src={imageUrl(entry.image)} alt={`Thumbnail of ${runName(run)}`} />
      ) : (
        <span className="thumb-empty" aria-hidden="true">
          {run.hasScreenshot ? '' : 'no image'}
        </span>
      )}
    </div>
  );
}

function HistoryEntry(props: { run: RunSummary; now: Date; shown: boolean }): ReactNode {
  const { run, now, shown } = props;
  const reopenRun = useConsole((state) => state.reopenRun);
  const deleteRun = useConsole((state) => state.deleteRun);
  const exportRun = useConsole((state) => state.exportRun);
  const evidenceDirectory = useConsole((state) => state.appInfo?.evidenceDirectory);
  const [dialog, setDialog] = useState<'export' | 'delete' | null>(null);
  const name = runName(run);
  return (
    <li className={`history-entry ${shown ? 'shown' : ''}`}>
      <Thumbnail run={run} />
      <div className="history-text">
        <p className="history-label" title={name}>
          {name}
        </p>
        <p className="muted small">
          <time dateTime={run.startedAt}>{formatRunTime(run.startedAt, now)}</time> · {runDevice(run)}
        </p>
        <p className="small">
          <span className={`badge status-badge status-${run.status}`}>{run.status}</span>
          {run.inCapture !== undefined && (
            <span className={`small ${run.inCapture ? 'tone-good' : 'tone-bad'}`}>
              {' '}
              panel {run.inCapture ? 'in capture' : 'not in capture'}
            </span>
          )}
        </p>
      </div>
      <div className="history-actions">
        <button
          type="button"
          className="small"
          aria-label={`Open ${name}`}
          onClick={() => void reopenRun(run.id)}
        >
          Open
        </button>
        <button
          type="button"
          className="small ghost"
          aria-label={`Export ${name}`}
          onClick={() => setDialog('export')}
        >
          Export
        </button>
        <button
          type="button"
          className="small ghost"
          aria-label={`Delete ${name}`}
          onClick={() => setDialog('delete')}
        >
          Delete
        </button>
      </div>
      <PathDialog
        title="Export run"
        open={dialog === 'export'}
        initialPath={suggestPath(evidenceDirectory, `${run.id}.zip`)}
        confirmLabel="Export"
        description="A zip file of the run folder (run.json, screenshot), written on the machine the console runs on."
        onConfirm={(path) => exportRun(run.id, path)}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        title="Delete run"
        open={dialog === 'delete'}
        message={`Delete \u201c${name}\u201d and its screenshot from the evidence folder? This cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={() => void deleteRun(run.id)}
        onClose={() => setDialog(null)}
      />
    </li>
  );
}

export function History(): ReactNode {
  const runs = useConsole((state) => state.historyRuns);
  const skipped = useConsole((state) => state.historySkipped);
  const loaded = useConsole((state) => state.historyLoaded);
  const error = useConsole((state) => state.historyError);
  const loadHistory = useConsole((state) => state.loadHistory);
  const shownRunIds = useConsole(
    (state) => state.activeRun?.columns.map((column) => column.runId).join(' ') ?? '',
  );
  const now = new Date();
  return (
    <section className="panel history" role="region" aria-label="History">
      <header className="panel-header">
        <h2>History</h2>
        <span className="muted">{runs.length}</span>
        <span className="spacer" />
        <button type="button" className="ghost small" onClick={() => void loadHistory()}>
          Refresh
        </button>
      </header>
      {error !== null && <p className="error-text">{error.message}</p>}
      {loaded && runs.length === 0 && error === null && <p className="empty">No runs yet.</p>}
      <ul className="history-list" role="list" aria-label="Past runs">
        {runs.map((run) => (
          <HistoryEntry key={run.id} run={run} now={now} shown={shownRunIds.split(' ').includes(run.id)} />
        ))}
      </ul>
      {skipped.length > 0 && (
        <p
          className="warn-text small"
          title={skipped.map((entry) => `${entry.id}: ${entry.reason}`).join('\n')}
        >
          {skipped.length} unreadable run folder{skipped.length === 1 ? '' : 's'} skipped.
        </p>
      )}
    </section>
  );
}
