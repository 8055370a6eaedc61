// Each step of a run on one line (status, live duration), its data collapsed, and errors with their code and what
// to do (fitted to the device: no usable area, an "Enable service" button on screen).
import type { ReactNode } from 'react';
import { useConsole, useConsoleStore } from '../store/context';
import { useNow } from '../ui/hooks';
import { enableServiceShown, goToEnableService, usableAreaUnknown } from './adviceSituation';
import { adviceFor, fixedByEnableService } from './errorAdvice';
import { elapsedMs, formatDuration, type StepError, type StepView } from './runModel';
import { stepTitle } from './verdict';

const STATUS_MARK: Record<StepView['status'], string> = {
  pending: '\u25cb',
  running: '\u25d4',
  succeeded: '\u2713',
  failed: '\u2717',
  skipped: '\u2013',
};

/** The advice line of an error; with a "Go to Enable service" button when that button fixes it. */
function Advice(props: { error: StepError; serial: string | undefined }): ReactNode {
  const { error, serial } = props;
  const store = useConsoleStore();
  const noUsableArea = useConsole((state) =>
    serial === undefined ? false : usableAreaUnknown(state, serial),
  );
  const enableShown = useConsole((state) =>
    serial === undefined ? false : enableServiceShown(state, serial),
  );
  const situation = { usableAreaUnknown: noUsableArea, enableServiceButton: enableShown };
  // The device's own hint wins, unless the console knows better about this device (it would contradict the preview).
  const fitted = noUsableArea || (enableShown && fixedByEnableService(error.code));
  const advice = fitted ? adviceFor(error.code, situation) : (error.hint ?? adviceFor(error.code, situation));
  return (
    <p className="advice">
      <span className="advice-label">What to do:</span> {advice}
      {enableShown && fixedByEnableService(error.code) && (
        <>
          {' '}
          <button type="button" className="link-button" onClick={() => goToEnableService(store.getState())}>
            Go to Enable service
          </button>
        </>
      )}
    </p>
  );
}

/** An error with its code, message and the advice for its code on the device `serial`. */
export function ErrorDetails(props: { error: StepError; serial?: string; showMessage?: boolean }): ReactNode {
  const { error } = props;
  return (
    <div className="error-box">
      <p>
        <code className="error-code">{error.code}</code> {props.showMessage === false ? '' : error.message}
      </p>
      <Advice error={error} serial={props.serial} />
    </div>
  );
}

function DataTable(props: { data: Record<string, string> }): ReactNode {
  const entries = Object.entries(props.data);
  return (
    <details className="step-data">
      <summary>
        Data ({entries.length} key{entries.length === 1 ? '' : 's'})
      </summary>
      <dl className="data-table">
        {entries.map(([key, value]) => (
          <div key={key} className="data-row">
            <dt className="mono">{key}</dt>
            <dd className="mono">{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/**
 * The steps; each step's data is collapsed (a <details>, so Enter/Space open it). The error the verdict already shows
 * (`shownError`, by step name) is named by its code only.
 */
export function StepList(props: { steps: StepView[]; serial?: string; shownErrorStep?: string }): ReactNode {
  const running = props.steps.some((step) => step.status === 'running');
  const now = useNow(running);
  return (
    <ol className="steps" aria-label="Steps">
      {props.steps.map((step) => {
        const elapsed = elapsedMs(step, now);
        const errorShown = step.name === props.shownErrorStep;
        return (
          <li key={step.name} className={`step status-${step.status}`}>
            <div className="step-line">
              <span className="step-mark" aria-hidden="true">
                {STATUS_MARK[step.status]}
              </span>
              <span className="step-name">{stepTitle(step.name)}</span>
              <span className="step-status">{step.status}</span>
              <span className="step-duration mono">
                {elapsed === undefined ? '' : formatDuration(elapsed)}
              </span>
            </div>
            {step.note !== undefined && <p className="muted small">{step.note}</p>}
            {step.error !== undefined && errorShown && (
              <p className="muted small">
                <code className="error-code">{step.error.code}</code> (see the verdict above)
              </p>
            )}
            {step.error !== undefined && !errorShown && (
              <ErrorDetails
                error={step.error}
                {...(props.serial === undefined ? {} : { serial: props.serial })}
              />
            )}
            {step.data !== undefined && Object.keys(step.data).length > 0 && <DataTable data={step.data} />}
          </li>
        );
      })}
    </ol>
  );
}
