// Issue 14 defect 10: browser-safe shortcuts and a command palette. Ctrl+K (Cmd+K on a Mac) opens a modal dialog
// from anywhere, even the panel text box; it lists every action with its shortcut, filters as you type, runs the
// chosen one with Enter, keeps Tab inside, and Escape closes it with focus back where it was. Alt+letter is left to
// the browser (Alt+D is its address bar): single keys act outside text fields instead.
import { expect, test, useConsoleStack } from './fixtures/test';
import { button, openConsole, resultColumn, saveScreen, step } from './helpers/console';
import { shortcutList } from '../src/renderer/src/ui/shortcuts';

const stack = useConsoleStack({ profiles: ['phone'], name: 'palette' });

for (const size of [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
]) {
  test(`at ${size.width}x${size.height} Ctrl+K lists every action with its shortcut and runs the chosen one`, async ({
    page,
  }) => {
    const [phone] = stack().devices;
    if (phone === undefined) throw new Error('no phone');
    // Opened wide (openConsole checks the device list, a drawer below 1200 px), then resized.
    await openConsole(page, stack());
    await page.setViewportSize(size);
    const text = page.getByRole('textbox', { name: 'Panel text', exact: true });
    await text.fill(`PALETTE ${size.width}`);
    await text.press('Control+K');

    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette).toBeVisible();
    const search = palette.getByRole('combobox', { name: 'Search actions' });
    await expect(search).toBeFocused();
    const list = palette.getByRole('listbox', { name: 'Actions' });
    await expect(search).toHaveAttribute('aria-controls', (await list.getAttribute('id')) ?? '');
    // Every shortcut's action is listed with its keys (the palette's own key opens it, so it is not an entry).
    for (const shortcut of shortcutList(false).filter((entry) => entry.command !== 'palette')) {
      const option = list.getByRole('option').filter({ hasText: shortcut.description });
      await expect(option).toHaveCount(1);
      await expect(option.locator('kbd')).toHaveText(shortcut.keys);
    }
    await expect(list.getByRole('option', { name: 'Open settings' })).toBeVisible();
    await expect(list.getByRole('option', { name: 'Theme: dark' })).toBeVisible();
    await saveScreen(page, `30-palette-${size.width}x${size.height}`);

    // Filtering: words in any order, case-insensitive; the first match is the active option.
    await search.fill('SET pan');
    await expect(list.getByRole('option')).toHaveCount(1);
    await expect(list.getByRole('option', { name: 'Set panel S' })).toHaveAttribute('aria-selected', 'true');
    await expect(search).toHaveAttribute(
      'aria-activedescendant',
      (await list.getByRole('option').first().getAttribute('id')) ?? '',
    );
    await saveScreen(page, `31-palette-filtered-${size.width}x${size.height}`);
    await search.press('Enter');
    await expect(palette).toBeHidden();

    // The device drew the panel the palette asked for.
    await expect(step(resultColumn(page, phone), 'Set panel')).toContainText('succeeded');
    await expect.poll(() => phone.simulator.operator.controller.currentPanel !== null).toBe(true);
    await expect(text).toBeFocused();

    // Keyboard only: arrows move (wrapping), Enter runs "Clear panel".
    await text.press('Control+K');
    await search.fill('panel');
    const options = list.getByRole('option');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await search.press('ArrowUp');
    await expect(options.last()).toHaveAttribute('aria-selected', 'true');
    await search.press('Home');
    await search.fill('clear');
    await search.press('Enter');
    await expect(palette).toBeHidden();
    await expect.poll(() => phone.simulator.operator.controller.currentPanel).toBeNull();
  });
}

test('Tab stays inside the palette, Escape closes it with focus back, no match says so', async ({ page }) => {
  await openConsole(page, stack());
  const runButton = button(page, 'Run sequence');
  await runButton.focus();
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  for (let index = 0; index < 4; index += 1) {
    await page.keyboard.press('Tab');
    expect(await palette.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }
  const search = palette.getByRole('combobox', { name: 'Search actions' });
  await search.fill('no such action');
  await expect(palette.getByRole('option')).toHaveCount(0);
  await expect(palette).toContainText('No action matches');
  await search.press('Escape');
  await expect(palette).toBeHidden();
  await expect(runButton).toBeFocused();
  // The top bar button opens it too.
  await button(page, 'Commands Ctrl+K').click();
  await expect(palette).toBeVisible();
  await page.keyboard.press('Control+K');
  await expect(palette).toBeHidden();
});

test('Alt+letter stays with the browser; single keys act outside text fields only', async ({ page }) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  await openConsole(page, stack());
  const text = page.getByRole('textbox', { name: 'Panel text', exact: true });
  await text.fill('SINGLE KEY');
  const results = page.getByRole('region', { name: 'Results' });
  const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await blur();
  await page.keyboard.press('Alt+S');
  await text.press('s');
  await expect(text).toHaveValue('SINGLE KEYs');
  await expect(results.getByRole('article')).toHaveCount(0);
  await expect(button(page, 'Set panel')).toHaveAttribute('aria-keyshortcuts', 'S');

  await text.fill('SINGLE KEY');
  await blur();
  await page.keyboard.press('s');
  await expect(step(resultColumn(page, phone), 'Set panel')).toContainText('succeeded');
  await expect.poll(() => phone.simulator.operator.controller.currentPanel !== null).toBe(true);
  await blur();
  await page.keyboard.press('e');
  await expect(text).toBeFocused();
});
