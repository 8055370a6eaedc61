// The theme switch pins light or dark whatever the system says, the skip link takes keyboard users to the designer,
// and repeated buttons have names of their own.
import { expect, test, useConsoleStack } from './fixtures/test';
import { button, historyRegion, openConsole, resultColumn, saveScreen, step } from './helpers/console';
import { textContrast } from './helpers/contrast';

const stack = useConsoleStack({ profiles: ['phone'], name: 'themeAndKeyboard' });

const background = (page: import('@playwright/test').Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('the theme switch pins dark and light over the system scheme, and is remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openConsole(page, stack());
  const light = await background(page);
  await button(page, 'Settings').click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await expect.poll(() => background(page)).not.toBe(light);
  const dark = await background(page);
  await saveScreen(page, '17-theme-dark', dialog);
  await page.reload();
  await expect.poll(() => background(page)).toBe(dark);
  // Pinned light wins over a dark system scheme.
  await page.emulateMedia({ colorScheme: 'dark' });
  await button(page, 'Settings').click();
  await dialog.getByRole('combobox', { name: 'Theme' }).selectOption('light');
  await expect.poll(() => background(page)).toBe(light);
  await dialog.getByRole('combobox', { name: 'Theme' }).selectOption('system');
  await expect.poll(() => background(page)).toBe(dark);
});

test('Tab from the top reaches the skip link first, and it moves focus to the panel design', async ({
  page,
}) => {
  await openConsole(page, stack());
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to panel design' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#panel-design')).toBeFocused();
});

// A destructive button's label on its red fill reads at WCAG AA (4.5:1) in both themes: white on the dark theme's
// light red was 2.5:1.
test("a danger button's label is readable in light and dark", async ({ page }) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  await page.emulateMedia({ colorScheme: 'light' });
  await openConsole(page, stack());
  await page.getByRole('textbox', { name: 'Run label' }).fill('contrast');
  await button(page, 'Run sequence').click();
  await expect(step(resultColumn(page, phone), 'Clear panel')).toContainText('succeeded');
  await historyRegion(page)
    .getByRole('button', { name: /^Delete contrast / })
    .click();
  const confirm = page
    .getByRole('dialog', { name: 'Delete run' })
    .getByRole('button', { name: 'Delete', exact: true });
  await expect(confirm).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect.poll(() => textContrast(confirm)).toBeGreaterThanOrEqual(4.5);
  }
  await saveScreen(page, '18-danger-dark', page.getByRole('dialog', { name: 'Delete run' }));
  await page.getByRole('dialog', { name: 'Delete run' }).getByRole('button', { name: 'Cancel' }).click();
});
