// Run and hold: the panel is set and captured, stays up while Space (and the Capture button) take more captures of
// the same run, and Release (Esc or the button) clears it; Results list every capture with its capture check and the
// foreground app the host saw. At 1440x900 and 1024x700.
import type { Locator, Page } from '@playwright/test';
import { expect, test, useConsoleStack } from './fixtures/test';
import { button, openConsole, resultColumn, saveScreen, step } from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone'], name: 'hold' });

function heldPanel(page: Page): Locator {
  return page.getByRole('group', { name: 'Held panel' });
}

/** Capture `index`'s thumbnail is a decoded image; opened, the full capture shows with its bounds legend. */
async function expectCaptureImage(column: Locator, index: number): Promise<void> {
  const item = column
    .getByRole('region', { name: 'Captures' })
    .getByRole('listitem', { name: `Capture ${index}` });
  const thumbnail = item.getByRole('img', { name: `Capture ${index}`, exact: true });
  // Loaded when it comes into view.
  await item.scrollIntoViewIfNeeded();
  await expect(thumbnail).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await item.getByRole('button', { name: `Open capture ${index} with its bounds` }).click();
  const full = item.getByRole('group', { name: `Capture ${index} with bounds` });
  const shot = full.getByRole('img', { name: 'Screenshot' });
  await expect(shot).toBeVisible();
  await expect.poll(() => shot.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(full.getByRole('list', { name: 'Bounds legend' })).toBeVisible();
  const box = await full.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(column.page().viewportSize()?.width ?? 0);
}

async function expectCheckedCaptures(column: Locator, count: number): Promise<void> {
  const captures = column.getByRole('region', { name: 'Captures' });
  const items = captures.getByRole('listitem');
  await expect(items).toHaveCount(count);
  for (let index = 0; index < count; index += 1) {
    const item = items.nth(index);
    await expect(item).toContainText(`Capture ${index + 1}`);
    await expect(item.getByText(/^Panel in capture: yes/)).toBeVisible();
    await expect(item).toContainText('Foreground app (host observation at capture)');
  }
}

test('1440x900: Run and hold, Space captures (even on a focused button), Esc releases: 2 checked captures', async ({
  page,
}) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openConsole(page, stack());
  await page.getByRole('textbox', { name: 'Panel text', exact: true }).fill('HOLD-1: checkout');
  await button(page, 'Run and hold').click();
  const held = heldPanel(page);
  await expect(held.getByRole('status')).toContainText('Panel held on 1 device · 1 of 20 captures', {
    timeout: 20_000,
  });
  // Held: the panel stays on the device between captures.
  expect(phone.simulator.visiblePanel).not.toBeNull();
  const column = resultColumn(page, phone);
  await expectCheckedCaptures(column, 1);
  // Space captures even with Release focused: the hold's key, not the focused button's.
  await held.getByRole('button', { name: /^Release/ }).focus();
  await page.keyboard.press('Space');
  await expect(held.getByRole('status')).toContainText('2 of 20 captures');
  await expectCheckedCaptures(column, 2);
  expect(phone.simulator.visiblePanel).not.toBeNull();
  await saveScreen(page, '40-hold-holding-1440x900');
  await page.keyboard.press('Escape');
  await expect(held).toBeHidden({ timeout: 20_000 });
  await expect(step(column, 'Clear panel')).toContainText('succeeded');
  expect(phone.simulator.visiblePanel).toBeNull();
  await expectCheckedCaptures(column, 2);
  await expect(column.getByRole('region', { name: 'Captures' })).toContainText(
    'Released: the panel was cleared.',
  );
  await expect(button(page, 'Run and hold')).toBeEnabled();
  await expectCaptureImage(column, 2);
  await saveScreen(page, '41-hold-released-1440x900', column);
});

test('1024x700: the Capture and Release buttons, nothing clipped', async ({ page }) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  await openConsole(page, stack());
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.getByRole('textbox', { name: 'Panel text', exact: true }).fill('HOLD-2: settings');
  await button(page, 'Run and hold').click();
  const held = heldPanel(page);
  await expect(held.getByRole('status')).toContainText('1 of 20 captures', { timeout: 20_000 });
  await held.getByRole('button', { name: /^Capture/ }).click();
  await expect(held.getByRole('status')).toContainText('2 of 20 captures');
  const release = held.getByRole('button', { name: /^Release/ });
  const box = await release.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1024);
  await saveScreen(page, '42-hold-holding-1024x700');
  await release.click();
  await expect(held).toBeHidden({ timeout: 20_000 });
  const column = resultColumn(page, phone);
  await expectCheckedCaptures(column, 2);
  expect(phone.simulator.visiblePanel).toBeNull();
  await expectCaptureImage(column, 2);
  await saveScreen(page, '43-hold-released-1024x700', column);
});
