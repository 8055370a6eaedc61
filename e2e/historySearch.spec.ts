// History at a QA engineer's desk (issue 14, "Evidence worth attaching to a ticket"): search and filter by label,
// device, status and date; a two-device run is one entry with a column per device; "Run again" loads a past run's
// design and label into the designer, and running it makes a new run on the device.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, useConsoleStack } from './fixtures/test';
import {
  button,
  deviceList,
  historyRegion,
  openConsole,
  resultColumn,
  saveScreen,
  step,
  targetRadio,
} from './helpers/console';
import type { StackDevice } from './fixtures/stack';

const stack = useConsoleStack({ profiles: ['phone', 'tablet'], name: 'historySearch' });

async function runSequence(page: Page, text: string, label: string, devices: StackDevice[]): Promise<void> {
  await page.getByRole('textbox', { name: 'Panel text', exact: true }).fill(text);
  await page.getByRole('textbox', { name: 'Run label' }).fill(label);
  await button(page, 'Run sequence').click();
  for (const device of devices)
    await expect(step(resultColumn(page, device), 'Clear panel')).toContainText(/succeeded|failed/);
  await expect(
    historyRegion(page).getByRole('list', { name: 'Past runs' }).getByText(label, { exact: true }).first(),
  ).toBeVisible();
}

test('search, filters, one entry per two-device run, and Run again', async ({ page }) => {
  const [phone, tablet] = stack().devices;
  if (phone === undefined || tablet === undefined) throw new Error('two devices expected');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openConsole(page, stack());
  await targetRadio(page, phone).check();
  const history = historyRegion(page);
  const past = history.getByRole('list', { name: 'Past runs' });
  const entries = past.locator(':scope > li');

  await runSequence(page, 'Checkout: pay button', 'checkout', [phone]);
  // A failing screenshot makes a failed run.
  phone.simulator.faults.screencap = { delayMs: 0, fail: true };
  await runSequence(page, 'Broken capture', 'broken', [phone]);
  phone.simulator.faults.screencap = { delayMs: 0, fail: false };
  for (const device of [phone, tablet])
    await deviceList(page)
      .getByRole('checkbox', { name: `Run on ${device.serial}` })
      .check();
  await runSequence(page, 'Fleet check', 'fleet', [phone, tablet]);
  for (const device of [phone, tablet])
    await deviceList(page)
      .getByRole('checkbox', { name: `Run on ${device.serial}` })
      .uncheck();

  // A run from October, as the evidence folder would hold it.
  const evidence = join(stack().home, 'evidence');
  let record: Record<string, unknown> = {};
  for (const name of await readdir(evidence)) {
    const text = await readFile(join(evidence, name, 'run.json'), 'utf8').catch(() => '{}');
    const parsed = JSON.parse(text) as Record<string, unknown>;
    if (parsed.label === 'checkout') record = parsed;
  }
  expect(record.label).toBe('checkout');
  const oldId = '20261001-090000-october-abc123';
  await mkdir(join(evidence, oldId));
  await writeFile(
    join(evidence, oldId, 'run.json'),
    JSON.stringify({
      ...record,
      id: oldId,
      label: 'october',
      startedAt: '2026-10-01T09:00:00.000Z',
      finishedAt: '2026-10-01T09:00:05.000Z',
    }),
  );
  await history.getByRole('button', { name: 'Refresh', exact: true }).click();

  // Four entries: the two-device run is one, with a column per device.
  await expect(entries).toHaveCount(4);
  const fleet = past.getByRole('listitem', { name: 'fleet, 2 devices' });
  const columns = fleet.getByRole('group', { name: 'Devices of fleet' });
  await expect(columns.locator('.history-entry')).toHaveCount(2);
  await expect(columns).toContainText(phone.model);
  await expect(columns).toContainText(tablet.model);
  await expect(fleet).toContainText('all succeeded');
  await saveScreen(page, '32-history-grouped-1440x900', fleet);
  // At 1024x700 History lives in the drawer, with the same entry.
  await page.setViewportSize({ width: 1024, height: 700 });
  await button(page, 'Devices & history').click();
  await expect(columns.locator('.history-entry')).toHaveCount(2);
  await saveScreen(page, '32-history-grouped-1024x700', fleet);
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1440, height: 900 });

  const search = history.getByRole('searchbox', { name: 'Search runs' });
  await search.fill('FLEET');
  await expect(entries).toHaveCount(1);
  await expect(history).toContainText('2 of 5');
  await search.fill('');

  await history.getByRole('combobox', { name: 'Status' }).selectOption('failed');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('broken');
  await history.getByRole('combobox', { name: 'Status' }).selectOption('');

  await history.getByRole('combobox', { name: 'Device' }).selectOption(tablet.serial);
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('fleet');
  await expect(entries.first()).toContainText(tablet.model);
  await history.getByRole('combobox', { name: 'Device' }).selectOption('');

  await history.getByRole('combobox', { name: 'Date' }).selectOption('week');
  await expect(entries).toHaveCount(3);
  await expect(past).not.toContainText('october');
  await history.getByRole('combobox', { name: 'Date' }).selectOption('any');
  await expect(past).toContainText('october');

  await search.fill('nothing like this');
  await expect(history).toContainText('No run matches.');
  await history.getByRole('button', { name: 'Clear filters' }).click();
  await expect(entries).toHaveCount(4);
  await expect(search).toHaveValue('');

  // Run again: the design and label of "checkout" come back into the designer, and it runs again on the phone.
  const text = page.getByRole('textbox', { name: 'Panel text', exact: true });
  await text.fill('Something else');
  await history
    .getByRole('button', { name: `Run again checkout on ${phone.model} (${phone.serial})` })
    .click();
  await expect(text).toHaveValue('Checkout: pay button');
  await expect(text).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Run label' })).toHaveValue('checkout');
  await button(page, 'Run sequence').click();
  await expect(step(resultColumn(page, phone), 'Clear panel')).toContainText('succeeded');
  await search.fill('checkout');
  await expect(entries).toHaveCount(2);
  await search.fill('');
  await saveScreen(page, '33-history-run-again', history);
});

