// The device log of a run (run.json's logExcerpt, the lines from logcat.txt): a collapsed summary under the run's
// context; opening it loads the lines. What it shows is only what the log read after the run held.
import type { ReactNode } from 'react';
import type { RunLogExcerpt } from '../../../shared/api/evidence';
import { useConsole } from '../store/context';

/** One line saying what the run's log holds, or why there is none. */
export function logSummary(excerpt: RunLogExcerpt): string {
  if (excerpt.file === undefined)
    return excerpt.error === undefined
      ? 'No entries in the run window'
      : `Not read: ${excerpt.error.code} ${excerpt.error.message}`;
  const redacted = `${excerpt.redactions} credential${excerpt.redactions === 1 ? '' : 's'} redacted`;
  const limit = excerpt.limitReached ? ', line limit reached (later entries left out)' : '';
  return `${excerpt.entries} entr${excerpt.entries === 1 ? 'y' : 'ies'}, ${redacted}${limit}`;
}

const LINE_TIME = /^(\d{1,12})\.(\d{3})\d*/;
const TIME_FORMAT = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
});

/** The excerpt's lines with their epoch seconds shown as the locale's time of day (the file keeps the epoch). */
export function displayLines(text: string): string {
  return text.replace(/^.*$/gm, (line) =>
    line.replace(LINE_TIME, (_whole, seconds: string, millis: string) =>
      TIME_FORMAT.format(new Date(Number(seconds) * 1000 + Number(millis))),
    ),
  );
}

function LogLines(props: { runId: string }): ReactNode {
  const entry = useConsole((state) => state.runLogs[props.runId]);
  if (entry === undefined || entry.status === 'loading')
    return <p className="muted small">Loading the log…</p>;
  if (entry.status === 'failed')
    return (
      <p className="error-text small" role="alert">
        <strong>{entry.error.code}</strong> {entry.error.message}
      </p>
    );
  return (
    <>
      <pre className="run-log-lines mono small" tabIndex={0} aria-label={`Device log, ${entry.log.file}`}>
        {displayLines(entry.log.text)}
      </pre>
      <p className="muted small">{entry.log.excerpt.caveats.join(' ')}</p>
    </>
  );
}

export function RunLogView(props: { runId: string }): ReactNode {
  const excerpt = useConsole((state) => state.historyRuns.find((run) => run.id === props.runId)?.logExcerpt);
  const loadRunLog = useConsole((state) => state.loadRunLog);
  if (excerpt === undefined) return null;
  const summary = logSummary(excerpt);
  if (excerpt.file === undefined)
    return (
      <p className="run-log small muted" role="group" aria-label="Device log">
        Device log: {summary}
      </p>
    );
  return (
    <details
      className="run-log small"
      onToggle={(event) => {
        if (event.currentTarget.open) void loadRunLog(props.runId);
      }}
    >
      <summary>
        Device log <span className="muted">· {summary}</span>
      </summary>
      <LogLines runId={props.runId} />
    </details>
  );
}
