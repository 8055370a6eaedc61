// A run's evidence beyond its steps (issue 17 "Evidence", issue 14 "Evidence worth attaching"): a crash during the
// run is flagged beside the verdict (which it does not change) with the report's first lines, at 1440x900 and
// 1024x700; the host's inspection after clear is shown collapsed; a Diagnostics view attaches to the latest run.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, useConsoleStack } from './fixtures/test';
import { button, openConsole, resultColumn, saveScreen, step } from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone'], name: 'runEvidence' });

for (const size of [
  { width: 1440, height: 900, scheme: 'light' as const },
  { width: 1024, height: 700, scheme: 'dark' as const },
]) {
  test(`at ${size.width}x${size.height} (${size.scheme}) a crash during the run is flagged beside the verdict`, async ({
    page,
  }) => {
    const [phone] = stack().devices;
    if (phone === undefined) throw new Error('no phone');
    // The app under test is started for each test (the crash of the one before ended its process).
    const app = 'com.android.settings';
    const launched = await stack().adb.adb(['-s', phone.serial, 'shell', 'monkey', '-p', app, '1']);
    expect(launched.code).toBe(0);
    await page.emulateMedia({ colorScheme: size.scheme });
    await openConsole(page, stack());
    await page.setViewportSize(size);
    await page.getByRole('textbox', { name: 'Panel text', exact: true }).fill(`Crash check ${size.width}`);
    // A slow screencap holds the run in its screenshot step while the app crashes: inside the run's log window.
    phone.simulator.faults.screencap = { delayMs: 1500, fail: false };
    try {
      await button(page, 'Run sequence').click();
      const column = resultColumn(page, phone);
      await expect(step(column, 'Screenshot')).toContainText('running', { timeout: 20_000 });
      const crashed = await stack().adb.adb(['-s', phone.serial, 'shell', 'simctl', 'crash', app]);
      expect(crashed.code).toBe(0);
      await expect(step(column, 'Clear panel')).toContainText('succeeded', { timeout: 20_000 });

      const verdict = column.getByRole('group', { name: 'Verdict' });
      // The verdict is the panel's; the flag beside it says what else was seen, and what that can mean.
      await expect(verdict).toContainText('Passed: the panel is in the capture');
      await expect(verdict.getByLabel('Crash flag')).toHaveText(
        `\u00b7 \u26a0 1 crash seen during the run: ${app} (FATAL EXCEPTION)`,
      );
      await expect(verdict).toContainText('may be another app');
      const section = column.locator('details.run-crashes');
      await expect(section).toHaveAttribute('open', '');
      const report = section.getByRole('list', { name: 'Crash and ANR reports' }).getByRole('listitem');
      await expect(report).toHaveCount(1);
      await expect(report).toContainText('FATAL EXCEPTION');
      await expect(report.locator('pre')).toContainText(`Process: ${app}, PID:`);
      await expect(report.locator('pre')).toContainText('java.lang.IllegalStateException');
      // The host's inspection after clear, collapsed, labelled as what it is; opened it shows both parts.
      const inspection = column.locator('details.run-inspection');
      await expect(inspection).not.toHaveAttribute('open', '');
      await expect(inspection.locator('summary')).toContainText('Inspection after clear');
      await expect(inspection.locator('summary')).toContainText('Environment complete');
      await inspection.locator('summary').click();
      await expect(inspection).toContainText('Host observation over adb after the clear step');
      await expect(inspection.getByRole('group', { name: 'Environment' })).toContainText('API level35');
      await expect(inspection.getByRole('group', { name: 'Foreground app' })).toContainText('Package');
      await verdict.scrollIntoViewIfNeeded();
      await expect(verdict.getByLabel('Crash flag')).toBeInViewport();
      const flagBox = await verdict.getByLabel('Crash flag').boundingBox();
      const columnBox = await column.boundingBox();
      // Nothing of the flag is cut off at either size.
      expect(flagBox !== null && columnBox !== null).toBe(true);
      if (flagBox !== null && columnBox !== null)
        expect(flagBox.x + flagBox.width).toBeLessThanOrEqual(columnBox.x + columnBox.width + 1);
      await saveScreen(page, `runEvidence-crash-${size.width}x${size.height}-${size.scheme}`, column);
    } finally {
      phone.simulator.faults.screencap = { delayMs: 0, fail: false };
    }
  });
}

test('the Environment view is attached to the latest run and shown in its Results', async ({ page }) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  await openConsole(page, stack());
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('textbox', { name: 'Panel text', exact: true }).fill('Attach check');
  await button(page, 'Run sequence').click();
  const column = resultColumn(page, phone);
  await expect(step(column, 'Clear panel')).toContainText('succeeded', { timeout: 20_000 });
  const runId = (await column.getByTitle('Evidence run id').textContent())?.trim() ?? '';
  expect(runId).not.toBe('');

  await page.getByRole('tab', { name: 'Diagnostics' }).click();
  const environment = page.getByRole('region', { name: 'Environment', exact: true });
  await expect(environment.getByLabel('Status', { exact: true })).toHaveText('complete', { timeout: 20_000 });
  await environment.getByRole('button', { name: 'Attach to run\u2026' }).click();
  const dialog = page.getByRole('dialog', { name: 'Attach Environment to a run' });
  // The latest run of this device is the default choice.
  await expect(dialog.getByRole('combobox', { name: 'Run' })).toHaveValue(runId);
  await expect(dialog).toContainText('inspect_android_environment');
  await saveScreen(page, 'runEvidence-attach-dialog-1440x900', dialog);
  await dialog.getByRole('button', { name: 'Attach', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText(
    `Attached to ${runId} as attachment-1-environment.json`,
  );
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();

  // The file is in the run's evidence folder, with the view's answer, its time, status, tool and arguments.
  const files = await readdir(stack().home, { recursive: true });
  const stored = files.find((file) => file.endsWith(join(runId, 'attachment-1-environment.json')));
  expect(stored).toBeDefined();
  const content = JSON.parse(await readFile(join(stack().home, stored ?? ''), 'utf8')) as {
    tool: string;
    status: string;
    takenAt: string;
    answer: { probes: Array<{ tool: string; result: { api_level?: number } | null }> };
  };
  expect(content).toMatchObject({ tool: 'inspect_android_environment', status: 'complete' });
  expect(content.answer.probes[0]?.result?.api_level).toBe(35);

  await page.getByRole('tab', { name: 'On-screen logs' }).click();
  const attachments = resultColumn(page, phone).getByRole('list', { name: 'Run attachments' });
  await expect(attachments.getByRole('listitem')).toHaveCount(1);
  await expect(attachments).toContainText('Environment');
  await expect(attachments).toContainText('inspect_android_environment');
  await expect(attachments).toContainText('attachment-1-environment.json');
  await saveScreen(page, 'runEvidence-attached-1440x900', attachments);
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(attachments).toContainText('attachment-1-environment.json');
  await saveScreen(page, 'runEvidence-attached-1024x700', attachments);
});
