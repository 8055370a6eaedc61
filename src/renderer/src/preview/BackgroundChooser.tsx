// Which background the preview draws the panel on, said in words: a capture of the screen without a panel (taken
// here, never a run's screenshot with its panel baked in), the device's live screen, or the neutral stand-in screen.
import { useId, type ReactNode } from 'react';
import { imageKey } from '../history/historySlice';
import { useConsole } from '../store/context';
import { shortcutOf } from '../ui/shortcuts';
import { IS_MAC } from '../ui/useShortcuts';
import type { BackgroundChoice, LiveView } from './liveBackground';
import { LiveStatus } from './LiveStatus';

/** What the screen shows now. */
export type ShownBackground = 'capture' | 'live' | 'neutral';

const SWITCH_KEYS = shortcutOf('switchBackground', IS_MAC);

function captionOf(props: {
  shown: ShownBackground;
  choice: BackgroundChoice;
  time: string;
  hasCapture: boolean;
  imageStatus: string | undefined;
}): string {
  const { shown, choice, time, hasCapture, imageStatus } = props;
  if (shown === 'live') return 'Background: the device\u2019s live screen.';
  const captured = `this device\u2019s screen without a panel, captured ${time}`;
  if (choice === 'live')
    return shown === 'capture'
      ? `Background: ${captured} (instead of the live screen).`
      : 'Background: neutral screen (instead of the live screen).';
  if (shown === 'capture') return `Background: ${captured}.`;
  if (hasCapture && imageStatus === 'loading') return 'Background: loading the capture\u2026';
  if (hasCapture && imageStatus === 'ready' && choice === 'capture')
    return 'Background: neutral screen (the capture without panel no longer matches the display).';
  if (hasCapture || choice === 'neutral') return 'Background: neutral screen (chosen).';
  return 'Background: neutral stand-in screen (no capture without a panel yet).';
}

export function BackgroundChooser(props: {
  serial: string;
  online: boolean;
  shown: ShownBackground;
  live: LiveView;
  display: { widthPx: number; heightPx: number };
}): ReactNode {
  const { serial } = props;
  const entry = useConsole((state) => state.backgrounds[serial]);
  const imageStatus = useConsole((state) => {
    const runId = state.backgrounds[serial]?.capture?.runId;
    return runId === undefined ? undefined : state.images[imageKey(runId, 'screenshot')]?.status;
  });
  const runBusy = useConsole((state) => state.runBusy);
  const captureBackground = useConsole((state) => state.captureBackground);
  const choice = useConsole((state) => state.previewBackground);
  const choose = useConsole((state) => state.setPreviewBackground);
  const groupId = useId();
  const capture = entry?.capture;
  const attempt = entry?.attempt ?? { status: 'idle' };
  const capturing = attempt.status === 'capturing';
  const time = capture === undefined ? '' : new Date(capture.capturedAt).toLocaleTimeString();
  const canCapture = props.online && !capturing && !runBusy;
  const caption = captionOf({
    shown: props.shown,
    choice,
    time,
    hasCapture: capture !== undefined,
    imageStatus,
  });
  const radio = (value: BackgroundChoice, label: string): ReactNode => (
    <label className="check-row">
      <input
        type="radio"
        name={`background-${serial}`}
        checked={choice === value}
        onChange={() => choose(value)}
      />
      {label}
    </label>
  );

  return (
    <div className="background-chooser">
      <p className="background-caption" id={groupId}>
        {caption}
      </p>
      <div
        className="background-options"
        role="radiogroup"
        aria-label="Background"
        aria-keyshortcuts={SWITCH_KEYS.aria}
        title={`${SWITCH_KEYS.keys} switches the background`}
      >
        {radio(
          'capture',
          capture === undefined
            ? 'Screen without panel (none captured yet)'
            : `Screen without panel (${time})`,
        )}
        {radio('live', 'Live screen')}
        {radio('neutral', 'Neutral screen')}
      </div>
      {choice === 'live' && <LiveStatus serial={serial} live={props.live} display={props.display} />}
      <div className="inline-row">
        <button
          type="button"
          className="small"
          disabled={!canCapture}
          onClick={() => {
            choose('capture');
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
