// The approval dialog: the oldest waiting prompt with its tool, device and exact preview. Esc, the backdrop and
// "Refuse" refuse. A strong request takes a second, explicit step, and focus never rests on a button that
// approves it, so Enter alone cannot approve one.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ApprovalPrompt } from '../../../shared/api/contract';
import { useConsole } from '../store/context';
import { Dialog } from '../ui/Dialog';
import { answerOf, dialogButtons } from './dialogSteps';
import './approval.css';

function PromptBody(props: {
  prompt: ApprovalPrompt;
  onAnswer: (approved: boolean, confirmed?: boolean) => void;
}): ReactNode {
  const { prompt, onAnswer } = props;
  const [confirming, setConfirming] = useState(false);
  const strong = prompt.strength === 'strong';
  const actions = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Why a timeout: the dialog's showModal() runs after this effect and moves focus to its first control (React's
    // autoFocus sets no attribute it could honour), so the step's button is focused once that is done.
    const timer = setTimeout(
      () => actions.current?.querySelector<HTMLButtonElement>('button[data-focused="true"]')?.focus(),
      0,
    );
    return () => clearTimeout(timer);
  }, [confirming, prompt.id]);
  return (
    <div className="approval">
      <dl className="approval-facts">
        <dt>Tool</dt>
        <dd className="mono">{prompt.tool}</dd>
        <dt>Device</dt>
        <dd className="mono">{prompt.device}</dd>
      </dl>
      <p className="approval-lead">This will be sent to the device exactly as shown:</p>
      <pre className="approval-preview mono" aria-label="Exact command">
        {prompt.preview}
      </pre>
      {strong && (
        <p className="approval-strong" role="note">
          This is a strong request: it needs a second, explicit confirmation.
        </p>
      )}
      <p className="hint">
        Nothing is sent unless you approve. Unanswered, it is refused at {timeOf(prompt)}.
      </p>
      {/* Keyed by step: every button mounts again with the step's own focus. */}
      <div
        key={confirming ? 'confirm' : 'review'}
        ref={actions}
        className="dialog-actions"
        role="group"
        aria-label={confirming ? 'Second confirmation' : 'Answer'}
      >
        {dialogButtons(prompt.strength, confirming).map((button) => (
          <button
            key={button.action}
            type="button"
            className={button.tone === 'plain' ? undefined : button.tone}
            data-focused={button.focused}
            onClick={() => {
              if (button.action === 'confirm-step') setConfirming(true);
              else if (button.action === 'back') setConfirming(false);
              const answer = answerOf(button.action);
              if (answer !== null) onAnswer(answer.approved, answer.confirmed);
            }}
          >
            {button.label}
          </button>
        ))}
      </div>
    </div>
  );
}

function timeOf(prompt: ApprovalPrompt): string {
  const at = new Date(prompt.expires_at);
  return Number.isNaN(at.getTime()) ? prompt.expires_at : at.toLocaleTimeString();
}

export function ApprovalDialog(): ReactNode {
  const prompt = useConsole((state) => state.approvalPrompts[0]);
  const waiting = useConsole((state) => state.approvalPrompts.length);
  const error = useConsole((state) => state.approvalError);
  const answerApproval = useConsole((state) => state.answerApproval);
  const refuse = (): void => {
    if (prompt !== undefined) void answerApproval(prompt.id, false);
  };
  return (
    <Dialog
      title={prompt === undefined ? 'Approve' : `Approve ${prompt.tool}?`}
      open={prompt !== undefined}
      onClose={refuse}
      className="approval-dialog"
    >
      {prompt !== undefined && (
        <>
          <PromptBody
            key={prompt.id}
            prompt={prompt}
            onAnswer={(approved, confirmed) => void answerApproval(prompt.id, approved, confirmed)}
          />
          {waiting > 1 && <p className="hint">{waiting - 1} more waiting after this one.</p>}
          {error !== null && (
            <p className="error-text" role="alert">
              <strong>{error.code}</strong> {error.message}
            </p>
          )}
        </>
      )}
    </Dialog>
  );
}
