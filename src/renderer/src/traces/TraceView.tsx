// The "System traces" area: record on the selected device, this page's recordings with their countdown, the kept
// captures, and the open report.
import { useEffect, type ReactNode } from 'react';
import { useConsole } from '../store/context';
import { CaptureList } from './CaptureList';
import { Continuations } from './Continuations';
import { ErrorLine } from './ErrorLine';
import { RecordForm } from './RecordForm';
import { TraceReportView } from './TraceReportView';
import './traces.css';

function OpenReport(): ReactNode {
  const selected = useConsole((state) => state.traceSelected);
  const entry = useConsole((state) => (selected === null ? undefined : state.traceReports[selected]));
  if (selected === null || entry === undefined)
    return (
      <section className="trace-card" aria-label="Report">
        <p className="muted">
          No report open. A recording from this page opens its report when the analysis completes; a kept
          capture opens with Analyze.
        </p>
      </section>
    );
  if (entry.state === 'running')
    return (
      <section className="trace-card" aria-label="Report">
        <p role="status">Analysing {selected}…</p>
      </section>
    );
  if (entry.state === 'failed')
    return (
      <section className="trace-card" aria-label="Report">
        <ErrorLine error={entry.error} prefix={`${selected} could not be analysed:`} />
      </section>
    );
  return <TraceReportView traceId={selected} device={entry.device} report={entry.report} />;
}

export function TraceView(): ReactNode {
  const serial = useConsole((state) => state.targetSerial);
  const captures = useConsole((state) => state.traceCaptures);
  const loadTraceCaptures = useConsole((state) => state.loadTraceCaptures);
  useEffect(() => {
    if (captures === null && serial !== null) void loadTraceCaptures();
  }, [captures, serial, loadTraceCaptures]);
  return (
    <section className="column traces" aria-labelledby="traces-title">
      <div className="column-scroll">
        <h2 id="traces-title">
          System traces{serial === null ? '' : <span className="muted"> · {serial}</span>}
        </h2>
        {serial === null ? (
          <p className="muted">Select a device to record a system trace on it.</p>
        ) : (
          <div className="trace-layout">
            <div className="trace-side">
              <RecordForm key={serial} serial={serial} />
              <Continuations />
              <CaptureList serial={serial} />
            </div>
            <div className="trace-main">
              <OpenReport />
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
