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

  // The same step across both devices, side by side: the comparison view from the multi-device History entry.
  const history = page.getByRole('region', { name: 'History' });
  await history.getByRole('button', { name: /^Compare the devices of / }).click();
  await history.getByRole('button', { name: 'Compare 2' }).click();
  const compare = page.getByRole('dialog', { name: 'Compare 2 runs' });
  const columns = compare.getByRole('group', { name: 'Compared runs' }).getByRole('article');
  await expect(columns).toHaveCount(2);
  for (const device of [phone, tablet]) {
    const column = compare.getByRole('article', { name: new RegExp(device.serial.replaceAll('.', '\\.')) });
    await expect(column.getByRole('img', { name: /^Screenshot of / })).toBeVisible();
    await expect(column).toContainText('panel in capture');
    await expect(column).toContainText(/Android\s*\d+/);
  }
  const widths = await columns
    .getByRole('img')
    .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth));
  expect(widths).toEqual([1080, 2560]);
  await saveScreen(page, '08b-compare-devices');
  await compare.getByRole('button', { name: 'Close' }).click();
  await history.getByRole('button', { name: 'Clear the comparison' }).click();
  await expect(history.getByRole('button', { name: 'Compare 2' })).toBeHidden();

  // Unticking one leaves the designer's target alone as the run's device.
  await deviceList(page)
    .getByRole('checkbox', { name: `Run on ${tablet.serial}` })
    .uncheck();
  await expect(page.getByText('Runs go to 2 ticked devices.')).toBeHidden();
});
