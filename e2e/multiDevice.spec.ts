// Two devices at once: tick a phone and a tablet, run the sequence, get one result column per device, each with its
// own screenshot at its own size.
import { expect, test, useConsoleStack } from './fixtures/test';
import {
  button,
  deviceEntry,
  deviceList,
  openConsole,
  resultColumn,
  saveScreen,
  step,
} from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone', 'tablet'], name: 'multiDevice' });

test('ticking two devices runs the sequence on both, side by side', async ({ page }) => {
  const [phone, tablet] = stack().devices;
  if (phone === undefined || tablet === undefined) throw new Error('two devices expected');
  await openConsole(page, stack());
  await expect(deviceEntry(page, tablet.serial)).toContainText('Pixel Tablet');
  await expect(deviceList(page).getByRole('listitem')).toHaveCount(2);

  for (const device of [phone, tablet]) {
    await deviceList(page)
      .getByRole('checkbox', { name: `Run on ${device.serial}` })
      .check();
  }
  await expect(page.getByText('Runs go to 2 ticked devices.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Panel text', exact: true }).fill('Fleet check: both devices');
  await button(page, 'Run sequence').click();

  const sizes: Record<string, number> = {};
  for (const device of [phone, tablet]) {
    const column = resultColumn(page, device);
    for (const title of ['Set panel', 'Screenshot', 'Clear panel']) {
      await expect(step(column, title)).toContainText('succeeded');
    }
    const screenshot = column.getByRole('img', { name: 'Screenshot', exact: true });
    await expect(screenshot).toBeVisible();
    sizes[device.profile] = await screenshot.evaluate((image: HTMLImageElement) => image.naturalWidth);
    await expect(column.getByText(/^Panel in capture: yes/)).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Results' }).getByRole('article')).toHaveCount(2);
  expect(sizes).toEqual({ phone: 1080, tablet: 2560 });
  await saveScreen(page, '08-two-devices');

  // Unticking one leaves the designer's target alone as the run's device.
  await deviceList(page)
    .getByRole('checkbox', { name: `Run on ${tablet.serial}` })
    .uncheck();
  await expect(page.getByText('Runs go to 2 ticked devices.')).toBeHidden();
});
