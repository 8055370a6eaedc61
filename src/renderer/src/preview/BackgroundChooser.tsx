// Which background the preview draws the panel on, said in words: a capture of the screen without a panel (taken
// here, never a run's screenshot with its panel baked in) or the neutral stand-in screen.
import { useId, type ReactNode } from 'react';
import { imageKey } from '../history/historySlice';
import { useConsole } from '../store/context';

export function BackgroundChooser(props: {
  serial: string;
  online: boolean;
  useCapture: boolean;
  onUseCapture: (use: boolean) => void;
  /** What the screen shows now. */
  shown: 'capture' | 'neutral';
}): ReactNode {
  const { serial } = props;
  const entry = useConsole((state) => state.backgrounds[serial]);
  const imageStatus = useConsole((state) => {
    const runId = state.backgrounds[serial]?.capture?.runId;
    return runId === undefined ? undefined : state.images[imageKey(runId, 'screenshot')]?.status;
  });
  const runBusy = useConsole((state) => state.runBusy);
  const captureBackground = useConsole((state) => state.captureBackground);
  const groupId = useId();
  const capture = entry?.capture;
  const attempt = entry?.attempt ?? { status: 'idle' };
  const capturing = attempt.status === 'capturing';
  const time = capture === undefined ? '' : new Date(capture.capturedAt).toLocaleTimeString();
  const canCapture = props.online && !capturing && !runBusy;

  let caption: string;
  if (props.shown === 'capture')
    caption = `Background: this device\u2019s screen without a panel, captured ${time}.`;
  else if (capture !== undefined && imageStatus === 'loading')
    caption = 'Background: loading the capture\u2026';
  else if (capture !== undefined && imageStatus === 'ready' && props.useCapture)
    caption = 'Background: neutral screen (the capture without panel no longer matches the display).';
  else if (capture !== undefined) caption = 'Background: neutral screen (chosen).';
  else caption = 'Background: neutral stand-in screen (no capture without a panel yet).';

  return (
    <div className="background-chooser">
      <p className="background-caption" id={groupId}>
        {caption}
      </p>
      {capture !== undefined && (
        <div className="background-options" role="radiogroup" aria-label="Background">
          <label className="check-row">
            <input
              type="radio"
              name={`background-${serial}`}
              checked={props.useCapture}
              onChange={() => props.onUseCapture(true)}
            />
            Screen without panel ({time})
          </label>
          <label className="check-row">
            <input
              type="radio"
              name={`background-${serial}`}
              checked={!props.useCapture}
              onChange={() => props.onUseCapture(false)}
            />
            Neutral screen
          </label>
        </div>
      )}
      <div className="inline-row">
        <button
          type="button"
          className="small"
          disabled={!canCapture}
          onClick={() => {
            props.onUseCapture(true);
            void captureBackground(serial);
          }}
        >
          {capturing
            ? 'Capturing\u2026'
            : capture === undefined
              ? 'Capture screen without panel'
              : 'Capture again'}
        </button>
      </div>
      {attempt.status === 'panel-shown' && (
        <div className="warn-box" role="alert">
          <p>The device shows a panel now: a capture would have it baked in.</p>
          <button
            type="button"
            className="small"
            disabled={!canCapture}
            onClick={() => void captureBackground(serial, { clearFirst: true })}
          >
            Clear panel and capture
          </button>
        </div>
      )}
      {attempt.status === 'failed' && (
        <p className="warn-text" role="alert">
          No background captured: {attempt.error.message}
        </p>
      )}
    </div>
  );
}
