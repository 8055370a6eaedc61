// The "Settings" dialog: user settings (simulator, Operator package, execution timeout) and the watched adb servers.
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { ConsoleSettings } from '../../../shared/api/contract';
import { useConsole } from '../store/context';
import { Dialog } from '../ui/Dialog';
import { applyTheme, readTheme, THEME_CHOICES, type ThemeChoice } from '../ui/theme';
import { AdbServers } from './AdbServers';
import { changedSettings, draftFromSettings, draftIssues, type SettingsDraft } from './settingsForm';
import './settings.css';

export function SettingsDialog(): ReactNode {
  const open = useConsole((state) => state.settingsOpen);
  const setSettingsOpen = useConsole((state) => state.setSettingsOpen);
  const appInfo = useConsole((state) => state.appInfo);
  const appInfoError = useConsole((state) => state.appInfoError);
  const close = (): void => setSettingsOpen(false);
  const first = useRef<HTMLInputElement>(null);
  // Why here and not autoFocus in the form: the form's effects run before <Dialog>'s showModal, which would move
  // focus to its first button; this parent effect runs after it.
  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);
  return (
    <Dialog title="Settings" open={open} onClose={close} className="settings-dialog">
      {appInfo === null ? (
        <p className={appInfoError === null ? 'muted' : 'error-text'} role="status">
          {appInfoError === null ? 'Loading settings\u2026' : `${appInfoError.code}: ${appInfoError.message}`}
        </p>
      ) : (
        <SettingsForm
          firstField={first}
          settings={appInfo.settings}
          evidenceDirectory={appInfo.evidenceDirectory}
          onClose={close}
        />
      )}
      <ThemeSwitch />
      <AdbServers />
    </Dialog>
  );
}

const THEME_TEXT: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** Applies at once and is kept in this window's storage (not a console setting, so no Save needed). */
function ThemeSwitch(): ReactNode {
  const [theme, setTheme] = useState<ThemeChoice>(() => readTheme(window.localStorage));
  const id = useId();
  return (
    <div className="settings-theme">
      <label htmlFor={id}>Theme</label>
      <select
        id={id}
        value={theme}
        onChange={(event) => {
          const choice = event.target.value as ThemeChoice;
          setTheme(choice);
          applyTheme(choice, document.documentElement, window.localStorage);
        }}
      >
        {THEME_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {THEME_TEXT[choice]}
          </option>
        ))}
      </select>
    </div>
  );
}

function SettingsForm(props: {
  firstField: RefObject<HTMLInputElement | null>;
  settings: ConsoleSettings;
  evidenceDirectory: string;
  onClose: () => void;
}): ReactNode {
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFromSettings(props.settings));
  const [submitted, setSubmitted] = useState(false);
  const saving = useConsole((state) => state.settingsSaving);
  const error = useConsole((state) => state.settingsError);
  const saveSettings = useConsole((state) => state.saveSettings);
  const ids = { simulator: useId(), package: useId(), timeout: useId(), error: useId() };
  // Issues show once a field was edited or Save was pressed, not on the untouched form.
  const issues = draftIssues(draft);
  const edit = (patch: Partial<SettingsDraft>): void => setDraft((previous) => ({ ...previous, ...patch }));
  const issueOf = (field: 'operatorPackage' | 'timeoutMs'): string | undefined =>
    submitted || draft[field] !== draftFromSettings(props.settings)[field] ? issues[field] : undefined;
  const packageIssue = issueOf('operatorPackage');
  const timeoutIssue = issueOf('timeoutMs');
  return (
    <form
      className="settings-form"
      aria-describedby={error === null ? undefined : ids.error}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        const patch = changedSettings(props.settings, draft);
        if (patch === null || saving) return;
        void saveSettings(patch).then((saved) => {
          if (saved) props.onClose();
        });
      }}
      noValidate
    >
      <label className="settings-check" htmlFor={ids.simulator}>
        <input
          ref={props.firstField}
          id={ids.simulator}
          type="checkbox"
          checked={draft.simulatorWhenNoDevice}
          onChange={(event) => edit({ simulatorWhenNoDevice: event.target.checked })}
        />
        Start a simulated phone when no device is connected
      </label>

      <label htmlFor={ids.package}>Operator package</label>
      <input
        id={ids.package}
        className="mono"
        value={draft.operatorPackage}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={packageIssue !== undefined}
        aria-describedby={packageIssue === undefined ? undefined : `${ids.package}-issue`}
        onChange={(event) => edit({ operatorPackage: event.target.value })}
      />
      {packageIssue !== undefined && (
        <p id={`${ids.package}-issue`} className="field-error">
          {packageIssue}
        </p>
      )}

      <label htmlFor={ids.timeout}>Execution timeout (ms)</label>
      <input
        id={ids.timeout}
        className="mono settings-timeout"
        inputMode="numeric"
        value={draft.timeoutMs}
        autoComplete="off"
        aria-invalid={timeoutIssue !== undefined}
        aria-describedby={timeoutIssue === undefined ? undefined : `${ids.timeout}-issue`}
        onChange={(event) => edit({ timeoutMs: event.target.value })}
      />
      {timeoutIssue !== undefined && (
        <p id={`${ids.timeout}-issue`} className="field-error">
          {timeoutIssue}
        </p>
      )}

      <p className="settings-evidence">
        <span className="muted">Evidence folder:</span>{' '}
        <span className="mono">{props.evidenceDirectory}</span>
      </p>

      {error !== null && (
        <p id={ids.error} className="error-text" role="alert">
          <code>{error.code}</code>: {error.message}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={props.onClose}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={saving}>
          {saving ? 'Saving\u2026' : 'Save'}
        </button>
      </div>
    </form>
  );
}