test('compares the same label on two locales of one phone side by side', async ({ page }) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('a phone expected');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openConsole(page, stack());
  await targetRadio(page, phone).check();
  const history = historyRegion(page);
  const locale = phone.simulator.state.locale;
  try {
    phone.simulator.state.setLocale('en-US');
    await runSequence(page, 'Welcome banner', 'welcome-locales', [phone]);
    phone.simulator.state.setLocale('de-DE');
    await runSequence(page, 'Welcome banner', 'welcome-locales', [phone]);
  } finally {
    phone.simulator.state.setLocale(locale);
  }
  await history.getByRole('searchbox', { name: 'Search runs' }).fill('welcome-locales');
  const toggles = history.getByRole('button', { name: /^Compare welcome-locales on / });
  await expect(toggles).toHaveCount(2);
  await toggles.nth(0).click();
  await toggles.nth(1).click();
  await history.getByRole('button', { name: 'Compare 2' }).click();
  const compare = page.getByRole('dialog', { name: 'Compare 2 runs' });
  await expect(compare.getByRole('group', { name: 'Compared runs' }).getByRole('article')).toHaveCount(2);
  // One device twice: the columns are told apart by locale, in their names and in their facts.
  for (const tag of ['en-US', 'de-DE']) {
    const column = compare.getByRole('article', { name: new RegExp(`, ${tag}, `) });
    await expect(column.getByRole('img', { name: /^Screenshot of / })).toBeVisible();
    await expect(column).toContainText(`Locale${tag}`);
    await expect(column).toContainText('panel in capture');
    await expect(
      compare.getByRole('button', { name: new RegExp(`^Remove .*, ${tag}, .* from the comparison$`) }),
    ).toHaveCount(1);
  }
  await saveScreen(page, '46-compare-locales');
  await page.setViewportSize({ width: 1024, height: 700 });
  await saveScreen(page, '46-compare-locales-1024');
  await page.setViewportSize({ width: 1440, height: 900 });
  await compare.getByRole('button', { name: 'Close' }).click();
  await history.getByRole('button', { name: 'Clear the comparison' }).click();
});
