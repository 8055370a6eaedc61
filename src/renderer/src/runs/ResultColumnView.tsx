// One device's results, verdict first: the verdict, the screenshot with its bounds and the capture check, saving,
// then the steps with their data collapsed.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ImageData } from '../../../shared/api/contract';
import { imageKey, imageUrl } from '../history/historySlice';
import { useConsole } from '../store/context';
import { CapturesList } from './CapturesList';
import { RunLogView } from './RunLogView';
import { PathDialog } from '../ui/Dialog';
import { suggestPath } from '../ui/paths';
import { contextFacts } from './runContext';
import { captureCheckText, type ResultColumn } from './runModel';
import { ScreenshotViewer } from './ScreenshotViewer';
import { ErrorDetails, StepList } from './StepList';
import { RunCrashView } from './RunCrashView';
import { RunAttachmentsView } from './RunAttachmentsView';
import { RunInspectionView } from './RunInspectionView';
import { CRASH_FLAG_NOTE, crashFlag, verdictOf, type Verdict, type VerdictTone } from './verdict';

const STATUS_TEXT = {
  running: 'running',
  succeeded: 'succeeded',
  failed: 'failed',
  interrupted: 'interrupted',
} as const;

const VERDICT_MARK: Record<VerdictTone, string> = {
  good: '\u2713',
  bad: '\u2717',
  warn: '!',
  running: '\u25d4',
};

