// "Attach to run…": stores what a view shows (a Diagnostics answer, the logcat viewer's visible window) with a
// recent run of the same device, the latest by default. The answer is taken when the dialog opens, so what is
// attached is what the user saw; a failure shows in the dialog and the view keeps its answer (nothing is lost).
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { RunAttachment, RunAttachmentInput, RunSummary } from '../../../shared/api/evidence';
import type { AppError } from '../../../shared/errors';
import { useConsole } from '../store/context';
import { Dialog } from '../ui/Dialog';
import { formatRunTime } from '../ui/time';

/** How many of the device's runs the dialog offers, newest first. */
export const ATTACH_RUN_CHOICES = 10;

export type AttachmentDraft = Omit<RunAttachmentInput, 'id'>;

/** The device's recent runs, newest first (History lists newest first). */
export function runsOfDevice(runs: readonly RunSummary[], serial: string): RunSummary[] {
  return runs.filter((run) => run.deviceSerial === serial).slice(0, ATTACH_RUN_CHOICES);
}

function runLabel(run: RunSummary): string {
  return `${run.label ?? run.id} · ${formatRunTime(run.startedAt, new Date())} · ${run.status}`;
}

function AttachDialog(props: { draft: AttachmentDraft; onClose: () => void }): ReactNode {
  const { draft, onClose } = props;
  const runs = useConsole((state) => state.historyRuns);
  const loadHistory = useConsole((state) => state.loadHistory);
  const attachToRun = useConsole((state) => state.attachToRun);
  const choices = runsOfDevice(runs, draft.serial);
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [done, setDone] = useState<{ run: string; attachment: RunAttachment } | null>(null);
  const selectId = useId();
  useEffect(() => {
    void loadHistory();
  }, [loadHistory]);
  const runId = chosen ?? choices[0]?.id ?? null;
  const submit = async (): Promise<void> => {
    if (runId === null || busy) return;
    setBusy(true);
    setError(null);
    const result = await attachToRun({ ...draft, id: runId });
    setBusy(false);
    if (result.ok) setDone({ run: runId, attachment: result.value });
    else setError(result.error);
  };
  return (
    <Dialog title={`Attach ${draft.title} to a run`} open onClose={onClose}>
      <form
        className="dialog-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="hint">
          The answer as shown (taken at {formatRunTime(draft.takenAt, new Date())}, {draft.status},{' '}
          {draft.tool}) is stored in the run&apos;s evidence folder and exported with it.
        </p>
        {choices.length === 0 ? (
          <p className="muted" role="status">
            No run of {draft.serial} yet: run the sequence on this device first.
          </p>
        ) : (
          <>
            <label htmlFor={selectId}>Run</label>
            <select
              id={selectId}
              value={runId ?? ''}
              onChange={(event) => setChosen(event.target.value)}
              disabled={busy || done !== null}
            >
              {choices.map((run) => (
                <option key={run.id} value={run.id}>
                  {runLabel(run)}
                </option>
              ))}
            </select>
          </>
        )}
        {error !== null && (
          <p className="error-text" role="alert">
            <strong>{error.code}</strong> {error.message}
          </p>
        )}
        {done !== null && (
          <p className="tone-good" role="status">
            Attached to {done.run} as {done.attachment.file}.
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            {done === null ? 'Cancel' : 'Close'}
          </button>
          {done === null && (
            <button type="submit" className="primary" disabled={runId === null || busy}>
              {busy ? 'Attaching\u2026' : 'Attach'}
            </button>
          )}
        </div>
      </form>
    </Dialog>
  );
}

/** The button and its dialog; `draft` is called when the dialog opens (what is attached is what was shown). */
export function AttachToRunButton(props: {
  draft: () => AttachmentDraft | null;
  disabled?: boolean;
  className?: string;
}): ReactNode {
  const [draft, setDraft] = useState<AttachmentDraft | null>(null);
  return (
    <>
      <button
        type="button"
        className={props.className ?? 'ghost'}
        disabled={props.disabled === true}
        onClick={() => setDraft(props.draft())}
      >
        Attach to run{'\u2026'}
      </button>
      {draft !== null && <AttachDialog draft={draft} onClose={() => setDraft(null)} />}
    </>
  );
}
