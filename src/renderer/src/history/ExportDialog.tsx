// History's export dialog, one for the whole list: a destination path on the console's machine (Electron), or a
// failed browser download to try again. A failed export shows its code, message and advice here and the dialog
// stays open, so the user can fix the path (or the cause) and export again.
import { useId, useState, type ReactNode } from 'react';
import type { AppError } from '../../../shared/errors';
import { adviceFor } from '../runs/errorAdvice';
import { useConsole } from '../store/context';
import { Dialog } from '../ui/Dialog';
import { saveBlob } from '../ui/saveBlob';
import { runName } from './format';

/** The failed attempt: what went wrong (code, message) and what to do about it. */
function ExportError(props: { error: AppError }): ReactNode {
  const { error } = props;
  return (
    <div className="error-box" role="alert">
      <p className="error-title">Export failed</p>
      <p>{error.message}</p>
      <p className="mono small error-code">{error.code}</p>
      <p className="advice">
        <span className="advice-label">What to do: </span>
        {error.hint ?? adviceFor(error.code)}
      </p>
    </div>
  );
}

function PathForm(props: { runId: string; suggestedPath: string; error: AppError | null }): ReactNode {
  const confirmExport = useConsole((state) => state.confirmExport);
  const closeExport = useConsole((state) => state.closeExport);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const hintId = useId();
  return (
    <form
      className="dialog-form"
      onSubmit={(event) => {
        event.preventDefault();
        const value = new FormData(event.currentTarget).get('path');
        if (typeof value !== 'string' || value.trim() === '' || busy) return;
        setBusy(true);
        void confirmExport(value.trim()).finally(() => setBusy(false));
      }}
    >
      <label htmlFor={inputId}>Destination path</label>
      <input
        id={inputId}
        name="path"
        className="mono"
        defaultValue={props.suggestedPath}
        autoFocus
        spellCheck={false}
        aria-describedby={hintId}
        aria-invalid={props.error !== null}
        required
      />
      <p id={hintId} className="hint">
        A zip file for a ticket: run.json, the screenshot, the screenshot with its bounds drawn and a one-page
        summary.html that opens offline, written on the machine the console runs on. Nothing is overwritten:
        if the suggested name exists by now, the next free name is used.
      </p>
      {props.error !== null && <ExportError error={props.error} />}
      <div className="dialog-actions">
        <button type="button" onClick={closeExport}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Exporting…' : 'Export'}
        </button>
      </div>
    </form>
  );
}

function DownloadRetry(props: { runId: string; error: AppError }): ReactNode {
  const downloadRun = useConsole((state) => state.downloadRun);
  const closeExport = useConsole((state) => state.closeExport);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <p className="hint">The zip downloads through the browser; the console could not prepare it.</p>
      <ExportError error={props.error} />
      <div className="dialog-actions">
        <button type="button" onClick={closeExport}>
          Close
        </button>
        <button
          type="button"
          className="primary"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void downloadRun(props.runId)
              .then((download) => {
                if (download !== null) saveBlob(download.blob, download.fileName);
              })
              .finally(() => setBusy(false));
          }}
        >
          {busy ? 'Downloading…' : 'Try again'}
        </button>
      </div>
    </>
  );
}

export function ExportDialog(): ReactNode {
  const dialog = useConsole((state) => state.exportDialog);
  const closeExport = useConsole((state) => state.closeExport);
  const run = useConsole((state) =>
    dialog === null ? undefined : state.historyRuns.find((item) => item.id === dialog.runId),
  );
  const name = run === undefined ? dialog?.runId : runName(run);
  return (
    <Dialog
      title={name === undefined ? 'Export run' : `Export ${name}`}
      open={dialog !== null}
      onClose={closeExport}
    >
      {dialog?.mode === 'path' && (
        <PathForm
          key={`${dialog.runId} ${dialog.suggestedPath}`}
          runId={dialog.runId}
          suggestedPath={dialog.suggestedPath}
          error={dialog.error}
        />
      )}
      {dialog?.mode === 'download' && <DownloadRetry runId={dialog.runId} error={dialog.error} />}
    </Dialog>
  );
}
