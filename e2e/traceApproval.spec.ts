// The System traces area's approvals and report navigation against the real console and a simulated phone: a
// refused stop sends nothing to the device and the capture still ends at its own duration; an approved delete
// removes the capture and its record; and a finding's example draws the timeline's cursor at its time.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { filesOf } from '../src/simulator/device/files';
import { tracingServiceOf } from '../src/simulator/perfetto/service';
import { createCapture, openRoot, saveTrace, writeSession } from '../src/main/traces/store';
import { MS, TraceBuilder } from '../src/test-support/traceBuilder';
import { expect, test, useConsoleStack } from './fixtures/test';
import { button, openConsole, saveScreen } from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone'], name: 'traceApproval' });

const phone = () => {
  const device = stack().devices[0];
  if (device === undefined) throw new Error('no device');
  return device;
};
const serviceCount = (): number => phone().simulator.device.received().length;
const servicesSince = (from: number): string[] =>
  phone()
    .simulator.device.received()
    .slice(from)
    .map((entry) => entry.service);
const records = (): string => join(stack().home, 'system-traces');
const devicePath = (id: string): string => `/data/misc/perfetto-traces/androperator-${id}.pftrace`;

async function openTraces(page: Page): Promise<void> {
  await openConsole(page, stack());
  await page.getByRole('tab', { name: 'System traces' }).click();
  await expect(page.getByRole('heading', { name: `System traces · ${phone().serial}` })).toBeVisible();
}

/** A stopped capture kept in the console's record folder, as stop_system_trace leaves one, holding `trace`. */
async function keptCapture(id: string, trace: Buffer, packageName: string | null): Promise<void> {
  const root = await openRoot(records());
  if (!root.ok) throw new Error(root.error.message);
  const session = {
    id,
    deadline_unix_secs: Math.floor(Date.now() / 1000) - 60,
    package: packageName,
    sources: ['linux.ftrace', 'linux.process_stats', 'android.surfaceflinger.frametimeline'],
    device: phone().serial,
    path: devicePath(id),
    status: 'already_stopped' as const,
  };
  const created = await createCapture(records(), session, new Uint8Array([0x08, 0x01]));
  if (!created.ok) throw new Error(created.error.message);
  const saved = await saveTrace(records(), id, trace);
  if (!saved.ok) throw new Error(saved.error.message);
  const written = await writeSession(records(), { ...session, host_path: saved.value, bytes: trace.length });
  if (!written.ok) throw new Error(written.error.message);
  filesOf(phone().simulator.state).write(devicePath(id), { data: trace, mode: 0o600, mtimeSeconds: 0 });
}

/**
 * com.example.jank (pid 10): a binder call delivered 90 ms late at 0.1-0.19 s, then ten doFrame slices from 1 s,
 * two of them 40 ms long (over the 16.667 ms budget), each with a FrameTimeline frame (late for the long ones).
 */
function jankTrace(): Buffer {
  const builder = new TraceBuilder()
    .processTree(
      [
        { pid: 10, cmdline: 'com.example.jank' },
        { pid: 20, cmdline: 'system_server' },
      ],
      [
        { tid: 10, name: 'example.jank', tgid: 10 },
        { tid: 21, name: 'binder:20_1', tgid: 20 },
      ],
    )
    .ftrace(0, [
      { ts: 50 * MS, kind: 'switch', prevPid: 0, prevState: 0, nextPid: 10, nextComm: 'example.jank' },
      { ts: 100 * MS, kind: 'binder_send', tid: 10, debugId: 7, toProc: 20 },
      { ts: 190 * MS, kind: 'binder_recv', tid: 21, debugId: 7 },
      ...Array.from({ length: 10 }, (_, index) => {
        const start = (1000 + index * 50) * MS;
        const long = index === 4 || index === 7;
        return [
          { ts: start, kind: 'print' as const, tid: 10, buf: `B|10|Choreographer#doFrame ${index + 1}` },
          { ts: start + (long ? 40 : 8) * MS, kind: 'print' as const, tid: 10, buf: 'E|10' },
        ];
      }).flat(),
      { ts: 1600 * MS, kind: 'switch', prevPid: 10, prevComm: 'example.jank', prevState: 1, nextPid: 0 },
    ]);
  for (let index = 0; index < 10; index++) {
    const long = index === 4 || index === 7;
    builder.displayFrame((1000 + index * 50 + 45) * MS, {
      token: 100 + index,
      pid: 10,
      presentType: long ? 2 : 1,
      jankType: long ? 64 : 1,
    });
  }
  return builder.bytes();
}

