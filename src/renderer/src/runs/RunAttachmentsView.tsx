// What was attached to a run later (attachments.json through the History listing): each view's title, tool,
// status and when its answer was taken; the files are in the run folder and its export.
import type { ReactNode } from 'react';
import { useConsole } from '../store/context';
import { formatRunTime } from '../ui/time';

export function RunAttachmentsView(props: { runId: string }): ReactNode {
  const attachments = useConsole(
    (state) => state.historyRuns.find((run) => run.id === props.runId)?.attachments,
  );
  if (attachments === undefined || attachments.length === 0) return null;
  return (
    <details className="run-attachments small" open>
      <summary>
        Attachments <span className="muted">· {attachments.length}</span>
      </summary>
      <ul aria-label="Run attachments">
        {attachments.map((attachment) => (
          <li key={attachment.file}>
            <strong>{attachment.title}</strong> <span className="badge">{attachment.status}</span>{' '}
            <span className="muted">
              {attachment.tool} · taken at{' '}
              <time dateTime={attachment.takenAt}>{formatRunTime(attachment.takenAt, new Date())}</time> ·{' '}
              <span className="mono">{attachment.file}</span>
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
