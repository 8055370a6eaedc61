// The live background's state under the background choice: the shown frame's age ("live · 0.4 s ago", ticking on
// its own so the rest of the preview does not re-render), that the frame includes a panel this console put up, or
// why no live frame is drawn (the capture's structured error, the device offline).
import type { ReactNode } from 'react';
import { adviceFor } from '../runs/errorAdvice';
import { useConsole } from '../store/context';
import { useNow } from '../ui/hooks';
import { consolePanelShown, frameAge, liveProblemText, type LiveView } from './liveBackground';
import { LIVE_RETRY_MS } from './liveBackgroundSlice';

function LiveAge(props: { capturedAt: string }): ReactNode {
  const now = useNow(true, 200);
  return (
    <p className="mono small" data-testid="live-age">
      live · {frameAge(props.capturedAt, now)} ago
    </p>
  );
}

export function LiveStatus(props: {
  serial: string;
  live: LiveView;
  display: { widthPx: number; heightPx: number };
}): ReactNode {
  const { live } = props;
  const panelShown = useConsole((state) => consolePanelShown(state, props.serial));
  if (live.kind === 'problem') {
    const text = liveProblemText(live.problem, props.display);
    return live.problem.kind === 'failed' || live.problem.kind === 'size' ? (
      <div className="warn-text" role="alert" data-testid="live-problem">
        <p>{text}</p>
        {live.problem.kind === 'failed' && (
          <>
            <p className="mono small">{live.problem.error.code}</p>
            <p className="advice">{live.problem.error.hint ?? adviceFor(live.problem.error.code)}</p>
            <p className="muted">
              Trying again every {LIVE_RETRY_MS / 1000} s; the preview shows the fallback background
              meanwhile.
            </p>
          </>
        )}
      </div>
    ) : (
      <p className="muted" role="status" data-testid="live-problem">
        {text}
      </p>
    );
  }
  return (
    <div className="live-status">
      <LiveAge capturedAt={live.frame.capturedAt} />
      {panelShown && (
        <p className="warn-text" data-testid="live-panel-shown">
          The live screen includes the current panel (put up by a run here); the predicted panel is drawn over
          it.
        </p>
      )}
    </div>
  );
}