test('refusing the stop sends nothing to the device; the capture still ends at its own duration', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { simulator } = phone();
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTraces(page);
  await page.getByLabel('Duration (s, 1-120)').fill('4');
  await button(page, 'Record trace').click();
  const startDialog = page.getByRole('dialog', { name: 'Approve start_system_trace?' });
  await startDialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(startDialog).toBeHidden();

  const kept = page.getByRole('table', { name: 'Kept captures' });
  const stopButton = kept.getByRole('button', { name: /^Stop trace-/ });
  await expect(stopButton).toBeVisible();
  const id = ((await stopButton.getAttribute('aria-label')) ?? '').replace(/^Stop /, '');
  expect(id).toMatch(/^trace-[A-Za-z0-9_-]{16}$/);
  const service = tracingServiceOf(simulator.state);
  expect(service.isRecording(id)).toBe(true);

  await stopButton.click();
  const stopDialog = page.getByRole('dialog', { name: 'Approve stop_system_trace?' });
  await expect(stopDialog.getByLabel('Exact command')).toContainText(`perfetto --is_detached=${id}`);
  const atPrompt = serviceCount();
  await saveScreen(page, 'trace-approval-stop-1440');
  await stopDialog.getByRole('button', { name: 'Refuse', exact: true }).click();
  await expect(stopDialog).toBeHidden();
  const row = kept.getByRole('row').filter({ hasText: id });
  await expect(row.getByRole('alert')).toContainText('APPROVAL_REFUSED');
  // The refusal sent nothing: no probe, no stop, no pull; the session records on.
  expect(servicesSince(atPrompt).filter((entry) => /perfetto|sync:|shell,v2/.test(entry))).toEqual([]);
  expect(service.isRecording(id)).toBe(true);

  // Cancelling the automatic analysis approves nothing either.
  await page.getByRole('button', { name: 'Cancel automatic analysis' }).click();
  await expect(page.getByText('Automatic analysis cancelled; nothing more was sent.')).toBeVisible();

  // The capture ends by itself at its 4 s duration and perfetto writes its file, with no stop from the console.
  await expect.poll(() => service.isDetached(id), { timeout: 30_000 }).toBe(false);
  expect(filesOf(simulator.state).read(devicePath(id))?.data.length ?? 0).toBeGreaterThan(0);
  const sent = servicesSince(atPrompt);
  expect(sent.filter((entry) => entry.includes(`--attach=${id}`) || entry === 'sync:')).toEqual([]);
  await page
    .getByRole('region', { name: /^Kept captures/ })
    .getByRole('button', { name: 'Refresh' })
    .click();
  await expect(row).toContainText('Stop and collect');
  await saveScreen(page, 'trace-approval-refused-1440');
  await page.setViewportSize({ width: 1024, height: 700 });
  await saveScreen(page, 'trace-approval-refused-1024', kept);
});

test('approving a delete removes the capture, its host copy and its record', async ({ page }) => {
  const id = 'trace-e2edeleteme0001';
  await keptCapture(id, jankTrace(), 'com.example.jank');
  const hostCopy = join(records(), id, 'trace.pftrace');
  expect(existsSync(hostCopy)).toBe(true);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTraces(page);
  const kept = page.getByRole('table', { name: 'Kept captures' });
  const row = kept.getByRole('row').filter({ hasText: id });
  await expect(row).toContainText('ended on its own');

  await row.getByRole('button', { name: `Delete ${id}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${id}?` });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  const approval = page.getByRole('dialog', { name: 'Approve delete_system_trace?' });
  await expect(approval.getByLabel('Exact command')).toContainText(`rm -f '${devicePath(id)}'`);
  const atPrompt = serviceCount();
  await saveScreen(page, 'trace-approval-delete-1440');
  await approval.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(approval).toBeHidden();

  await expect(row).toHaveCount(0);
  expect(existsSync(join(records(), id))).toBe(false);
  expect(servicesSince(atPrompt)).toEqual(
    expect.arrayContaining([
      `shell,v2,raw:perfetto --is_detached=${id}`,
      `shell,v2,raw:rm -f '${devicePath(id)}'`,
    ]),
  );
});

test("clicking a finding's example draws the cursor on the frame timeline at that time", async ({ page }) => {
  const id = 'trace-e2ecursor000001';
  await keptCapture(id, jankTrace(), 'com.example.jank');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTraces(page);
  await page.getByRole('button', { name: `Analyze ${id}` }).click();
  const report = page.getByRole('region', { name: `Report ${id}` });
  await expect(report).toBeVisible({ timeout: 20_000 });
  const timeline = report.getByRole('img', { name: /^Frame timeline/ });
  await expect(timeline).toHaveAccessibleName(/10 doFrame slices, 2 over the 16\.667 ms budget/);
  await expect(timeline).not.toHaveAccessibleName(/Cursor at/);

  const frames = report.getByRole('listitem').filter({ hasText: 'Frames over budget or janky' });
  await expect(frames).toContainText('Frames over budget or janky: 4');
  const firstFrame = frames.getByRole('button', { name: '1.200 s' });
  await firstFrame.click();
  await expect(firstFrame).toHaveAttribute('aria-pressed', 'true');
  await expect(timeline).toHaveAccessibleName(/Cursor at 1\.200 s\.$/);
  const summary = report.getByLabel('Frame summary');
  await expect(summary).toContainText('cursor at 1.200 s');
  // Late and jank flags are counted apart; the on-time frames' JANK_NONE is not shown as a flag.
  await expect(summary).toContainText('late: 2');
  await expect(summary).not.toContainText('jank_type=0x1:');

  // An example before the first frame (the binder delay at 0.1 s) is drawn on the timeline too.
  const binder = report.getByRole('listitem').filter({ hasText: 'Binder delivery delays' });
  await binder.getByText('Binder delivery delays').click();
  const binderExample = binder.getByRole('button').first();
  const at = (await binderExample.textContent()) ?? '';
  expect(at).toMatch(/^0\.1\d0 s$/);
  await binderExample.click();
  await expect(binderExample).toHaveAttribute('aria-pressed', 'true');
  await expect(firstFrame).toHaveAttribute('aria-pressed', 'false');
  await expect(timeline).toHaveAccessibleName(new RegExp(`Cursor at ${at.replace('.', '\\.')}\\.$`));
  const cursor = await timeline.locator('line.cursor').boundingBox();
  const box = await timeline.boundingBox();
  if (cursor === null || box === null) throw new Error('the cursor or the timeline is not drawn');
  expect(cursor.x).toBeGreaterThanOrEqual(box.x);
  expect(cursor.x + cursor.width).toBeLessThanOrEqual(box.x + box.width);
  await saveScreen(page, 'trace-approval-cursor-1440', report);
  await page.setViewportSize({ width: 1024, height: 700 });
  await saveScreen(page, 'trace-approval-cursor-1024', timeline);
});
