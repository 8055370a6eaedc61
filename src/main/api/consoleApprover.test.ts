import { describe, expect, it } from 'vitest';
import type { ApprovalPrompt } from '../../shared/api/contract';
import type { ApprovalRequest } from '../approval/approval';
import { ConsoleApprover } from './consoleApprover';
import { approvalApi } from './consoleApproverApi';
import { dispatchChannel } from './dispatch';
import { ConsoleEventBus, type ConsoleEventMessage } from './events';
import type { ConsoleApi } from '../../shared/api/contract';

const REQUEST: ApprovalRequest = {
  tool: 'start_system_trace',
  device: 'emulator-5554',
  preview: "perfetto --detach=trace-abcdefghijklmnop -c - -o '/data/misc/perfetto-traces/x.pftrace'",
  strength: 'normal',
};

/** An approver over a real bus with a page count the test sets, a hand-driven clock and interval. */
function setup(options: { pages?: number; timeoutMs?: number } = {}) {
  const bus = new ConsoleEventBus();
  const events: ConsoleEventMessage[] = [];
  let pages = options.pages ?? 1;
  bus.subscribe(
    (message) => events.push(message),
    () => pages,
  );
  let now = 1_000_000;
  const ticks = new Set<() => void>();
  let ids = 0;
  const approver = new ConsoleApprover({
    events: bus,
    timeoutMs: options.timeoutMs ?? 60_000,
    now: () => now,
    every: (_ms, callback) => {
      ticks.add(callback);
      return () => ticks.delete(callback);
    },
    newId: () => `approval-test${String((ids += 1)).padStart(8, '0')}`,
  });
  const prompts = (): ApprovalPrompt[] =>
    events.flatMap((message) => (message.event === 'approval:requested' ? [message.payload] : []));
  const settled = () =>
    events.flatMap((message) => (message.event === 'approval:settled' ? [message.payload] : []));
  return {
    approver,
    events,
    prompts,
    settled,
    setPages: (count: number) => void (pages = count),
    advance(ms: number) {
      now += ms;
      for (const tick of [...ticks]) tick();
    },
    activeTimers: () => ticks.size,
  };
}

