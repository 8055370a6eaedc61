// "Attach to run…" from the logcat viewer (issue 17 "Evidence"), on a simulated phone in the browser console: a run
// exists, the viewer is filtered to a marker tag whose lines carry an Authorization header and a password, the
// window is attached to that run, and the run's Results list the attachment; the stored file and the exported zip
// (raw file and summary.html) hold the filtered lines with the secrets redacted, never the secrets themselves.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, useConsoleStack } from './fixtures/test';
import { button, historyRegion, openConsole, resultColumn, saveScreen, step } from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone'], name: 'logcatAttach' });

const TOKEN = 'e2e-attach-bearer-7f3a';
const PASSWORD = 'hunter2-e2e-attach';
const FILE = 'attachment-1-logcat-window.json';

/** The confirmations at the bottom right leave by themselves (4 s): wait, so they cover nothing in the screenshots. */
async function noticesGone(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: 'Notifications' }).getByRole('listitem')).toHaveCount(0, {
    timeout: 15_000,
  });
}

test('the filtered logcat window is attached to the run, redacted, and travels with its export', async ({
  page,
}) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openConsole(page, stack());
  await page.getByRole('textbox', { name: 'Panel text', exact: true }).fill('Logcat attach');
  await page.getByRole('textbox', { name: 'Run label' }).fill('Logcat attach');
  await button(page, 'Run sequence').click();
  const column = resultColumn(page, phone);
  await expect(step(column, 'Clear panel')).toContainText('succeeded', { timeout: 20_000 });
  const runId = (await column.getByTitle('Evidence run id').textContent())?.trim() ?? '';
  expect(runId).not.toBe('');

  // The viewer follows the phone's log; the marker's lines carry secrets.
  await page.getByRole('tab', { name: 'Diagnostics' }).click();
  const viewer = page.getByRole('region', { name: 'Logcat', exact: true });
  const lines = viewer.getByRole('list', { name: 'Logcat lines' });
  await expect(viewer.getByRole('status', { name: 'Logcat status' })).toHaveText('Following');
  const log = phone.simulator.state;
  log.appendLog({ priority: 'I', tag: 'AttachMarker', message: 'checkout started' });
  log.appendLog({ priority: 'W', tag: 'AttachMarker', message: `Authorization: Bearer ${TOKEN}` });
  log.appendLog({ priority: 'E', tag: 'AttachMarker', message: `login failed password=${PASSWORD}` });
  log.appendLog({ priority: 'I', tag: 'OtherTag', message: 'not in the window' });
  await viewer.getByRole('searchbox', { name: 'Query' }).fill('tag:AttachMarker');
  await expect(lines.getByRole('listitem')).toHaveCount(3);
  await expect(lines).toContainText('Authorization: [REDACTED]');
  await expect(lines).not.toContainText(TOKEN);
  await expect(lines).not.toContainText(PASSWORD);

  await viewer.getByRole('button', { name: 'Attach to run\u2026' }).click();
  const dialog = page.getByRole('dialog', { name: 'Attach Logcat window to a run' });
  const runChoice = dialog.getByRole('combobox', { name: 'Run' });
  await expect(runChoice).toHaveValue(runId);
  await runChoice.selectOption(runId);
  await expect(dialog).toContainText('logcat_viewer');
  await saveScreen(page, 'logcatAttach-dialog-1440x900', dialog);
  await dialog.getByRole('button', { name: 'Attach', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText(`Attached to ${runId} as ${FILE}`);
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();

  // The stored window: exactly the filtered lines, redacted as shown, with the count of redactions.
  const files = await readdir(stack().home, { recursive: true });
  const stored = files.find((file) => file.endsWith(join(runId, FILE)));
  if (stored === undefined) throw new Error(`no ${FILE} in the run folder`);
  const text = await readFile(join(stack().home, stored), 'utf8');
  expect(text).not.toContain(TOKEN);
  expect(text).not.toContain(PASSWORD);
  const content = JSON.parse(text) as {
    kind: string;
    tool: string;
    arguments: { query: string; redact: boolean };
    answer: { lines: string[]; line_count: number; redact: boolean; redactions: number };
  };
  expect(content).toMatchObject({
    kind: 'logcat',
    tool: 'logcat_viewer',
    arguments: { query: 'tag:AttachMarker', redact: true },
    answer: { line_count: 3, redact: true },
  });
  expect(content.answer.redactions).toBeGreaterThanOrEqual(2);
  expect(content.answer.lines).toEqual([
    expect.stringMatching(/ I AttachMarker: checkout started$/),
    expect.stringMatching(/ W AttachMarker: Authorization: \[REDACTED\]$/),
    expect.stringMatching(/ E AttachMarker: login failed password=\[REDACTED\]$/),
  ]);

  // The run's Results list it.
  await page.getByRole('tab', { name: 'On-screen logs' }).click();
  const attachments = resultColumn(page, phone).getByRole('list', { name: 'Run attachments' });
  await expect(attachments.getByRole('listitem')).toHaveCount(1);
  await expect(attachments).toContainText('Logcat window');
  await expect(attachments).toContainText('logcat_viewer');
  await expect(attachments).toContainText(FILE);
  await noticesGone(page);
  await attachments.scrollIntoViewIfNeeded();
  await saveScreen(page, 'logcatAttach-results-1440x900');

  // The export carries the file and lists it in summary.html.
  const folder = await mkdtemp(join(tmpdir(), 'androperator-logcat-attach-'));
  const zip = join(folder, 'run.zip');
  const exportButton = historyRegion(page).getByRole('button', { name: /^Export Logcat attach/ });
  const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
  await download.saveAs(zip);
  execFileSync('unzip', ['-q', zip, '-d', folder]);
  const exported = join(folder, runId);
  const exportedText = await readFile(join(exported, FILE), 'utf8');
  expect(exportedText).toBe(text);
  const summary = await readFile(join(exported, 'summary.html'), 'utf8');
  expect(summary).toContain(`<tr><td>Logcat window</td><td>logcat_viewer</td><td>complete</td>`);
  expect(summary).toContain(FILE);
  expect(summary).not.toContain(TOKEN);

  await noticesGone(page);
  await page.setViewportSize({ width: 1024, height: 700 });
  await attachments.scrollIntoViewIfNeeded();
  await expect(attachments).toBeInViewport();
  await expect(attachments).toContainText(FILE);
  await saveScreen(page, 'logcatAttach-results-1024x700');
});
