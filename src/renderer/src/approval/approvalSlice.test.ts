import { describe, expect, it } from 'vitest';
import type { ApprovalPrompt } from '../../../shared/api/contract';
import { connectStore } from '../store/store';
import { createFakeClient, createTestStore } from '../../../test-support/rendererStore';

const prompt = (id: string, strength: ApprovalPrompt['strength'] = 'normal'): ApprovalPrompt => ({
  id,
  tool: 'start_system_trace',
  device: 'emulator-5554',
  preview: 'perfetto --detach=trace-x',
  strength,
  expires_at: '2026-12-02T09:02:00.000Z',
});

describe('approval slice', () => {
  it('queues prompts from events, answers the first, and drops prompts settled elsewhere', async () => {
    const client = createFakeClient({
      'approval:answer': ({ id }) => ({ ok: true, value: { id, outcome: 'approved' } }),
    });
    const { store } = createTestStore(client);
    const stop = connectStore(store, client);
    client.emit('approval:requested', prompt('approval-first0000'));
    client.emit('approval:requested', prompt('approval-second000', 'strong'));
    client.emit('approval:requested', prompt('approval-first0000'));
    expect(store.getState().approvalPrompts.map((item) => item.id)).toEqual([
      'approval-first0000',
      'approval-second000',
    ]);
    await store.getState().answerApproval('approval-first0000', true);
    expect(client.callsTo('approval:answer')).toEqual([{ id: 'approval-first0000', approved: true }]);
    client.emit('approval:settled', { id: 'approval-second000', outcome: 'expired' });
    expect(store.getState().approvalPrompts).toEqual([]);
    stop();
  });

  it('drops a prompt the console no longer waits for and shows why; nothing was approved', async () => {
    const client = createFakeClient({
      'approval:answer': ({ id }) => ({
        ok: false,
        error: { code: 'APPROVAL_NOT_PENDING', message: `${id} is not waiting` },
      }),
    });
    const { store } = createTestStore(client);
    store.getState().approvalRequested(prompt('approval-late00000', 'strong'));
    await store.getState().answerApproval('approval-late00000', true, true);
    expect(client.callsTo('approval:answer')).toEqual([
      { id: 'approval-late00000', approved: true, confirmed: true },
    ]);
    expect(store.getState().approvalPrompts).toEqual([]);
    expect(store.getState().approvalError?.code).toBe('APPROVAL_NOT_PENDING');
  });
});
