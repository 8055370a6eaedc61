// How the last Operator action ended: a success line with a check mark, or the error with its code and advice.
import type { ReactNode } from 'react';
import { ErrorDetails } from '../runs/StepList';
import type { OperatorOutcome } from './operatorSlice';

export function OutcomeView(props: { outcome: OperatorOutcome }): ReactNode {
  const { outcome } = props;
  if (outcome.ok) {
    return (
      <p className="operator-success tone-good">
        <span aria-hidden="true">{'\u2713'}</span> {outcome.message}
      </p>
    );
  }
  return <ErrorDetails error={outcome.error} />;
}
