// The run buttons. Disabled buttons say why (title and the visible hint), e.g. "Fix 2 fields to run". A run the
// preview knows will fail (panel too wide, service disabled, no usable area) stays possible but says so on the
// button, and runs only after "Run anyway" in the question it opens.
import { useId, type ReactNode } from 'react';
import { deviceLabel } from '../devices/devicesSlice';
import { useConsole, useConsoleStore } from '../store/context';
import { selectDesign, selectRunSerials } from '../store/selectors';
import { Dialog } from '../ui/Dialog';
import { shortcutOf, type ShortcutCommand } from '../ui/shortcuts';
import { IS_MAC } from '../ui/useShortcuts';
import { goToEnableService } from './adviceSituation';
import { forecastHint, forecastLabel } from './forecast';
import { defaultRunLabel, type RunAction } from './runGate';
import { forecastOf } from './forecastState';
import { blockerOf } from './runsSlice';
import { HoldBar } from './HoldBar';

const keysOf = (command: ShortcutCommand) => {
  const shortcut = shortcutOf(command, IS_MAC);
  return { keys: shortcut.keys, ariaKeys: shortcut.aria };
};

const ACTION_TITLES: Record<RunAction, string> = {
  sequence: 'Run sequence',
  set: 'Set panel',
  clear: 'Clear panel',
  screenshot: 'Take screenshot',
};

function RunButton(props: {
  label: string;
  blocker: string | null;
  /** "will fail: panel too wide" when the preview knows the run will fail. */
  warning: string | null;
  keys: string;
  ariaKeys: string;
  hintId: string;
  primary?: boolean;
  onRun: () => void;
}): ReactNode {
  const warned = props.blocker === null && props.warning !== null;
  return (
    <button
      type="button"
      className={`${props.primary ? 'primary' : ''} ${warned ? 'will-fail' : ''}`}
      disabled={props.blocker !== null}
      title={
        props.blocker ?? (warned ? `${props.label} (${props.warning})` : `${props.label} (${props.keys})`)
      }
      aria-keyshortcuts={props.ariaKeys}
      aria-describedby={props.blocker !== null || warned ? props.hintId : undefined}
      onClick={props.onRun}
    >
      <span className="run-button-label">{props.label}</span>
      {warned && <span className="run-button-warning">{props.warning}</span>}
    </button>
  );
}

/** "The preview says this will fail": the reasons, and "Run anyway" as the deliberate choice. */
function ConfirmRun(): ReactNode {
  const pending = useConsole((state) => state.runConfirm);
  const confirmRun = useConsole((state) => state.confirmRun);
  const cancelRun = useConsole((state) => state.cancelRun);
  const store = useConsoleStore();
  const title = pending === null ? '' : ACTION_TITLES[pending.action];
  return (
    <Dialog title={`${title}: the preview says it will fail`} open={pending !== null} onClose={cancelRun}>
      <div className="dialog-form confirm-run">
        <ul className="confirm-problems">
          {pending?.problems.map((problem) => (
            <li key={`${problem.serial}:${problem.kind}`}>
              <p>
                <strong>{problem.deviceName}</strong>: {problem.message}
              </p>
              <p className="advice">
                <span className="advice-label">What to do:</span> {problem.advice}
                {problem.kind === 'service-disabled' && problem.advice.includes('Enable service') && (
                  <>
                    {' '}
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => {
                        cancelRun();
                        goToEnableService(store.getState());
                      }}
                    >
                      Go to Enable service
                    </button>
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
        <div className="dialog-actions">
          {/* Cancel first and focused: running into a known failure must be a deliberate second choice. The DOM
              attribute (not React's autoFocus) is what showModal() looks for when it picks the focus. */}
          <button type="button" ref={(element) => element?.setAttribute('autofocus', '')} onClick={cancelRun}>
            Cancel
          </button>
          <button type="button" className="danger" onClick={() => void confirmRun()}>
            Run anyway
          </button>
        </div>
      </div>
    </Dialog>
  );
}

export function RunBar(): ReactNode {
  const sequenceBlocker = useConsole((state) => blockerOf(state, 'sequence'));
  const setBlocker = useConsole((state) => blockerOf(state, 'set'));
  const clearBlocker = useConsole((state) => blockerOf(state, 'clear'));
  const screenshotBlocker = useConsole((state) => blockerOf(state, 'screenshot'));
  const serials = useConsole(selectRunSerials);
  const sequenceWarning = useConsole((state) => forecastLabel(forecastOf(state, 'sequence'), serials.length));
  const setWarning = useConsole((state) => forecastLabel(forecastOf(state, 'set'), serials.length));
  const clearWarning = useConsole((state) => forecastLabel(forecastOf(state, 'clear'), serials.length));
  const forecast = useConsole((state) => forecastHint(forecastOf(state, 'sequence')));
  const devices = useConsole((state) => state.devices);
  const runLabel = useConsole((state) => state.runLabel);
  const setRunLabel = useConsole((state) => state.setRunLabel);
  const content = useConsole((state) => selectDesign(state).content);
  const busy = useConsole((state) => state.runBusy);
  const runSequence = useConsole((state) => state.runSequence);
  const setPanel = useConsole((state) => state.setPanel);
  const clearPanel = useConsole((state) => state.clearPanel);
  const takeScreenshot = useConsole((state) => state.takeScreenshot);
  const hintId = useId();
  const labelId = useId();
  const shownBlocker = sequenceBlocker ?? setBlocker ?? clearBlocker ?? screenshotBlocker;
  const targets = serials.length === 1 ? deviceLabel(devices, serials[0] ?? '') : `${serials.length} devices`;
  const hint =
    shownBlocker ??
    forecast ??
    `Runs on ${targets}: set \u2192 screenshot \u2192 clear as separate executions.`;

  return (
    <section className="run-bar" aria-label="Run">
      <div className="inline-row">
        <label htmlFor={labelId} className="field-label">
          Run label
        </label>
        <input
          id={labelId}
          value={runLabel}
          placeholder={defaultRunLabel(content) || 'Name for the history'}
          onChange={(event) => setRunLabel(event.target.value)}
          maxLength={200}
        />
      </div>
      <div className="run-buttons">
        <RunButton
          label="Run sequence"
          primary
          blocker={sequenceBlocker}
          warning={sequenceWarning}
          {...keysOf('runSequence')}
          hintId={hintId}
          onRun={() => void runSequence()}
        />
        <RunButton
          label="Set panel"
          blocker={setBlocker}
          warning={setWarning === null ? null : 'will fail'}
          {...keysOf('setPanel')}
          hintId={hintId}
          onRun={() => void setPanel()}
        />
        <RunButton
          label="Take screenshot"
          blocker={screenshotBlocker}
          warning={null}
          {...keysOf('takeScreenshot')}
          hintId={hintId}
          onRun={() => void takeScreenshot()}
        />
        <RunButton
          label="Clear panel"
          blocker={clearBlocker}
          warning={clearWarning === null ? null : 'will fail'}
          {...keysOf('clearPanel')}
          hintId={hintId}
          onRun={() => void clearPanel()}
        />
      </div>
      <HoldBar hintId={hintId} />
      <p
        className={`run-hint ${shownBlocker !== null && !busy ? 'blocked' : ''} ${
          shownBlocker === null && forecast !== null ? 'forecast' : ''
        }`}
        id={hintId}
      >
        {hint}
      </p>
      <ConfirmRun />
    </section>
  );
}