describe('ConsoleApprover', () => {
  it('asks the open pages with the exact request and resolves ok on approval', async () => {
    const test = setup();
    const answer = test.approver.approve(REQUEST);
    expect(test.prompts()).toEqual([
      {
        id: 'approval-test00000001',
        tool: REQUEST.tool,
        device: REQUEST.device,
        preview: REQUEST.preview,
        strength: 'normal',
        expires_at: new Date(1_000_000 + 60_000).toISOString(),
      },
    ]);
    expect(test.approver.pending()).toHaveLength(1);
    expect(test.approver.answer({ id: 'approval-test00000001', approved: true })).toEqual({
      ok: true,
      value: { id: 'approval-test00000001', outcome: 'approved' },
    });
    expect(await answer).toEqual({ ok: true, value: undefined });
    expect(test.settled()).toEqual([{ id: 'approval-test00000001', outcome: 'approved' }]);
    expect(test.approver.pending()).toEqual([]);
    expect(test.activeTimers()).toBe(0);
  });

  it('refuses with APPROVAL_REFUSED when the page refuses', async () => {
    const test = setup();
    const answer = test.approver.approve(REQUEST);
    expect(test.approver.answer({ id: 'approval-test00000001', approved: false })).toMatchObject({
      ok: true,
      value: { outcome: 'refused' },
    });
    expect(await answer).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL_REFUSED', details: { tool: REQUEST.tool, preview: REQUEST.preview } },
    });
  });

  it('refuses at once with APPROVAL_UNAVAILABLE and asks no one when no page is open', async () => {
    const test = setup({ pages: 0 });
    expect(await test.approver.approve(REQUEST)).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL_UNAVAILABLE', message: expect.stringContaining('no console window is open') },
    });
    expect(test.events).toEqual([]);
    expect(test.approver.pending()).toEqual([]);
  });

  it('refuses with APPROVAL_UNAVAILABLE when the last page goes away while waiting', async () => {
    const test = setup();
    const answer = test.approver.approve(REQUEST);
    test.advance(1000);
    expect(test.approver.pending()).toHaveLength(1);
    test.setPages(0);
    test.advance(1000);
    expect(await answer).toMatchObject({ ok: false, error: { code: 'APPROVAL_UNAVAILABLE' } });
    expect(test.settled()).toEqual([{ id: 'approval-test00000001', outcome: 'unavailable' }]);
  });

  it('refuses an unanswered prompt at its timeout, and a late answer is APPROVAL_NOT_PENDING', async () => {
    const test = setup({ timeoutMs: 5000 });
    const answer = test.approver.approve(REQUEST);
    test.advance(4999);
    expect(test.approver.pending()).toHaveLength(1);
    test.advance(1);
    expect(await answer).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL_REFUSED', details: { reason: 'timeout' } },
    });
    expect(test.settled()).toEqual([{ id: 'approval-test00000001', outcome: 'expired' }]);
    expect(test.approver.answer({ id: 'approval-test00000001', approved: true })).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL_NOT_PENDING', details: { id: 'approval-test00000001' } },
    });
  });

  it('never approves an unknown id, and a second answer to a settled one is an error', async () => {
    const test = setup();
    const answer = test.approver.approve(REQUEST);
    expect(test.approver.answer({ id: 'approval-unknown0000', approved: true })).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL_NOT_PENDING' },
    });
    expect(test.approver.pending()).toHaveLength(1);
    test.approver.answer({ id: 'approval-test00000001', approved: false });
    expect(test.approver.answer({ id: 'approval-test00000001', approved: true })).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL_NOT_PENDING' },
    });
    expect(await answer).toMatchObject({ ok: false, error: { code: 'APPROVAL_REFUSED' } });
  });

  it('approves a strong request only with the second confirmation; without it the prompt keeps waiting', async () => {
    const test = setup();
    const answer = test.approver.approve({ ...REQUEST, strength: 'strong' });
    expect(test.prompts()[0]?.strength).toBe('strong');
    expect(test.approver.answer({ id: 'approval-test00000001', approved: true })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENTS', details: { field: 'confirmed' } },
    });
    expect(
      test.approver.answer({ id: 'approval-test00000001', approved: true, confirmed: false }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(test.approver.pending()).toHaveLength(1);
    expect(test.settled()).toEqual([]);
    expect(
      test.approver.answer({ id: 'approval-test00000001', approved: true, confirmed: true }),
    ).toMatchObject({ ok: true, value: { outcome: 'approved' } });
    expect(await answer).toEqual({ ok: true, value: undefined });
  });

  it('keeps concurrent prompts apart and refuses them all when the console closes', async () => {
    const test = setup();
    const first = test.approver.approve(REQUEST);
    const second = test.approver.approve({ ...REQUEST, tool: 'stop_system_trace' });
    test.approver.answer({ id: 'approval-test00000002', approved: true });
    expect(await second).toEqual({ ok: true, value: undefined });
    test.approver.refuseAll('the console is closing');
    expect(await first).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL_UNAVAILABLE', message: expect.stringContaining('the console is closing') },
    });
    expect(test.activeTimers()).toBe(0);
  });
});

describe('approval:answer channel', () => {
  it('re-validates the answer and reaches the approver', async () => {
    const test = setup();
    // Why the cast: only this channel is under test; dispatchChannel looks up the one handler it is given.
    const api = approvalApi({ approvals: test.approver }) as ConsoleApi;
    const answer = test.approver.approve(REQUEST);
    expect(await dispatchChannel(api, 'approval:answer', { id: 'approval-test00000001' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_BODY' },
    });
    expect(await dispatchChannel(api, 'approval:answer', { id: '../etc', approved: true })).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL_NOT_PENDING' },
    });
    expect(
      await dispatchChannel(api, 'approval:answer', {
        id: 'approval-test00000001',
        approved: true,
        extra: 1,
      }),
    ).toMatchObject({ ok: false });
    expect(test.approver.pending()).toHaveLength(1);
    expect(
      await dispatchChannel(api, 'approval:answer', { id: 'approval-test00000001', approved: true }),
    ).toEqual({ ok: true, value: { id: 'approval-test00000001', outcome: 'approved' } });
    expect(await answer).toEqual({ ok: true, value: undefined });
  });
});
