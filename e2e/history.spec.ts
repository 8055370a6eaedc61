// History: runs appear in the History region (and survive a reload, being on disk), reopen into Results with their
// screenshot, and can be deleted (from the list and from the evidence folder).
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, useConsoleStack } from './fixtures/test';
import {
  button,
  historyRegion,
  openConsole,
  resultColumn,
  resultsRegion,
  saveScreen,
  step,
} from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone'], name: 'history' });

async function evidenceRuns(): Promise<string[]> {
  const names = await readdir(join(stack().home, 'evidence')).catch(() => []);
  return names.filter((name) => !name.startsWith('.'));
}

test('runs appear in History, reopen with their screenshot, and are deleted', async ({ page }) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  await openConsole(page, stack());
  const history = historyRegion(page);
  await expect(history.getByText('No runs yet.')).toBeVisible();

  const label = page.getByRole('textbox', { name: 'Run label' });
  for (const name of ['History run A', 'History run B']) {
    await page.getByRole('textbox', { name: 'Panel text', exact: true }).fill(`${name} text`);
    await label.fill(name);
    await button(page, 'Run sequence').click();
    await expect(step(resultColumn(page, phone), 'Clear panel')).toContainText('succeeded');
    const entry = history.getByRole('listitem').filter({ hasText: name });
    await expect(entry).toContainText('succeeded');
    await expect(entry.getByRole('img', { name: `Thumbnail of ${name}` })).toBeVisible();
  }
  const past = history.getByRole('list', { name: 'Past runs' });
  await expect(past.getByRole('listitem')).toHaveCount(2);
  expect(await evidenceRuns()).toHaveLength(2);

  // History lives on disk: a fresh page lists the same runs.
  await page.reload();
  await expect(past.getByRole('listitem')).toHaveCount(2);
  await expect(resultsRegion(page).getByRole('article')).toHaveCount(0);
  const entryA = past.getByRole('listitem').filter({ hasText: 'History run A' });
  await expect(entryA.getByRole('img', { name: /Thumbnail of History run A/ })).toBeVisible();

  await history.getByRole('button', { name: 'Open History run A' }).click();
  await expect(resultsRegion(page)).toContainText('From history');
  await expect(resultsRegion(page)).toContainText('History run A');
  const column = resultColumn(page, phone);
  await expect(step(column, 'Set panel')).toContainText('succeeded');
  await expect(column.getByRole('img', { name: 'Screenshot', exact: true })).toBeVisible();
  await expect(column.getByText(/^Panel in capture: yes/)).toBeVisible();
  await saveScreen(page, '10-history-reopened');

  await history.getByRole('button', { name: 'Delete History run B' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete run' });
  await expect(confirm).toContainText('History run B');
  await saveScreen(page, '11-history-delete-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(past.getByRole('listitem')).toHaveCount(2);

  await history.getByRole('button', { name: 'Delete History run B' }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(past.getByRole('listitem')).toHaveCount(1);
  await expect(past.getByRole('listitem')).toContainText('History run A');
  await expect.poll(evidenceRuns).toHaveLength(1);
});

// Issue 14: two runs with the same label on the same phone had History buttons of one name, so a keyboard or
// screen-reader user (and a test) could not tell which run "Open" would open.
test('two runs with the same label on one phone have buttons of their own', async ({ page }) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  await openConsole(page, stack());
  const history = historyRegion(page);
  const label = 'Same label';
  const entries = history
    .getByRole('list', { name: 'Past runs' })
    .getByRole('listitem')
    .filter({ hasText: label });
  for (const [index, text] of ['first panel', 'second panel'].entries()) {
    await page.getByRole('textbox', { name: 'Panel text', exact: true }).fill(text);
    await page.getByRole('textbox', { name: 'Run label' }).fill(label);
    await button(page, 'Run sequence').click();
    await expect(step(resultColumn(page, phone), 'Clear panel')).toContainText('succeeded');
    await expect(entries).toHaveCount(index + 1);
  }
  const names: string[] = [];
  for (const entry of await entries.all()) {
    const time = (await entry.locator('time').textContent()) ?? '';
    const open = entry.getByRole('button', { name: /^Open / });
    const name = (await open.getAttribute('aria-label')) ?? '';
    // The name says which run: its label, its device and the time the card shows.
    expect(name.startsWith(`Open ${label} on ${phone.model} (${phone.serial}), ${time}`)).toBe(true);
    for (const action of ['Run again', 'Export', 'Compare', 'Delete'])
      await expect(
        entry.getByRole('button', { name: `${action} ${name.slice('Open '.length)}`, exact: true }),
      ).toHaveCount(1);
    names.push(name);
  }
  expect(new Set(names).size).toBe(2);
  await saveScreen(page, '12-history-same-label');
});
