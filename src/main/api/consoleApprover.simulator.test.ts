// android:run of tools that change the device, answered through the console's approval prompt (approval:requested
// -> approval:answer) on a simulated phone behind a real adb server: what the device received after the prompt.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApprovalPrompt } from '../../shared/api/contract';
import type { SimulatedAndroid } from '../../simulator/simulatedAndroid';
import { startIsolatedAdb, type IsolatedAdb } from '../../test-support/isolatedAdb';
import { bootSimulated } from '../../test-support/isolatedResolver';
import { testHub } from '../../test-support/testHub';
import { defineTool } from '../android/tool';
import type { AdbHub } from '../devices/hub';
import { systemClock } from '../execution/types';
import { systemTraceTools } from '../traces/capture';
import { androidApi } from './androidApi';
import { ConsoleApprover } from './consoleApprover';
import { approvalApi } from './consoleApproverApi';
import { ConsoleEventBus } from './events';

let adb: IsolatedAdb;
let hub: AdbHub;
let sim: SimulatedAndroid;
let serial: string;
let root: string;

beforeAll(async () => {
  adb = await startIsolatedAdb();
  hub = testHub({ adbBinary: '/nonexistent/adb-in-approval-tests', localPort: adb.port, env: {} });
  ({ sim, serial } = await bootSimulated(adb));
  root = await mkdtemp(join(tmpdir(), 'androperator-approval-'));
}, 30_000);

afterAll(async () => {
  await hub.close();
  await sim.close();
  await adb.stop();
  await rm(root, { recursive: true, force: true });
});

const putSetting = defineTool({
  name: 'android_put_setting_for_test',
  cli: { command: 'android', verb: 'put-setting-for-test' },
  description: 'Writes a setting (test only).',
  risk: 'mutating',
  arguments: z.strictObject({}),
  async run(context) {
    const approved = await context.approve({
      tool: 'android_put_setting_for_test',
      device: context.device?.serial ?? '',
      preview: 'settings put system font_scale 2.0',
      strength: 'strong',
    });
    if (!approved.ok) return approved;
    return context.run('settings put system font_scale 2.0');
  },
});

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
      prompts.push({ prompt: message.payload, receivedBefore: sim.device.received().length });
      void channel['approval:answer']({ id: message.payload.id, ...answer });
    },
    () => 1,
  );
  const api = androidApi({ hub, clock: systemClock, approvals }, [
    putSetting,
    ...systemTraceTools(() => root),
  ]);
  const sentAfterPrompt = (): string[] =>
    sim.device
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
      device: serial,
      arguments: { duration_secs: 2 },
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'APPROVAL_REFUSED' } });
    expect(page.prompts).toHaveLength(1);
    expect(page.prompts[0]?.prompt).toMatchObject({ tool: 'start_system_trace', device: serial });
    expect(page.prompts[0]?.prompt.preview).toMatch(/^perfetto --detach=trace-/);
    expect(page.sentAfterPrompt()).toEqual([]);
    expect(sim.device.received().some((entry) => entry.service.includes('--detach'))).toBe(false);
  });

  it('starts the capture the page approved, exactly as previewed', async () => {
    const page = consolePage({ approved: true });
    const answer = await page.api['android:run']({
      tool: 'start_system_trace',
      device: serial,
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
        receivedBefore = sim.device.received().length;
        const answered = approvals.answer({ id: message.payload.id, approved: true });
        if (!answered.ok) refusedConfirmations.push(answered.error.code);
        now += 10_000;
        for (const tick of [...ticks]) tick();
      },
      () => 1,
    );
    const api = androidApi({ hub, clock: systemClock, approvals }, [putSetting]);
    const answer = await api['android:run']({ tool: putSetting.name, device: serial, arguments: {} });
    expect(answer).toMatchObject({ ok: false, error: { code: 'APPROVAL_REFUSED' } });
    expect(refusedConfirmations).toEqual(['INVALID_ARGUMENTS']);
    expect(sim.device.received().slice(receivedBefore)).toEqual([]);
  });

  it('runs a strong request confirmed twice', async () => {
    const page = consolePage({ approved: true, confirmed: true });
    const answer = await page.api['android:run']({ tool: putSetting.name, device: serial, arguments: {} });
    expect(answer.ok).toBe(true);
    expect(
      page.sentAfterPrompt().some((service) => service.includes('settings put system font_scale 2.0')),
    ).toBe(true);
  });
});
