// One analysis report: headline and sensitivity notice, the frame timeline, findings (examples move the timeline's
// cursor), the thread table, coverage and limitations, and the exports.
import { useState, type ReactNode } from 'react';
import {
  COVERAGE_KEYS,
  FINDING_GROUPS,
  type TraceFindingExample,
  type TraceReport,
} from '../../../shared/trace/report';
import { download, reportHtml, reportJson } from './exportReport';
import { FrameTimeline } from './FrameTimeline';
import { FINDING_LABELS, headline } from './reportSummary';
import { useConsole } from '../store/context';
import { saveBlob } from '../ui/saveBlob';

function ms(value: number | null): string {
  return value === null ? '\u2014' : value.toFixed(1);
}

function Example(props: {
  example: TraceFindingExample;
  onShow: (ns: number) => void;
  shown: boolean;
}): ReactNode {
  const { example } = props;
  return (
    <li>
      <button
        type="button"
        className={`link-button trace-example ${props.shown ? 'shown' : ''}`}
        aria-pressed={props.shown}
        onClick={() => props.onShow(example.timestamp_ns)}
      >
        {(example.timestamp_ns / 1e9).toFixed(3)} s
      </button>{' '}
      <span className="mono">
        {example.thread_name ?? '?'} ({example.tid})
      </span>{' '}
      {example.duration_ms !== null && <strong>{ms(example.duration_ms)} ms</strong>}{' '}
      <span className="muted">{example.evidence}</span>
    </li>
  );
}

export function TraceReportView(props: { traceId: string; device: string; report: TraceReport }): ReactNode {
  const { traceId, device, report } = props;
  const [cursorNs, setCursorNs] = useState<number | null>(null);
  // The browser console downloads over HTTP; in Electron the captures list names the raw file (its size's title).
  const rawDownloads = useConsole((state) => state.rawTraceDownloads());
  const downloadRawTrace = useConsole((state) => state.downloadRawTrace);
  return (
    <section className="trace-card trace-report" aria-labelledby="trace-report-title">
      <div className="trace-card-head">
        <h3 id="trace-report-title">
          Report <span className="mono muted">{traceId}</span>
        </h3>
        <div className="trace-exports">
          <button
            type="button"
            onClick={() =>
              download(`${traceId}.json`, 'application/json', reportJson(traceId, device, report))
            }
          >
            Export JSON
          </button>
          <button
            type="button"
            onClick={() => download(`${traceId}.html`, 'text/html', reportHtml(traceId, device, report))}
          >
            Export HTML
          </button>
          {rawDownloads && (
            <button
              type="button"
              title="The raw Perfetto trace, for ui.perfetto.dev"
              onClick={() =>
                void downloadRawTrace(traceId).then((raw) => {
                  if (raw !== null) saveBlob(raw.blob, raw.fileName);
                })
              }
            >
              Download raw trace
            </button>
          )}
        </div>
      </div>
      <p className="trace-sensitive" role="note">
        {report.sensitivity_note}
      </p>
      <p className={`trace-headline status-${report.status}`}>
        <strong>{report.status}</strong> {headline(report)}{' '}
        <span className="muted">
          threshold {report.threshold_ms} ms · frame budget {report.frame_budget_ms} ms
          {report.target_pid === null ? ' · all processes' : ` · pid ${report.target_pid}`}
        </span>
      </p>
      <h4>Frame timeline</h4>
      <FrameTimeline report={report} cursorNs={cursorNs} />
      <h4>Findings</h4>
      <ul className="trace-findings" aria-label="Findings">
        {FINDING_GROUPS.map((group) => (
          <li key={group} className={report[group].count > 0 ? 'has-findings' : ''}>
            <details open={report[group].count > 0 && group === 'frame_anomalies'}>
              <summary>
                {FINDING_LABELS[group]}: <strong>{report[group].count}</strong>
                {report[group].count > report[group].examples.length && (
                  <span className="muted"> (first {report[group].examples.length} shown)</span>
                )}
              </summary>
              {report[group].examples.length === 0 ? (
                <p className="muted">None found (which does not mean none happened).</p>
              ) : (
                <ol className="trace-examples">
                  {report[group].examples.map((example, index) => (
                    <Example
                      key={index}
                      example={example}
                      shown={cursorNs === example.timestamp_ns}
                      onShow={setCursorNs}
                    />
                  ))}
                </ol>
              )}
            </details>
          </li>
        ))}
      </ul>
      <h4>Threads</h4>
      {report.cpu_threads.length === 0 ? (
        <p className="muted">No scheduling data for the selected threads.</p>
      ) : (
        <div className="trace-table-scroll">
          <table className="trace-table" aria-label="Threads">
            <thead>
              <tr>
                <th scope="col">Thread</th>
                <th scope="col">tid</th>
                <th scope="col">pid</th>
                <th scope="col">Running ms</th>
                <th scope="col">Runnable wait ms</th>
                <th scope="col">Wakeups</th>
                <th scope="col">Wakeups/s</th>
              </tr>
            </thead>
            <tbody>
              {report.cpu_threads.map((thread) => (
                <tr key={thread.tid}>
                  <td className="mono">{thread.name ?? '?'}</td>
                  <td className="numeric">{thread.tid}</td>
                  <td className="numeric">{thread.process_id ?? '\u2014'}</td>
                  <td className="numeric">{ms(thread.running_ms)}</td>
                  <td className="numeric">{ms(thread.runnable_wait_ms)}</td>
                  <td className="numeric">{thread.wakeups}</td>
                  <td className="numeric">{thread.wakeups_per_second.toFixed(1)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="trace-columns">
        <div>
          <h4>Coverage</h4>
          <dl className="trace-coverage" aria-label="Coverage">
            {COVERAGE_KEYS.map((key) => (
              <div key={key} className={report.coverage[key] > 0 ? '' : 'zero'}>
                <dt className="mono">{key}</dt>
                <dd className="numeric">{report.coverage[key]}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div>
          <h4>Limitations</h4>
          <ul className="trace-limitations" aria-label="Limitations">
            {report.limitations.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
