// The sequence (set -> screenshot -> clear) from Ctrl+Enter: every step done, the screenshot with the reported and
// predicted bounds, the capture check, and saving the screenshot on the console's machine.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, useConsoleStack } from './fixtures/test';
import { openConsole, predictedBounds, resultColumn, saveScreen, step } from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone'], name: 'sequence' });
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

test('Ctrl+Enter runs the sequence: steps done, screenshot with bounds, panel in capture, saved as a file', async ({
  page,
}) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  await openConsole(page, stack());
  const text = page.getByRole('textbox', { name: 'Panel text', exact: true });
  await text.fill('CHECKOUT-12: tap Pay');
  const predicted = await predictedBounds(page);
  await text.press('Control+Enter');

  const column = resultColumn(page, phone);
  for (const title of ['Set panel', 'Screenshot', 'Clear panel']) {
    await expect(step(column, title)).toContainText('succeeded');
  }
  await expect(step(column, 'Set panel')).toContainText(predicted);
  const screenshot = column.getByRole('img', { name: 'Screenshot', exact: true });
  await expect(screenshot).toBeVisible();
  expect(await screenshot.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1080);
  const legend = column.getByRole('list', { name: 'Bounds legend' });
  await expect(legend.getByRole('listitem').filter({ hasText: 'Reported bounds' })).toContainText(predicted);
  await expect(legend.getByRole('listitem').filter({ hasText: 'Predicted bounds' })).toContainText(predicted);
  await expect(column.getByText(/^Panel in capture: yes/)).toBeVisible();
  // The sequence ends with the panel cleared on the device.
  expect(phone.simulator.visiblePanel).toBeNull();
  await saveScreen(page, '05-sequence-done');

  await column.getByRole('button', { name: /^Save screenshot as(…|\.\.\.)$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Save screenshot' });
  await expect(dialog).toBeVisible();
  const path = dialog.getByRole('textbox', { name: 'Destination path' });
  const notices = page.getByRole('status', { name: 'Notifications' });
  // A folder that does not exist: the error is shown and the dialog stays open for another path.
  await path.fill(join(stack().home, 'no-such-folder', 'checkout-12.png'));
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(notices).toContainText('Screenshot not saved');
  await expect(dialog).toBeVisible();
  await saveScreen(page, '06-save-screenshot-failed');

  const target = join(stack().home, 'checkout-12.png');
  await path.fill(target);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(notices).toContainText(`Saved screenshot to ${target}`);
  const bytes = await readFile(target);
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
});

test('a capture that leaves the panel out says "Panel in capture: no"', async ({ page }) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  phone.simulator.faults.excludePanelFromCapture = true;
  try {
    await openConsole(page, stack());
    await page.getByRole('textbox', { name: 'Panel text', exact: true }).fill('Secure screen check');
    await page.getByRole('button', { name: 'Run sequence', exact: true }).click();
    const column = resultColumn(page, phone);
    await expect(step(column, 'Clear panel')).toContainText('succeeded');
    await expect(column.getByRole('img', { name: 'Screenshot', exact: true })).toBeVisible();
    await expect(column.getByText(/^Panel in capture: no/)).toBeVisible();
    const entry = page
      .getByRole('region', { name: 'History' })
      .getByRole('listitem')
      .filter({ hasText: 'Secure screen check' });
    await expect(entry).toContainText('panel not in capture');
    await expect(entry.getByRole('img', { name: 'Thumbnail of Secure screen check' })).toBeVisible();
    await saveScreen(page, '07-panel-not-in-capture');
  } finally {
    phone.simulator.faults.excludePanelFromCapture = false;
  }
});
