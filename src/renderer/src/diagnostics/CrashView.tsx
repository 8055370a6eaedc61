// Crashes and ANRs from the dropbox (android_crash_report): one row per entry, newest first, its first exception
// line, and the dropbox lines behind it on demand. No entries do not prove no crash (the caveats say why).
import { useState, type ReactNode } from 'react';
import { ViewFrame } from './ViewFrame';
import { useProbe } from './useProbe';
import { list, num, str, strings } from './viewData';

interface CrashEntry {
  kind: string;
  tag: string;
  time: string;
  packageName: string;
  process: string;
  pid: number | undefined;
  firstLine: string;
  evidence: string[];
}

function entriesOf(result: unknown): CrashEntry[] {
  return list(result, 'entries')
    .map((entry): CrashEntry => ({
      kind: str(entry, 'kind') ?? '',
      tag: str(entry, 'tag') ?? '',
      time: str(entry, 'time') ?? '',
      packageName: str(entry, 'package') ?? '',
      process: str(entry, 'process') ?? '',
      pid: num(entry, 'pid'),
      firstLine: str(entry, 'first_exception_line') ?? '',
      evidence: strings(entry, 'evidence'),
    }))
    .reverse();
}

export function CrashView(props: { serial: string; refreshSignal: number }): ReactNode {
  const { serial, refreshSignal } = props;
  const crashes = useProbe(serial, 'android_crash_report', { refreshSignal });
  const lastPackage = crashes.card?.args?.['package'];
  const [packageName, setPackageName] = useState(typeof lastPackage === 'string' ? lastPackage : '');
  const argsNow = (): Record<string, unknown> =>
    packageName.trim() === '' ? {} : { package: packageName.trim() };
  const result = crashes.card?.run?.result;
  const entries = entriesOf(result);
  const filter = str(result, 'package');
  const controls = (
    <form
      className="view-control"
      onSubmit={(event) => {
        event.preventDefault();
        crashes.refresh(argsNow());
      }}
    >
      <input
        type="text"
        aria-label="Crash package filter"
        placeholder="package (optional)"
        value={packageName}
        aria-invalid={crashes.card?.fieldError?.field === 'package'}
        onChange={(event) => setPackageName(event.target.value)}
      />
    </form>
  );
  return (
    <ViewFrame
      id="crashes"
      title="Crashes and ANRs"
      probes={[crashes]}
      controls={controls}
      onRefresh={() => crashes.refresh(argsNow())}
      wide
    >
      <p className="muted view-note">
        {entries.length === 0
          ? `No crash or ANR entries in the dropbox${filter === undefined ? '' : ` for ${filter}`}.`
          : `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}${filter === undefined ? '' : ` for ${filter}`}, newest first.`}
      </p>
      {entries.length > 0 && (
        <ol className="crash-list" aria-label="Crash and ANR entries">
          {entries.map((entry, index) => (
            <li key={`${entry.tag}-${entry.time}-${index}`} className="crash-entry">
              <div className="crash-head">
                <span className={`badge ${entry.kind === 'anr' ? 'tone-warn' : 'tone-bad'}`}>
                  {entry.kind === 'anr' ? 'ANR' : entry.kind === 'crash' ? 'crash' : entry.tag}
                </span>
                <strong className="crash-package">{entry.packageName || entry.process}</strong>
                <span className="muted">
                  {entry.time}
                  {entry.pid === undefined ? '' : ` \u00b7 pid ${entry.pid}`}
                  {` \u00b7 ${entry.tag}`}
                </span>
              </div>
              {entry.firstLine !== '' && <code className="crash-line">{entry.firstLine}</code>}
              {entry.evidence.length > 0 && (
                <details className="view-details">
                  <summary>Log evidence ({entry.evidence.length} lines)</summary>
                  <pre className="tool-output" aria-label="Log evidence">
                    {entry.evidence.join('\n')}
                  </pre>
                </details>
              )}
            </li>
          ))}
        </ol>
      )}
    </ViewFrame>
  );
}
