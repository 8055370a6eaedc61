// The console at a laptop's size: below 1200 px the devices-and-history column becomes a drawer, so at 1024x700
// and 1024x640 the designer and the results share the width and nothing is clipped or overlapping.
import type { Locator, Page } from '@playwright/test';
import { expect, test, useConsoleStack } from './fixtures/test';
import { button, deviceList, openConsole, resultColumn, saveScreen, step } from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone'], name: 'layout' });

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (found === null) throw new Error('element is not rendered');
  return found;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function expectInsideWindow(page: Page, locator: Locator): Promise<void> {
  const { x, width } = await box(locator);
  const viewport = page.viewportSize();
  expect(x).toBeGreaterThanOrEqual(0);
  expect(x + width).toBeLessThanOrEqual(viewport?.width ?? 0);
}

for (const size of [
  { width: 1024, height: 700 },
  { width: 1024, height: 640 },
]) {
  test(`at ${size.width}x${size.height} the results are readable and the devices are one click away`, async ({
    page,
  }) => {
    const [phone] = stack().devices;
    if (phone === undefined) throw new Error('no phone');
    // Opened wide (openConsole checks the device list), then narrowed as a user resizing the window would.
    await openConsole(page, stack());
    await page.setViewportSize(size);
    await expect(deviceList(page)).toBeHidden();
    // Every control of the top bar stays inside the window (the last one, Settings, was cut off at 1024 px).
    const topBar = page.getByRole('banner');
    for (const name of ['Commands', 'Shortcuts', 'Settings']) {
      await expectInsideWindow(page, topBar.getByRole('button', { name, exact: true }));
    }

    await button(page, 'Run sequence').click();
    const column = resultColumn(page, phone);
    await expect(step(column, 'Clear panel')).toContainText('succeeded', { timeout: 20_000 });
    expect((await box(column)).width).toBeGreaterThan(480);
    for (const title of ['Set panel', 'Screenshot', 'Clear panel']) {
      const header = step(column, title);
      const name = header.getByText(title, { exact: true }).first();
      const status = header.getByText('succeeded', { exact: true }).first();
      expect(overlaps(await box(name), await box(status))).toBe(false);
    }
    await expectInsideWindow(page, column.getByRole('link', { name: 'Download PNG' }));
    await expectInsideWindow(
      page,
      page.getByRole('region', { name: 'Preview' }).getByText(/^Predicted bounds/),
    );
    await saveScreen(page, `18-layout-${size.width}x${size.height}`, column);

    const toggle = button(page, 'Devices & history');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(deviceList(page)).toBeVisible();
    await saveScreen(page, `19-drawer-${size.width}x${size.height}`, deviceList(page));
    await deviceList(page).getByRole('radio').first().focus();
    await page.keyboard.press('Escape');
    await expect(deviceList(page)).toBeHidden();
  });
}

test('at 1440x900 the three columns stay side by side, without the drawer toggle', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openConsole(page, stack());
  await expect(deviceList(page)).toBeVisible();
  await expect(button(page, 'Devices & history')).toBeHidden();
});
