// One failure in the trace view: its code, message and the shared advice for the code.
import type { ReactNode } from 'react';
import type { AppError } from '../../../shared/errors';
import { adviceFor } from '../runs/errorAdvice';

export function ErrorLine(props: { error: AppError; prefix?: string }): ReactNode {
  const { error, prefix } = props;
  return (
    <div className="error-text trace-error" role="alert">
      {prefix !== undefined && <span>{prefix} </span>}
      <strong>{error.code}</strong> {error.message}
      <div className="hint">{error.hint ?? adviceFor(error.code)}</div>
    </div>
  );
}
