// The approval dialog's buttons per step, as data: what each does and which one takes focus (so Enter presses it).
// A strong request reaches "send" only from its second step, and focus never rests on a button that approves it.
import type { ApprovalPrompt } from '../../../shared/api/contract';

export type DialogAction = 'refuse' | 'approve' | 'confirm-step' | 'back' | 'approve-confirmed';

export interface DialogButton {
  label: string;
  action: DialogAction;
  focused: boolean;
  tone: 'plain' | 'primary' | 'danger';
}

export function dialogButtons(strength: ApprovalPrompt['strength'], confirming: boolean): DialogButton[] {
  if (strength === 'normal')
    return [
      { label: 'Refuse', action: 'refuse', focused: false, tone: 'plain' },
      { label: 'Approve', action: 'approve', focused: true, tone: 'primary' },
    ];
  if (!confirming)
    return [
      { label: 'Refuse', action: 'refuse', focused: true, tone: 'plain' },
      { label: 'Approve\u2026', action: 'confirm-step', focused: false, tone: 'danger' },
    ];
  return [
    { label: 'Refuse', action: 'refuse', focused: false, tone: 'plain' },
    { label: 'Back', action: 'back', focused: true, tone: 'plain' },
    { label: 'Confirm and send', action: 'approve-confirmed', focused: false, tone: 'danger' },
  ];
}

/** The answer an action sends, or null for the steps that only move between the dialog's steps. */
export function answerOf(action: DialogAction): { approved: boolean; confirmed?: boolean } | null {
  if (action === 'refuse') return { approved: false };
  if (action === 'approve') return { approved: true };
  if (action === 'approve-confirmed') return { approved: true, confirmed: true };
  return null;
}
