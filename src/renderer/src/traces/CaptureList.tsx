// The kept captures (list_system_traces, shared with the CLI and MCP): status, size, analyse, stop, delete.
import { useState, type ReactNode } from 'react';
import { useConsole } from '../store/context';
import { ConfirmDialog } from '../ui/Dialog';
import { ErrorLine } from './ErrorLine';
import type { CaptureRecord } from './results';

function statusText(capture: CaptureRecord, nowMs: number): string {
  if (capture.status !== 'recording') return capture.status === 'stopped' ? 'stopped' : 'ended on its own';
  return capture.deadline_unix_secs * 1000 > nowMs ? 'recording' : 'not collected (past its deadline)';
}

function sizeText(bytes: number | undefined): string {
  if (bytes === undefined) return '\u2014';
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

function CaptureRow(props: { capture: CaptureRecord; serial: string }): ReactNode {
  const { capture, serial } = props;
  const analyzeTrace = useConsole((state) => state.analyzeTrace);
  const stopTrace = useConsole((state) => state.stopTrace);
  const deleteTrace = useConsole((state) => state.deleteTrace);
  const report = useConsole((state) => state.traceReports[capture.id]);
  const error = useConsole((state) => state.traceActionErrors[capture.id]);
  const selectTraceReport = useConsole((state) => state.selectTraceReport);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const here = capture.device === serial;
  const collected = capture.host_path !== undefined && capture.status !== 'recording';
  return (
    <tr>
      <td className="trace-id">
        <span className="mono">{capture.id}</span>
        <span className="muted mono">{capture.package ?? 'no app (system-wide)'}</span>
        {!here && <span className="muted mono">on {capture.device}</span>}
      </td>
      <td>{statusText(capture, Date.now())}</td>
      <td
        className="numeric"
        title={capture.host_path === undefined ? undefined : `Raw trace: ${capture.host_path}`}
      >
        {sizeText(capture.bytes)}
      </td>
      <td>
        <div className="trace-actions">
          {collected && (
            <button
              type="button"
              onClick={() =>
                report?.state === 'done'
                  ? selectTraceReport(capture.id)
                  : void analyzeTrace(capture.device, capture.id, capture.package)
              }
              disabled={report?.state === 'running'}
              aria-label={`Analyze ${capture.id}`}
            >
              {report?.state === 'running'
                ? 'Analysing…'
                : report?.state === 'done'
                  ? 'Open report'
                  : 'Analyze'}
            </button>
          )}
          {!collected && here && (
            <button
              type="button"
              onClick={() => void stopTrace(serial, capture.id)}
              aria-label={`Stop ${capture.id}`}
            >
              Stop and collect
            </button>
          )}
          {here && (
            <button
              type="button"
              className="danger"
              onClick={() => setConfirmDelete(true)}
              aria-label={`Delete ${capture.id}`}
            >
              Delete
            </button>
          )}
          {!here && <span className="hint">select {capture.device} to stop or delete</span>}
        </div>
        {error !== undefined && <ErrorLine error={error} />}
        <ConfirmDialog
          title={`Delete ${capture.id}?`}
          open={confirmDelete}
          message="The device file, the host copy and the record are deleted (the device step is approved next)."
          confirmLabel="Delete"
          onConfirm={() => void deleteTrace(serial, capture.id)}
          onClose={() => setConfirmDelete(false)}
        />
      </td>
    </tr>
  );
}

export function CaptureList(props: { serial: string }): ReactNode {
  const captures = useConsole((state) => state.traceCaptures);
  const error = useConsole((state) => state.traceCapturesError);
  const loadTraceCaptures = useConsole((state) => state.loadTraceCaptures);
  const rows = (captures?.traces ?? []).filter((entry): entry is CaptureRecord => 'status' in entry);
  const unreadable = (captures?.traces ?? []).filter((entry) => 'error' in entry);
  return (
    <section className="trace-card" aria-labelledby="trace-captures-title">
      <div className="trace-card-head">
        <h3 id="trace-captures-title">
          Kept captures{' '}
          {captures !== null && (
            <span className="muted">
              {captures.count} of {captures.max}
            </span>
          )}
        </h3>
        <button type="button" className="ghost" onClick={() => void loadTraceCaptures()}>
          Refresh
        </button>
      </div>
      {error !== null && <ErrorLine error={error} />}
      {rows.length === 0 ? (
        <p className="muted">No captures kept yet.</p>
      ) : (
        <div className="trace-table-scroll">
          <table className="trace-table" aria-label="Kept captures">
            <thead>
              <tr>
                <th scope="col">Trace</th>
                <th scope="col">Status</th>
                <th scope="col">Size</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((capture) => (
                <CaptureRow key={capture.id} capture={capture} serial={props.serial} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {unreadable.length > 0 && (
        <p className="hint">{unreadable.length} record(s) could not be read and are not listed.</p>
      )}
    </section>
  );
}