/** A blob: URL for downloading the PNG (revoked when the image changes or the column goes away). */
function useDownloadUrl(image: ImageData | undefined): string | null {
  const url = useMemo(() => {
    if (image === undefined) return null;
    const binary = atob(image.base64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return URL.createObjectURL(new Blob([bytes], { type: image.mimeType }));
  }, [image]);
  useEffect(() => () => (url === null ? undefined : URL.revokeObjectURL(url)), [url]);
  return url;
}

function ScreenshotPart(props: { column: ResultColumn; runId: string }): ReactNode {
  const { column, runId } = props;
  const entry = useConsole((state) => state.images[imageKey(runId, 'screenshot')]);
  const loadImage = useConsole((state) => state.loadImage);
  const saveScreenshot = useConsole((state) => state.saveScreenshot);
  const evidenceDirectory = useConsole((state) => state.appInfo?.evidenceDirectory);
  const web = useConsole((state) => state.appInfo?.shell !== 'electron');
  const [saving, setSaving] = useState(false);
  const image = entry?.status === 'ready' ? entry.image : undefined;
  const downloadUrl = useDownloadUrl(web ? image : undefined);
  useEffect(() => {
    if (entry === undefined) void loadImage(runId, 'screenshot');
  }, [entry, loadImage, runId]);

  return (
    <div className="screenshot-part">
      {entry?.status === 'failed' && <ErrorDetails error={entry.error} />}
      {entry?.status === 'loading' && <p className="muted">Loading screenshot…</p>}
      {image !== undefined && (
        <ScreenshotViewer
          src={imageUrl(image)}
          widthPx={image.widthPx}
          heightPx={image.heightPx}
          {...(column.reportedBounds ? { reportedBounds: column.reportedBounds } : {})}
          {...(column.predictedBounds ? { predictedBounds: column.predictedBounds } : {})}
        />
      )}
      <CaptureCheckView column={column} />
      <div className="inline-row">
        <button type="button" className="small" onClick={() => setSaving(true)}>
          Save screenshot as...
        </button>
        {downloadUrl !== null && (
          <a className="button small" href={downloadUrl} download={`${runId}.png`}>
            Download PNG
          </a>
        )}
      </div>
      <PathDialog
        title="Save screenshot"
        open={saving}
        initialPath={suggestPath(evidenceDirectory, `${runId}.png`)}
        confirmLabel="Save"
        description="An absolute path on the machine the console runs on. An existing file is not overwritten."
        onConfirm={(path) => saveScreenshot(runId, path)}
        onClose={() => setSaving(false)}
      />
    </div>
  );
}

function VerdictBlock(props: { column: ResultColumn; verdict: Verdict }): ReactNode {
  const { column, verdict } = props;
  // Beside the verdict, never part of it: a report in the lines read, perhaps another app's.
  const flag = crashFlag(column.crashes);
  return (
    <div className={`verdict tone-${verdict.tone}`} role="group" aria-label="Verdict">
      <p className="verdict-title">
        <span className="verdict-mark" aria-hidden="true">
          {VERDICT_MARK[verdict.tone]}
        </span>
        <span>{verdict.title}</span>
        {flag !== null && (
          <span className="verdict-flag" aria-label="Crash flag" title={CRASH_FLAG_NOTE}>
            <span aria-hidden="true">{'\u00b7 \u26a0 '}</span>
            {flag}
          </span>
        )}
      </p>
      {flag !== null && <p className="muted small verdict-flag-note">{CRASH_FLAG_NOTE}</p>}
      {verdict.error === undefined ? (
        <p className="verdict-detail">{verdict.detail}</p>
      ) : (
        <ErrorDetails error={verdict.error} serial={column.serial} />
      )}
      {column.notes.map((note) => (
        <p key={note} className="warn-text">
          {note}
        </p>
      ))}
    </div>
  );
}

/** The capture check, right under the screenshot. */
function CaptureCheckView(props: { column: ResultColumn }): ReactNode {
  const check = props.column.captureCheck;
  if (check === undefined) return <p className="muted small">No capture check for this screenshot.</p>;
  return (
    <div className={`capture-check ${check.inCapture ? 'tone-good' : 'tone-bad'}`}>
      <p className="capture-verdict">{captureCheckText(check)}</p>
      <p className="muted small">{check.reason}</p>
    </div>
  );
}

/** The run's context as the device reported it around the capture (from run.json, through the History listing). */
function RunContextView(props: { runId: string }): ReactNode {
  const context = useConsole((state) => state.historyRuns.find((run) => run.id === props.runId)?.context);
  if (context === undefined) return null;
  const facts = contextFacts(context);
  if (facts.length === 0) return null;
  return (
    <dl className="run-context small" role="group" aria-label="Run context">
      {facts.map((fact) => (
        <div key={fact.name}>
          <dt className="muted">{fact.name}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
      <p className="muted small" title={context.observedAt}>
        Reported by the Operator around the capture
      </p>
    </dl>
  );
}

/**
 * One device's results, verdict first: the verdict (and the error with what to do), the screenshot with reported
 * and predicted bounds and the capture check, then the steps with their data collapsed.
 */
export function ResultColumnView(props: { column: ResultColumn }): ReactNode {
  const { column } = props;
  const verdict = verdictOf(column);
  const hasScreenshot = column.runId !== undefined && column.screenshot !== undefined;
  return (
    <article className={`result-column status-${column.status}`} aria-label={column.deviceLabel}>
      <header className="result-head">
        <h3>{column.deviceLabel}</h3>
        <span className={`badge status-badge status-${column.status}`}>{STATUS_TEXT[column.status]}</span>
      </header>
      <VerdictBlock column={column} verdict={verdict} />
      <div className={`result-body ${hasScreenshot ? 'with-screenshot' : ''}`}>
        {hasScreenshot && column.runId !== undefined && (
          <ScreenshotPart column={column} runId={column.runId} />
        )}
        <div className="result-main">
          <CapturesList column={column} />
          <RunCrashView report={column.crashes} />
          <StepList
            steps={column.steps}
            serial={column.serial}
            {...(verdict.errorStep === undefined ? {} : { shownErrorStep: verdict.errorStep })}
          />
          {column.runId !== undefined && <RunContextView runId={column.runId} />}
          {column.runId !== undefined && <RunLogView runId={column.runId} />}
          <RunInspectionView inspection={column.inspection} />
          {column.runId !== undefined && <RunAttachmentsView runId={column.runId} />}
          {column.runId !== undefined && (
            <p className="mono muted small run-id" title="Evidence run id">
              {column.runId}
            </p>
          )}
        </div>
      </div>
    </article>
  );
}
