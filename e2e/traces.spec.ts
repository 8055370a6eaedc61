// The System traces area against the real console: a refused start sends nothing to the device; an approved start
// under the simulator's jank scenario counts down, asks to collect the capture at its deadline, and the automatic
// report shows the jank.
import { tracingServiceOf } from '../src/simulator/perfetto/service';
import { expect, test, useConsoleStack } from './fixtures/test';
import { button, openConsole, saveScreen } from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone'], name: 'traces' });

const serviceCount = (): number => stack().devices[0]?.simulator.device.received().length ?? 0;
const servicesSince = (from: number): string[] =>
  (stack().devices[0]?.simulator.device.received() ?? []).slice(from).map((entry) => entry.service);

async function openTraces(page: import('@playwright/test').Page): Promise<void> {
  await openConsole(page, stack());
  await page.getByRole('tab', { name: 'System traces' }).click();
  const serial = stack().devices[0]?.serial ?? '';
  await expect(page.getByRole('heading', { name: `System traces · ${serial}` })).toBeVisible();
}

test('refusing the start in the approval dialog (Esc) sends nothing to the device', async ({ page }) => {
  await openTraces(page);
  await page.getByLabel('Duration (s, 1-120)').fill('2');
  await button(page, 'Record trace').click();
  const dialog = page.getByRole('dialog', { name: 'Approve start_system_trace?' });
  await expect(dialog).toBeVisible();
  const atPrompt = serviceCount();
  await expect(dialog.getByLabel('Exact command')).toContainText(
    /^perfetto --detach=trace-\S+ -c - -o '\/data\/misc\/perfetto-traces\/androperator-trace-/,
  );
  await expect(dialog.getByText(stack().devices[0]?.serial ?? '', { exact: true })).toBeVisible();
  // A normal request starts on Approve; Esc still refuses.
  await expect(dialog.getByRole('button', { name: 'Approve', exact: true })).toBeFocused();
  await saveScreen(page, 'traces-approval-1440');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'APPROVAL_REFUSED' })).toBeVisible();
  expect(servicesSince(atPrompt).filter((service) => /perfetto|detach/.test(service))).toEqual([]);
  expect(
    stack()
      .devices[0]?.simulator.device.received()
      .some((entry) => entry.service.includes('--detach')),
  ).toBe(false);
});

test('an approved 3 s capture under jank counts down, is collected and analysed into a report with the jank', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const phone = stack().devices[0];
  if (phone === undefined) throw new Error('no device');
  const packageName = phone.simulator.state.foreground.packageName;
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTraces(page);
  const picker = page.getByLabel('App (app atrace only)');
  await expect(picker.getByRole('option', { name: packageName })).toHaveCount(1);
  await picker.selectOption(packageName);
  await page.getByLabel('Duration (s, 1-120)').fill('3');
  await button(page, 'Record trace').click();
  const start = page.getByRole('dialog', { name: 'Approve start_system_trace?' });
  await start.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(start).toBeHidden();

  const countdown = page.getByRole('timer', { name: 'Automatic analysis in' });
  await expect(countdown).toContainText(/automatic analysis in \d+ s/);
  // Jank frames happen in device time from this call on, so they fall inside the running capture.
  expect(tracingServiceOf(phone.simulator.state).startJank(packageName, { frames: 60, overrunMs: 45 })).toBe(
    true,
  );
  await saveScreen(page, 'traces-countdown-1440');

  // At the deadline (3 s + the 5 s finalization) the console collects the capture: a stop, approved again.
  const stop = page.getByRole('dialog', { name: 'Approve stop_system_trace?' });
  await expect(stop).toBeVisible({ timeout: 30_000 });
  await expect(stop.getByLabel('Exact command')).toContainText(/^perfetto --is_detached=trace-/);
  await stop.getByRole('button', { name: 'Approve', exact: true }).click();

  const report = page.getByRole('region', { name: /^Report trace-/ });
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(report.getByRole('note').first()).toContainText('recorded system-wide');
  const frames = report.getByRole('listitem').filter({ hasText: 'Frames over budget or janky' });
  await expect(frames).toContainText(/Frames over budget or janky: [1-9]\d*/);
  await expect(report.getByLabel('Frame summary')).toContainText(/[1-9]\d* of \d+ doFrame over 16\.667 ms/);
  await expect(report.getByRole('img', { name: /^Frame timeline/ })).toBeVisible();
  await expect(report.getByRole('table', { name: 'Threads' })).toBeVisible();
  await expect(report.getByRole('list', { name: 'Limitations' }).getByRole('listitem').first()).toBeVisible();
  // An example moves the timeline's cursor.
  await frames.getByRole('button').first().click();
  await expect(frames.getByRole('button', { pressed: true })).toHaveCount(1);

  const downloadPromise = page.waitForEvent('download');
  await report.getByRole('button', { name: 'Export JSON' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^trace-.+\.json$/);

  const kept = page.getByRole('table', { name: 'Kept captures' });
  await expect(kept.getByRole('row').filter({ hasText: packageName })).toContainText('ended on its own');

  await saveScreen(page, 'traces-report-1440');
  await report.scrollIntoViewIfNeeded();
  await page.setViewportSize({ width: 1024, height: 700 });
  await saveScreen(page, 'traces-report-1024', report);
});
