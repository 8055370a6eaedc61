// The host's inspection after clear (run.json's inspection), collapsed: environment facts and the foreground app,
// each with its status, labelled as what it is: read by the host over adb after the run, not at capture time.
import type { ReactNode } from 'react';
import type { RunInspection } from '../../../shared/api/evidence';
import { formatRunTime } from '../ui/time';
import { inspectionParts, inspectionSummary } from './inspectionFacts';

export function RunInspectionView(props: { inspection: RunInspection | undefined }): ReactNode {
  const { inspection } = props;
  if (inspection === undefined) return null;
  return (
    <details className="run-inspection small" aria-label="Inspection after clear">
      <summary>
        Inspection after clear <span className="muted">· {inspectionSummary(inspection)}</span>
      </summary>
      <p className="muted">
        Host observation over adb after the clear step, at{' '}
        <time dateTime={inspection.observedAt}>{formatRunTime(inspection.observedAt, new Date())}</time>
        {inspection.durationMs === undefined ? '' : ` (${inspection.durationMs} ms)`}; not what the screen
        showed at capture time.
      </p>
      {inspectionParts(inspection).map((part) => (
        <div key={part.title} className="run-inspection-part" role="group" aria-label={part.title}>
          <p className="run-inspection-head">
            <strong>{part.title}</strong> <span className="badge">{part.status.replace('_', ' ')}</span>
          </p>
          {part.error !== undefined && <p className="error-text">{part.error}</p>}
          {part.facts.length > 0 && (
            <dl className="run-context">
              {part.facts.map((fact) => (
                <div key={fact.name}>
                  <dt className="muted">{fact.name}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      ))}
    </details>
  );
}
