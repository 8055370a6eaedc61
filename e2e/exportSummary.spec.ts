// Evidence worth attaching to a ticket (issue 14): in the browser console History's Export downloads a zip through the
// browser, whose summary.html opens offline in Chromium and shows the verdict, the device, the foreground app's
// version and the annotated screenshot.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, useConsoleStack } from './fixtures/test';
import { button, historyRegion, openConsole, resultColumn, saveScreen, step } from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone'], name: 'export-summary' });

test('an exported run carries an offline HTML summary with the verdict and the annotated screenshot', async ({
  page,
}) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  await openConsole(page, stack());
  await page.getByRole('textbox', { name: 'Panel text', exact: true }).fill('TICKET-42: checkout');
  await page.getByRole('textbox', { name: 'Run label' }).fill('Ticket 42');
  await button(page, 'Run sequence').click();
  await expect(step(resultColumn(page, phone), 'Clear panel')).toContainText('succeeded');

  // The run's context, as the Operator reported it around the capture, in Results and in History.
  const context = resultColumn(page, phone).getByRole('group', { name: 'Run context' });
  await expect(context).toContainText('App at capture');
  await expect(context).toContainText(/Android\s*\d+/);
  await expect(context).toContainText(/Display\s*\d+×\d+ px, \d+ dpi/);
  const history = historyRegion(page);
  await expect(history.locator('.history-context').first()).toContainText(/Android \d+ · [a-z]{2}-[A-Z]{2}/);
  // The device log of the run's window (the simulated phone writes a few lines a second), loaded when opened.
  const log = resultColumn(page, phone).locator('details.run-log');
  await expect(log.locator('summary')).toContainText(
    /Device log · \d+ entr(y|ies), \d+ credentials? redacted/,
  );
  await log.locator('summary').click();
  await expect(log.getByLabel('Device log, logcat.txt')).toContainText(
    /^\d{2}:\d{2}:\d{2}\.\d{3}( [AP]M)?\s+\d+\s+\d+ [VDIWEF] \S+/m,
  );
  await saveScreen(page, '42-run-context');
  const folder = await mkdtemp(join(tmpdir(), 'androperator-export-'));
  const zip = join(folder, 'ticket-42.zip');
  const exportButton = history.getByRole('button', { name: /^Export Ticket 42/ });
  const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
  expect(download.suggestedFilename()).toMatch(/^\d{8}-\d{6}-.+\.zip$/);
  await download.saveAs(zip);
  await expect(page.getByText(`Downloaded ${download.suggestedFilename()}`)).toBeVisible();
  // Exporting twice offers a new name: both files land side by side, neither overwritten.
  const [again] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
  expect(await again.failure()).toBeNull();
  expect(again.suggestedFilename()).toBe(download.suggestedFilename().replace(/\.zip$/, ' (2).zip'));
  await again.saveAs(join(folder, again.suggestedFilename()));
  await expect(page.getByText(`Downloaded ${again.suggestedFilename()}`)).toBeVisible();
  expect((await readdir(folder)).sort()).toEqual([again.suggestedFilename(), 'ticket-42.zip'].sort());

  // The console stops answering (closed, restarted) while the tab stays open: the export dialog shows the error with
  // its code and advice and stays open; once the console answers again, Try again downloads.
  await page.context().setOffline(true);
  await exportButton.click();
  const dialog = page.getByRole('dialog', { name: /^Export Ticket 42/ });
  const problem = dialog.getByRole('alert');
  await expect(problem).toContainText('Export failed');
  await expect(problem).toContainText('INTERNAL_ERROR');
  await expect(problem).toContainText('The console server did not answer');
  await expect(problem).toContainText('What to do: Check that the console');
  await saveScreen(page, '44-export-failed-dialog');
  await page.setViewportSize({ width: 1024, height: 700 });
  await saveScreen(page, '44-export-failed-dialog-1024');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.context().setOffline(false);
  const [third] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Try again' }).click(),
  ]);
  expect(third.suggestedFilename()).toBe(download.suggestedFilename().replace(/\.zip$/, ' (3).zip'));
  await expect(dialog).toBeHidden();

  execFileSync('unzip', ['-q', zip, '-d', folder]);
  const [runFolder] = (await readdir(folder)).filter((name) => !name.endsWith('.zip'));
  if (runFolder === undefined) throw new Error('the zip holds no run folder');
  expect((await readdir(join(folder, runFolder))).sort()).toEqual([
    'logcat.txt',
    'run.json',
    'screenshot-annotated.png',
    'screenshot.png',
    'summary.html',
    'thumbnail.png',
  ]);

  const summary = await page.context().newPage();
  await summary.setViewportSize({ width: 1024, height: 700 });
  await summary.goto(pathToFileURL(join(folder, runFolder, 'summary.html')).href);
  await expect(summary.getByRole('status')).toHaveText('Passed: the panel is in the capture');
  await expect(summary.getByRole('heading', { name: 'Ticket 42' })).toBeVisible();
  await expect(summary.getByText(phone.serial)).toBeVisible();
  await expect(summary.getByRole('row', { name: /Foreground app at capture/ })).toContainText(
    /com\.google\.android\.apps\.nexuslauncher|com\.[a-z.]+ \S+ \(\d+\)/,
  );
  await expect(summary.getByRole('row', { name: /Device log/ })).toContainText(/\d+ entries in logcat\.txt/);
  await expect(summary.getByRole('heading', { name: 'Device log near the capture' })).toBeVisible();
  const image = summary.getByRole('img', { name: /Screenshot with the reported/ });
  await expect(image).toBeVisible();
  expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1080);
  await saveScreen(summary, '43-export-summary-html');
  await summary.close();
});
