// The approval prompts this page shows (approval:requested), oldest first, and the answers it sends. A prompt goes
// when it is settled anywhere (approval:settled: answered here or in another page, timed out, withdrawn).
import type { ApprovalPrompt } from '../../../shared/api/contract';
import type { AppError } from '../../../shared/errors';
import type { SliceCreator } from '../store/types';

export interface ApprovalSlice {
  approvalPrompts: ApprovalPrompt[];
  /** The last answer the console refused (e.g. APPROVAL_NOT_PENDING), shown in the dialog. */
  approvalError: AppError | null;
  approvalRequested(prompt: ApprovalPrompt): void;
  approvalSettled(id: string): void;
  /** Sends the answer; `confirmed` is the strong dialog's second confirmation. */
  answerApproval(id: string, approved: boolean, confirmed?: boolean): Promise<void>;
}

export const createApprovalSlice: SliceCreator<ApprovalSlice> =
  ({ client }) =>
  (set, get) => ({
    approvalPrompts: [],
    approvalError: null,
    approvalRequested(prompt) {
      if (get().approvalPrompts.some((known) => known.id === prompt.id)) return;
      set((state) => ({ approvalPrompts: [...state.approvalPrompts, prompt] }));
    },
    approvalSettled(id) {
      set((state) => ({
        approvalPrompts: state.approvalPrompts.filter((prompt) => prompt.id !== id),
        approvalError: null,
      }));
    },
    async answerApproval(id, approved, confirmed) {
      const result = await client.call('approval:answer', {
        id,
        approved,
        ...(confirmed === undefined ? {} : { confirmed }),
      });
      if (result.ok) {
        get().approvalSettled(id);
        return;
      }
      // Settled elsewhere (another page, the timeout): the prompt is gone, and nothing was approved.
      if (result.error.code === 'APPROVAL_NOT_PENDING') get().approvalSettled(id);
      set({ approvalError: result.error });
    },
  });
