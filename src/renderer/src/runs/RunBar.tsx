// The run buttons. Disabled buttons say why (title and the visible hint), e.g. "Fix 2 fields to run".
import { useId, type ReactNode } from 'react';
import { deviceLabel } from '../devices/devicesSlice';
import { useConsole } from '../store/context';
import { selectDesign, selectRunSerials } from '../store/selectors';
import { shortcutOf, type ShortcutCommand } from '../ui/shortcuts';
import { IS_MAC } from '../ui/useShortcuts';
import { defaultRunLabel } from './runGate';
import { blockerOf } from './runsSlice';

const keysOf = (command: ShortcutCommand) => {
  const shortcut = shortcutOf(command, IS_MAC);
  return { keys: shortcut.keys, ariaKeys: shortcut.aria };
};

function RunButton(props: {
  label: string;
  blocker: string | null;
  keys: string;
  ariaKeys: string;
  hintId: string;
  primary?: boolean;
  onRun: () => void;
}): ReactNode {
  return (
    <button
      type="button"
      className={props.primary ? 'primary' : ''}
      disabled={props.blocker !== null}
      title={props.blocker ?? `${props.label} (${props.keys})`}
      aria-keyshortcuts={props.ariaKeys}
      aria-describedby={props.blocker !== null ? props.hintId : undefined}
      onClick={props.onRun}
    >
      {props.label}
    </button>
  );
}

export function RunBar(): ReactNode {
  const sequenceBlocker = useConsole((state) => blockerOf(state, 'sequence'));
  const setBlocker = useConsole((state) => blockerOf(state, 'set'));
  const clearBlocker = useConsole((state) => blockerOf(state, 'clear'));
  const screenshotBlocker = useConsole((state) => blockerOf(state, 'screenshot'));
  const serials = useConsole(selectRunSerials);
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
          {...keysOf('runSequence')}
          hintId={hintId}
          onRun={() => void runSequence()}
        />
        <RunButton
          label="Set panel"
          blocker={setBlocker}
          {...keysOf('setPanel')}
          hintId={hintId}
          onRun={() => void setPanel()}
        />
        <RunButton
          label="Take screenshot"
          blocker={screenshotBlocker}
          {...keysOf('takeScreenshot')}
          hintId={hintId}
          onRun={() => void takeScreenshot()}
        />
        <RunButton
          label="Clear panel"
          blocker={clearBlocker}
          {...keysOf('clearPanel')}
          hintId={hintId}
          onRun={() => void clearPanel()}
        />
      </div>
      <p className={`run-hint ${shownBlocker !== null && !busy ? 'blocked' : ''}`} id={hintId}>
        {shownBlocker ?? `Runs on ${targets}: set \u2192 screenshot \u2192 clear as separate executions.`}
      </p>
    </section>
  );
}
