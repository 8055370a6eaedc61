// android:run of tools that change the device, answered through the console's approval prompt (approval:requested
// -> approval:answer) on a simulated phone behind a real adb server: what the device received after the prompt.
import { describe, expect, it } from 'vitest';
import type { ApprovalPrompt } from '../../shared/api/contract';
import { putSettingForTest, useSimulatedConsole } from '../../test-support/simulatedConsole';
import { systemClock } from '../execution/types';
import { systemTraceTools } from '../traces/capture';
import { androidApi } from './androidApi';
import { ConsoleApprover } from './consoleApprover';
import { approvalApi } from './consoleApproverApi';
import { ConsoleEventBus } from './events';

const phone = useSimulatedConsole();
const putSetting = putSettingForTest('strong');

/**
 * One console page: it answers every prompt through the approval:answer channel, the way the dialog does, and
 * notes how many services the device had received when the prompt appeared.
 */
function consolePage(answer: { approved: boolean; confirmed?: boolean }) {
  const events = new ConsoleEventBus();
  const approvals = new ConsoleApprover({ events });
  const channel = approvalApi({ approvals });
  const prompts: Array<{ prompt: ApprovalPrompt; receivedBefore: number }> = [];
  events.subscribe(
    (message) => {
      if (message.event !== 'approval:requested') return;
      prompts.push({ prompt: message.payload, receivedBefore: phone.sim.device.received().length });
      void channel['approval:answer']({ id: message.payload.id, ...answer });
    },
    () => 1,
  );
  const api = androidApi({ hub: phone.hub, clock: systemClock, approvals }, [
    putSetting,
    ...systemTraceTools(() => phone.setup.directory),
  ]);
  const sentAfterPrompt = (): string[] =>
    phone.sim.device
      .received()
      .slice(prompts[0]?.receivedBefore ?? 0)
      .map((entry) => entry.service);
  return { api, prompts, sentAfterPrompt };
}

describe('android:run with the console approval dialog', () => {
  it('sends nothing to the device when the page refuses a start_system_trace', async () => {
    const page = consolePage({ approved: false });
    const answer = await page.api['android:run']({
      tool: 'start_system_trace',
      device: phone.serial,
      arguments: { duration_secs: 2 },
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'APPROVAL_REFUSED' } });
    expect(page.prompts).toHaveLength(1);
    expect(page.prompts[0]?.prompt).toMatchObject({ tool: 'start_system_trace', device: phone.serial });
    expect(page.prompts[0]?.prompt.preview).toMatch(/^perfetto --detach=trace-/);
    expect(page.sentAfterPrompt()).toEqual([]);
    expect(phone.sim.device.received().some((entry) => entry.service.includes('--detach'))).toBe(false);
  });

  it('starts the capture the page approved, exactly as previewed', async () => {
    const page = consolePage({ approved: true });
    const answer = await page.api['android:run']({
      tool: 'start_system_trace',
      device: phone.serial,
      arguments: { duration_secs: 1 },
    });
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.result).toMatchObject({ status: 'recording', background_analysis_scheduled: false });
    const command = page.prompts[0]?.prompt.preview.split(' (binary config')[0] ?? '';
    expect(command).toMatch(/^perfetto --detach=trace-\S+ -c - -o '\/data\/misc\/perfetto-traces\//);
    expect(page.sentAfterPrompt().some((service) => service.endsWith(command))).toBe(true);
  });

  it('sends nothing for a strong request approved without the second confirmation, until it times out', async () => {
    const events = new ConsoleEventBus();
    let now = 0;
    const ticks: Array<() => void> = [];
    const approvals = new ConsoleApprover({
      events,
      timeoutMs: 10_000,
      now: () => now,
      every: (_ms, tick) => {
        ticks.push(tick);
        return () => ticks.splice(ticks.indexOf(tick), 1);
      },
    });
    const refusedConfirmations: string[] = [];
    let receivedBefore = 0;
    events.subscribe(
      (message) => {
        if (message.event !== 'approval:requested') return;
        receivedBefore = phone.sim.device.received().length;
        const answered = approvals.answer({ id: message.payload.id, approved: true });
        if (!answered.ok) refusedConfirmations.push(answered.error.code);
        now += 10_000;
        for (const tick of [...ticks]) tick();
      },
      () => 1,
    );
    const api = androidApi({ hub: phone.hub, clock: systemClock, approvals }, [putSetting]);
    const answer = await api['android:run']({ tool: putSetting.name, device: phone.serial, arguments: {} });
    expect(answer).toMatchObject({ ok: false, error: { code: 'APPROVAL_REFUSED' } });
    expect(refusedConfirmations).toEqual(['INVALID_ARGUMENTS']);
    expect(phone.sim.device.received().slice(receivedBefore)).toEqual([]);
  });

  it('runs a strong request confirmed twice', async () => {
    const page = consolePage({ approved: true, confirmed: true });
    const answer = await page.api['android:run']({
      tool: putSetting.name,
      device: phone.serial,
      arguments: {},
    });
    expect(answer.ok).toBe(true);
    expect(
      page.sentAfterPrompt().some((service) => service.includes('settings put system font_scale 2.0')),
    ).toBe(true);
  });
});
