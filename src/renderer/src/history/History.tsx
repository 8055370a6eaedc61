// The History region: past runs with thumbnails, searchable and filtered by device, status and date; the runs of one
// multi-device start are one entry with a column per device. Reopen, run again, export (zip) or delete each.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { RunSummary } from '../../../shared/api/evidence';
import { useConsole } from '../store/context';
import { ConfirmDialog } from '../ui/Dialog';
import { ExportDialog } from './ExportDialog';
import { formatRunTime, runDevice, runName, runTitles } from './format';
import { imageKey, imageUrl } from './historySlice';
import {
  DATE_RANGES,
  groupRuns,
  historyDevices,
  isFiltered,
  matchesFilter,
  NO_FILTER,
  type DateRange,
  type RunGroup,
} from './historyFilter';
import type { RunStatus } from '../../../shared/api/evidence';
import { EDITOR_ID } from '../ui/useShortcuts';
import { contextLine } from '../runs/runContext';
import { CompareBar, CompareToggle } from './Compare';
import './history.css';
import { saveBlob } from '../ui/saveBlob';

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

function RunCard(props: {
  run: RunSummary;
  now: Date;
  shown: boolean;
  inGroup: boolean;
  /** What its buttons call it (runTitles): label, device and time, unique in the list. */
  title: string;
}): ReactNode {
  const { run, now, shown, inGroup, title } = props;
  const reopenRun = useConsole((state) => state.reopenRun);
  const runAgain = useConsole((state) => state.runAgain);
  const deleteRun = useConsole((state) => state.deleteRun);
  const openExport = useConsole((state) => state.openExport);
  const downloadRun = useConsole((state) => state.downloadRun);
  const exportsDownload = useConsole((state) => state.exportsDownload());
  const [dialog, setDialog] = useState<'delete' | null>(null);
  const name = runName(run);
  return (
    <div className={`history-entry ${shown ? 'shown' : ''}`} data-run-id={run.id}>
      <Thumbnail run={run} />
      <div className="history-text">
        {!inGroup && (
          <p className="history-label" title={name}>
            {name}
          </p>
        )}
        <p className="muted small">
          {!inGroup && (
            <>
              <time dateTime={run.startedAt}>{formatRunTime(run.startedAt, now)}</time> ·{' '}
            </>
          )}
          {runDevice(run)}
        </p>
        {contextLine(run.context) !== undefined && (
          <p
            className="muted small history-context"
            title="App, Android and locale reported around the capture"
          >
            {contextLine(run.context)}
          </p>
        )}
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
          aria-label={`Open ${title}`}
          onClick={() => void reopenRun(run.id)}
        >
          Open
        </button>
        <button
          type="button"
          className="small ghost"
          aria-label={`Run again ${title}`}
          title="Load this run's panel design and label into the designer"
          onClick={() =>
            void runAgain(run.id).then((loaded) => {
              if (loaded) document.getElementById(EDITOR_ID)?.focus();
            })
          }
        >
          Run again
        </button>
        <button
          type="button"
          className="small ghost"
          aria-label={`Export ${title}`}
          title={
            exportsDownload
              ? 'Download a zip for a ticket: run.json, the screenshot, the screenshot with its bounds drawn and summary.html'
              : undefined
          }
          onClick={() => {
            if (!exportsDownload) return openExport(run.id);
            void downloadRun(run.id).then((download) => {
              if (download !== null) saveBlob(download.blob, download.fileName);
            });
          }}
        >
          Export
        </button>
        <CompareToggle run={run} title={title} />
        <button
          type="button"
          className="small ghost"
          aria-label={`Delete ${title}`}
          onClick={() => setDialog('delete')}
        >
          Delete
        </button>
      </div>
      <ConfirmDialog
        title="Delete run"
        open={dialog === 'delete'}
        message={`Delete \u201c${title}\u201d and its screenshot from the evidence folder? This cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={() => void deleteRun(run.id)}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}

/** One entry: a single run, or a multi-device start with a column per device. */
function HistoryEntry(props: {
  group: RunGroup;
  now: Date;
  shownIds: readonly string[];
  titles: ReadonlyMap<string, string>;
}): ReactNode {
  const { group, now, shownIds, titles } = props;
  const setCompare = useConsole((state) => state.setCompare);
  const [first] = group.runs;
  if (first === undefined) return null;
  if (group.runs.length === 1)
    return (
      <li className="history-item">
        <RunCard
          run={first}
          now={now}
          shown={shownIds.includes(first.id)}
          inGroup={false}
          title={titles.get(first.id) ?? runName(first)}
        />
      </li>
    );
  const name = runName(first);
  const failed = group.runs.filter((run) => run.status !== 'succeeded').length;
  return (
    <li className="history-item history-group" aria-label={`${name}, ${group.runs.length} devices`}>
      <p className="history-label" title={name}>
        {name}
      </p>
      <p className="muted small">
        <time dateTime={first.startedAt}>{formatRunTime(first.startedAt, now)}</time> · {group.runs.length}{' '}
        devices
        {failed > 0 ? ` · ${failed} not succeeded` : ' · all succeeded'}{' '}
        <button
          type="button"
          className="ghost small"
          aria-label={`Compare the devices of ${name}`}
          onClick={() => setCompare(group.runs.map((run) => run.id))}
        >
          Compare devices
        </button>
      </p>
      <div className="history-columns" role="group" aria-label={`Devices of ${name}`}>
        {group.runs.map((run) => (
          <RunCard
            key={run.id}
            run={run}
            now={now}
            shown={shownIds.includes(run.id)}
            inGroup
            title={titles.get(run.id) ?? runName(run)}
          />
        ))}
      </div>
    </li>
  );
}

const STATUSES: ReadonlyArray<{ value: RunStatus | ''; label: string }> = [
  { value: '', label: 'Any status' },
  { value: 'succeeded', label: 'Succeeded' },
  { value: 'failed', label: 'Failed' },
  { value: 'interrupted', label: 'Interrupted' },
  { value: 'running', label: 'Running' },
];

function HistoryFilters(props: { runs: readonly RunSummary[] }): ReactNode {
  const filter = useConsole((state) => state.historyFilter);
  const setFilter = useConsole((state) => state.setHistoryFilter);
  const devices = useMemo(() => historyDevices(props.runs), [props.runs]);
  return (
    <div className="history-filters" role="search" aria-label="Find runs">
      <input
        type="search"
        aria-label="Search runs"
        placeholder="Search label, device, id"
        value={filter.query}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => setFilter({ query: event.target.value })}
      />
      <div className="history-filter-row">
        <select
          aria-label="Device"
          value={filter.device}
          onChange={(event) => setFilter({ device: event.target.value })}
        >
          <option value="">All devices</option>
          {devices.map((device) => (
            <option key={device.serial} value={device.serial}>
              {device.name}
            </option>
          ))}
        </select>
        <select
          aria-label="Status"
          value={filter.status}
          onChange={(event) => setFilter({ status: event.target.value as RunStatus | '' })}
        >
          {STATUSES.map((status) => (
            <option key={status.value} value={status.value}>
              {status.label}
            </option>
          ))}
        </select>
        <select
          aria-label="Date"
          value={filter.date}
          onChange={(event) => setFilter({ date: event.target.value as DateRange })}
        >
          {DATE_RANGES.map((range) => (
            <option key={range.value} value={range.value}>
              {range.label}
            </option>
          ))}
        </select>
      </div>
    </div>
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
  const filter = useConsole((state) => state.historyFilter);
  const setFilter = useConsole((state) => state.setHistoryFilter);
  const now = new Date();
  const shownIds = shownRunIds.split(' ');
  const matching = runs.filter((run) => matchesFilter(run, filter, now));
  const groups = groupRuns(matching);
  const titles = runTitles(runs, now);
  const filtered = isFiltered(filter);
  return (
    <section className="panel history" role="region" aria-label="History">
      <header className="panel-header">
        <h2>History</h2>
        <span className="muted" aria-live="polite">
          {filtered ? `${matching.length} of ${runs.length}` : runs.length}
        </span>
        <span className="spacer" />
        <CompareBar />
        <button type="button" className="ghost small" onClick={() => void loadHistory()}>
          Refresh
        </button>
      </header>
      {error !== null && <p className="error-text">{error.message}</p>}
      {loaded && runs.length === 0 && error === null && <p className="empty">No runs yet.</p>}
      {runs.length > 0 && <HistoryFilters runs={runs} />}
      {filtered && matching.length === 0 && (
        <p className="empty">
          No run matches.{' '}
          <button type="button" className="ghost small" onClick={() => setFilter(NO_FILTER)}>
            Clear filters
          </button>
        </p>
      )}
      <ul className="history-list" role="list" aria-label="Past runs">
        {groups.map((group) => (
          <HistoryEntry key={group.key} group={group} now={now} shownIds={shownIds} titles={titles} />
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
      <ExportDialog />
    </section>
  );
}
