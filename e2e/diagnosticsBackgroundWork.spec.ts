// The Background work view (issue 17) in Chromium against a simulated phone: the foreground app is the default
// package; a chosen package shows the jobs, alarms, standby bucket and DeviceIdle state the simulated device dumps,
// each section with its status word, and the caveats; a standby/whitelist change on the device shows after Refresh;
// Attach stores the answer in the latest run's evidence. Screenshots at 1440x900 and 1024x700, nothing clipped.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, useConsoleStack } from './fixtures/test';
import { button, openConsole, resultColumn, saveScreen, step } from './helpers/console';
import { expectNothingClipped } from './helpers/diagnosticsLayout';

const stack = useConsoleStack({ profiles: ['phone'], name: 'diagnosticsBackgroundWork' });

const LAUNCHER = 'com.google.android.apps.nexuslauncher';
const PKG = 'com.atlasmaps.app';

async function shell(serial: string, command: string): Promise<void> {
  const run = await stack().adb.adb(['-s', serial, 'shell', command]);
  expect(run.code, `${command}: ${run.stderr}`).toBe(0);
}

test('background work of the foreground app, then of a chosen package, refreshed and attached', async ({
  page,
}) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('a phone expected');
  await openConsole(page, stack());
  await page.setViewportSize({ width: 1440, height: 900 });
  // A run to attach to.
  await page.getByRole('textbox', { name: 'Panel text', exact: true }).fill('Background check');
  await button(page, 'Run sequence').click();
  const column = resultColumn(page, phone);
  await expect(step(column, 'Clear panel')).toContainText('succeeded', { timeout: 20_000 });
  const runId = (await column.getByTitle('Evidence run id').textContent())?.trim() ?? '';
  expect(runId).not.toBe('');

  await page.getByRole('tab', { name: 'Diagnostics' }).click();
  const view = page.getByRole('region', { name: 'Background work', exact: true });
  const packageField = view.getByLabel('Background work package');
  // The default: the foreground app the app inspector saw.
  await expect(packageField).toHaveValue(LAUNCHER, { timeout: 20_000 });
  await expect(view.getByText(/^Package /)).toContainText(LAUNCHER, { timeout: 20_000 });

  await packageField.fill(PKG);
  await packageField.press('Enter');
  await expect(view.getByText(/^Package /)).toContainText(PKG, { timeout: 20_000 });
  await expect(view.getByLabel('Status', { exact: true })).toHaveText('complete');
  await expect(view.getByText(/^Taken at/)).toBeVisible();
  for (const title of ['JobScheduler jobs', 'AlarmManager alarms', 'Standby bucket', 'DeviceIdle'])
    await expect(view.getByLabel(`${title} status`)).toHaveText('complete');

  const jobs = view.getByRole('table', { name: 'Jobs' });
  const upload = jobs.getByRole('row').filter({ hasText: '2002' });
  await expect(upload).toContainText('CHARGING satisfied');
  await expect(upload).toContainText('CONNECTIVITY satisfied');
  await expect(upload).toContainText('!pending=false');
  await expect(jobs.getByRole('row').filter({ hasText: '1001' })).toHaveCount(1);
  await expect(view.getByLabel('JobScheduler', { exact: true })).toContainText('Registered jobs (device)4');

  const alarm = view.getByRole('table', { name: 'Alarms' }).getByRole('row').filter({ hasText: 'REFRESH' });
  await expect(alarm).toContainText(`*walarm*:${PKG}.action.REFRESH`);
  await expect(alarm).toContainText('ELAPSED_WAKEUP');
  await expect(alarm.getByRole('cell').nth(2)).toHaveText('yes');
  await expect(view.getByLabel('Next alarms')).toContainText(/Next wakeup alarm\+\S+ = \d{4}-\d\d-\d\d/);

  await expect(view.getByLabel('Standby bucket', { exact: true })).toContainText('BucketRARE (40)');
  await expect(view.getByLabel('DeviceIdle', { exact: true })).toContainText('Deep stateACTIVE');
  await expect(view.getByLabel('DeviceIdle', { exact: true })).toContainText('Whitelistedno');

  const caveats = view.getByRole('list', { name: 'Caveats' });
  await expect(caveats).toContainText('does not prove that a task will run');
  await expect(caveats).toContainText('OEM power policies');
  await expectNothingClipped(page);
  await saveScreen(page, 'diagnosticsBackgroundWork-1440', view);

  // The device changes; Refresh shows the new bucket and whitelist membership.
  await shell(phone.serial, `simctl standby ${PKG} never`);
  await shell(phone.serial, `dumpsys deviceidle whitelist +${PKG}`);
  try {
    const before = (await view.locator('time').getAttribute('datetime')) ?? '';
    await view.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(view.locator('time')).not.toHaveAttribute('datetime', before, { timeout: 20_000 });
    await expect(view.getByLabel('Standby bucket', { exact: true })).toContainText('BucketNEVER (50)');
    await expect(view.getByLabel('DeviceIdle', { exact: true })).toContainText('Whitelistedyes');
    await expect(view.getByLabel('DeviceIdle', { exact: true })).toContainText('Whitelist user apps');
  } finally {
    await shell(phone.serial, `dumpsys deviceidle whitelist -${PKG}`);
    await shell(phone.serial, `simctl standby ${PKG} rare`);
  }

  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(view.getByLabel('Standby bucket', { exact: true })).toBeVisible();
  await expectNothingClipped(page);
  await saveScreen(page, 'diagnosticsBackgroundWork-1024x700', view);

  // Attach to the latest run: the file holds this answer, its tool and arguments.
  await view.getByRole('button', { name: 'Attach to run\u2026' }).click();
  const dialog = page.getByRole('dialog', { name: 'Attach Background work to a run' });
  await expect(dialog.getByRole('combobox', { name: 'Run' })).toHaveValue(runId);
  await dialog.getByRole('button', { name: 'Attach', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText(
    `Attached to ${runId} as attachment-1-background-work.json`,
  );
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  const files = await readdir(stack().home, { recursive: true });
  const stored = files.find((file) => file.endsWith(join(runId, 'attachment-1-background-work.json')));
  expect(stored).toBeDefined();
  const content = JSON.parse(await readFile(join(stack().home, stored ?? ''), 'utf8')) as {
    tool: string;
    arguments: Record<string, unknown>;
    answer: {
      probes: Array<{ result: { sections?: { standby_bucket?: { bucket_name?: string } } } | null }>;
    };
  };
  expect(content).toMatchObject({ tool: 'android_background_work', arguments: { package: PKG, limit: 50 } });
  expect(content.answer.probes[0]?.result?.sections?.standby_bucket?.bucket_name).toBe('NEVER');
});
