// Each step of a run: status, live duration, every data key, and errors with their code and what to do.
import type { ReactNode } from 'react';
import { useNow } from '../ui/hooks';
import { adviceFor } from './errorAdvice';
import { elapsedMs, formatDuration, type StepError, type StepView } from './runModel';

const STEP_TITLES: Record<string, string> = {
  set: 'Set panel',
  screenshot: 'Screenshot',
  clear: 'Clear panel',
};
const STATUS_MARK: Record<StepView['status'], string> = {
  pending: '\u25cb',
  running: '\u25d4',
  succeeded: '\u2713',
  failed: '\u2717',
  skipped: '\u2013',
};

/** An error with its code, message and the advice for its code. */
export function ErrorDetails(props: { error: StepError }): ReactNode {
  const { error } = props;
  return (
    <div className="error-box">
      <p>
        <code className="error-code">{error.code}</code> {error.message}
      </p>
      <p className="advice">
        <span className="advice-label">What to do:</span> {error.hint ?? adviceFor(error.code)}
      </p>
    </div>
  );
}

function DataTable(props: { data: Record<string, string> }): ReactNode {
  const entries = Object.entries(props.data);
  return (
    <details className="step-data" open>
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

export function StepList(props: { steps: StepView[] }): ReactNode {
  const running = props.steps.some((step) => step.status === 'running');
  const now = useNow(running);
  return (
    <ol className="steps" aria-label="Steps">
      {props.steps.map((step) => {
        const elapsed = elapsedMs(step, now);
        return (
          <li key={step.name} className={`step status-${step.status}`}>
            <div className="step-line">
              <span className="step-mark" aria-hidden="true">
                {STATUS_MARK[step.status]}
              </span>
              <span className="step-name">{STEP_TITLES[step.name] ?? step.name}</span>
              <span className="step-status">{step.status}</span>
              <span className="step-duration mono">
                {elapsed === undefined ? '' : formatDuration(elapsed)}
              </span>
            </div>
            {step.note !== undefined && <p className="muted small">{step.note}</p>}
            {step.error !== undefined && <ErrorDetails error={step.error} />}
            {step.data !== undefined && Object.keys(step.data).length > 0 && <DataTable data={step.data} />}
          </li>
        );
      })}
    </ol>
  );
}
