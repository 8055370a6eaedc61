// "Install APK": asks for the APK's absolute path on the machine running the console, installs it on the device.
import { useId, useState, type ReactNode } from 'react';
import { useConsole } from '../store/context';
import { Dialog } from '../ui/Dialog';
import { apkPathProblem } from './operatorStatus';
import { OutcomeView } from './OutcomeView';

export function InstallApkDialog(props: { serial: string; open: boolean; onClose: () => void }): ReactNode {
  const { serial, open, onClose } = props;
  return (
    <Dialog title="Install APK" open={open} onClose={onClose}>
      <InstallForm serial={serial} onClose={onClose} />
    </Dialog>
  );
}

function InstallForm(props: { serial: string; onClose: () => void }): ReactNode {
  const { serial, onClose } = props;
  const install = useConsole((state) => state.installOperator);
  const entry = useConsole((state) => state.operators[serial]);
  // A checkout's own build (`npm run build:apk`) is the usual APK to install: offered, never installed unasked.
  const built = useConsole((state) => state.appInfo?.builtOperatorApk);
  const [path, setPath] = useState(built ?? '');
  const [shownProblem, setShownProblem] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  const busy = (entry?.busy ?? null) !== null;
  const installing = entry?.busy === 'install';
  const outcome = submitted && entry?.outcome?.action === 'install' ? entry.outcome : undefined;
  return (
    <form
      className="dialog-form"
      aria-busy={installing}
      onSubmit={(event) => {
        event.preventDefault();
        const problem = apkPathProblem(path);
        setShownProblem(problem);
        if (problem !== null || busy) return;
        setSubmitted(true);
        void install(serial, path.trim()).then((done) => {
          if (done) onClose();
        });
      }}
    >
      <label htmlFor={inputId}>APK path</label>
      <input
        id={inputId}
        className="mono"
        value={path}
        onChange={(event) => {
          setPath(event.target.value);
          setShownProblem(null);
        }}
        placeholder="/home/me/operator-release.apk"
        autoFocus
        spellCheck={false}
        aria-invalid={shownProblem !== null}
        aria-describedby={shownProblem === null ? hintId : `${problemId} ${hintId}`}
      />
      {shownProblem !== null && (
        <p id={problemId} className="field-error">
          {shownProblem}
        </p>
      )}
      <p id={hintId} className="hint">
        Absolute path of the .apk on the machine running the console; it is installed on {serial} with adb.
        {built !== undefined &&
          path === built &&
          ' This is the Operator built in this checkout (npm run build:apk).'}
      </p>
      {installing && <p className="hint">Installing the APK{'\u2026'}</p>}
      {outcome !== undefined && !outcome.ok && <OutcomeView outcome={outcome} />}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={busy}>
          Install
        </button>
      </div>
    </form>
  );
}
