// The crash and ANR reports a run's log window held (run.json's crashes): each report's kind, package, pid and time
// with its first lines, and what the check cannot prove. A flag beside the verdict, never part of it.
import type { ReactNode } from 'react';
import type { RunCrashReport } from '../../../shared/api/evidence';
import { displayLines } from './RunLogView';
import { CRASH_KIND_TEXT } from './verdict';

export function RunCrashView(props: { report: RunCrashReport | undefined }): ReactNode {
  const { report } = props;
  if (report === undefined || report.status === 'none_seen') return null;
  if (report.status === 'not_read')
    return (
      <p className="muted small run-crashes" role="group" aria-label="Crashes and ANRs">
        Crashes and ANRs: not looked for (the device log was not read).
      </p>
    );
  return (
    <details className="run-crashes small tone-warn" open>
      <summary>
        Crashes and ANRs seen <span className="muted">· {report.entries.length} in the log window</span>
      </summary>
      <ol className="run-crash-list" aria-label="Crash and ANR reports">
        {report.entries.map((entry) => (
          <li key={`${entry.time}-${entry.pid}-${entry.kind}`}>
            <p className="run-crash-head">
              <strong>{CRASH_KIND_TEXT[entry.kind]}</strong> {entry.packageName ?? 'process not named'}{' '}
              <span className="muted">
                pid {entry.pid} · {entry.tag} · {displayLines(entry.time)}
              </span>
            </p>
            <pre className="run-crash-lines mono" tabIndex={0} aria-label={`Report lines, pid ${entry.pid}`}>
              {(entry.lines ?? [entry.line]).join('\n')}
            </pre>
          </li>
        ))}
      </ol>
      <p className="muted">{report.caveats.join(' ')}</p>
    </details>
  );
}
