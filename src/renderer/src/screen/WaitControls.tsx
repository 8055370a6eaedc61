// The Screen view's Wait for text (screen:waitText, android.wait_text: re-reads the tree about every 300 ms until
// the exact text or description is on screen, 100-10000 ms, default 5000): a progress bar with the elapsed time
// while it polls, a Cancel that stops the poll on the main side (screen:cancelWait), then the result.
import { useEffect, useState, type ReactNode } from 'react';
import { WAIT_DEFAULT_MS, WAIT_MAX_MS, WAIT_MIN_MS } from '../../../shared/api/screenSchemas';
import { adviceFor } from '../runs/errorAdvice';
import { useConsole } from '../store/context';
import { seconds, waitElapsed } from './screenTargets';

/** How often the elapsed time is redrawn while a wait runs. */
const TICK_MS = 100;

export function WaitControls(props: { serial: string }): ReactNode {
  const { serial } = props;
  const wait = useConsole((state) => state.screen.wait);
  const start = useConsole((state) => state.screenWaitText);
  const cancel = useConsole((state) => state.screenCancelWait);
  const [text, setText] = useState('');
  const [timeout, setTimeoutText] = useState(String(WAIT_DEFAULT_MS));
  const [now, setNow] = useState(() => Date.now());
  const waiting = wait.status === 'waiting';
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [waiting]);
  const timeoutMs = Number(timeout);
  const timeoutValid = Number.isInteger(timeoutMs) && timeoutMs >= WAIT_MIN_MS && timeoutMs <= WAIT_MAX_MS;
  const elapsed = waitElapsed(wait, now);
  return (
    <div className="screen-wait" role="group" aria-label="Wait for text">
      <form
        className="screen-actions"
        onSubmit={(event) => {
          event.preventDefault();
          if (text !== '' && timeoutValid) {
            setNow(Date.now());
            void start(serial, text, timeoutMs);
          }
        }}
      >
        <input
          aria-label="Text to wait for"
          placeholder="exact text or description"
          value={text}
          spellCheck={false}
          onChange={(event) => setText(event.target.value)}
        />
        <label>
          timeout ms{' '}
          <input
            type="number"
            aria-label="Wait timeout ms"
            className="screen-timeout"
            min={WAIT_MIN_MS}
            max={WAIT_MAX_MS}
            step={100}
            value={timeout}
            aria-invalid={!timeoutValid}
            onChange={(event) => setTimeoutText(event.target.value)}
          />
        </label>
        <button type="submit" disabled={waiting || text === '' || !timeoutValid}>
          Wait
        </button>
        {waiting && (
          <button type="button" onClick={() => void cancel()}>
            Cancel wait
          </button>
        )}
      </form>
      {!timeoutValid && (
        <p className="error-text">
          The timeout must be a whole number of ms from {WAIT_MIN_MS} to {WAIT_MAX_MS}.
        </p>
      )}
      {waiting && (
        <p data-testid="screen-wait-progress">
          <progress aria-label="Wait progress" max={wait.timeoutMs} value={elapsed} /> Waiting for &lsquo;
          {wait.text}&rsquo; · {seconds(elapsed)} of {seconds(wait.timeoutMs)}
        </p>
      )}
      {wait.status === 'found' && (
        <p data-testid="screen-wait-result">
          Found &lsquo;{wait.text}&rsquo; after {wait.elapsedMs ?? 0} ms ({wait.polls ?? 0}{' '}
          {wait.polls === 1 ? 'poll' : 'polls'}) at {wait.node?.bounds ?? 'unknown bounds'}
        </p>
      )}
      {wait.status === 'cancelled' && (
        <p data-testid="screen-wait-result">
          Cancelled the wait for &lsquo;{wait.text}&rsquo; after {seconds(wait.elapsedMs ?? 0)}; the poll
          stopped.
        </p>
      )}
      {wait.status === 'failed' && wait.error !== null && (
        <div className="error-text" role="alert" data-testid="screen-wait-result">
          <strong>{wait.error.code}</strong> {wait.error.message} (after {wait.elapsedMs ?? 0} ms
          {wait.polls === null ? '' : `, ${wait.polls} ${wait.polls === 1 ? 'poll' : 'polls'}`})
          <div className="hint">
            {typeof wait.error.details?.hint === 'string'
              ? wait.error.details.hint
              : (wait.error.hint ?? adviceFor(wait.error.code))}
          </div>
        </div>
      )}
    </div>
  );
}
