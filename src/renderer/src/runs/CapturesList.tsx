// A held run's captures in Results: each with its capture check and the foreground app and version the host saw at
// capture time (labelled as the host's observation), its image (a thumbnail that opens it with the bounds), and why
// the hold ended.
import type { ReactNode } from 'react';
import type { RunCapture } from '../../../shared/api/evidence';
import { formatRunTime } from '../ui/time';
import { CaptureImage } from './CaptureImage';
import './holdBar.css';
import { foregroundText } from './holdModel';
import { captureCheckText, type ResultColumn } from './runModel';

function CaptureItem(props: { capture: RunCapture; column: ResultColumn; revision: string }): ReactNode {
  const { capture, column } = props;
  const check = capture.captureCheck;
  const tone =
    capture.status === 'failed'
      ? 'tone-bad'
      : check === undefined
        ? ''
        : check.inCapture
          ? 'tone-good'
          : 'tone-bad';
  const foreground = foregroundText(capture);
  return (
    <li className={`capture-item ${tone}`} aria-label={`Capture ${capture.index}`}>
      <div className="capture-row">
        {column.runId !== undefined && (
          <CaptureImage
            runId={column.runId}
            capture={capture}
            revision={props.revision}
            settled={column.hold?.status === 'ended'}
            {...(column.reportedBounds ? { reportedBounds: column.reportedBounds } : {})}
            {...(column.predictedBounds ? { predictedBounds: column.predictedBounds } : {})}
          />
        )}
        <div className="capture-text">
          <p className="capture-line">
            <strong>Capture {capture.index}</strong>
            {capture.capturedAt !== undefined && (
              <span className="muted"> · {formatRunTime(capture.capturedAt, new Date())}</span>
            )}
            {capture.file !== undefined && <span className="mono muted small"> · {capture.file}</span>}
            {capture.widthPx !== undefined && capture.heightPx !== undefined && (
              <span className="muted small">
                {' '}
                · {capture.widthPx}×{capture.heightPx}
              </span>
            )}
          </p>
          {capture.status === 'failed' ? (
            <p className="capture-verdict">Capture failed (see why the hold ended)</p>
          ) : check !== undefined ? (
            <p className="capture-verdict">{captureCheckText(check)}</p>
          ) : (
            <p className="muted small">
              {capture.captureCheckError === undefined
                ? 'Capture check pending…'
                : `Capture check not run: ${capture.captureCheckError.message}`}
            </p>
          )}
          {foreground !== null && (
            <p className="small" title={capture.foreground?.observedAt}>
              <span className="muted">Foreground app (host observation at capture): </span>
              {foreground}
            </p>
          )}
        </div>
      </div>
    </li>
  );
}

/** The captures of a held run, in order, under a heading that says how the hold ended. */
export function CapturesList(props: { column: ResultColumn }): ReactNode {
  const { hold, captures } = props.column;
  if (hold === undefined) return null;
  const list = captures ?? [];
  const revision = `${hold.status}:${list.length}:${hold.endedBy ?? ''}`;
  const checked = list.filter((capture) => capture.captureCheck?.inCapture === true).length;
  return (
    <section className="captures" aria-label="Captures">
      <h4>
        Captures ({list.length} of at most {hold.maxCaptures}; panel in {checked})
      </h4>
      {hold.endedReason !== undefined && (
        <p
          className={`small ${hold.endedBy === 'failure' || hold.endedBy === 'interference' ? 'warn-text' : 'muted'}`}
        >
          {hold.endedReason}
        </p>
      )}
      <ol className="capture-list">
        {list.map((capture) => (
          <CaptureItem key={capture.step} capture={capture} column={props.column} revision={revision} />
        ))}
      </ol>
    </section>
  );
}
