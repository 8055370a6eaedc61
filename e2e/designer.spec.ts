// The designer flow on one simulated phone: pick the device, write a template with a placeholder from its button,
// edit the fields, watch the predicted bounds, then Set panel and Clear panel against the real device stack.
import { expect, test, useConsoleStack } from './fixtures/test';
import {
  button,
  deviceEntry,
  field,
  openConsole,
  predictedBounds,
  predictedBoundsLine,
  resultColumn,
  saveScreen,
  step,
  targetRadio,
} from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone'], name: 'designer' });

test('the device list shows the simulated phone with its state, API level and Operator status', async ({
  page,
}) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  await openConsole(page, stack());
  const entry = deviceEntry(page, phone.serial);
  await expect(entry).toContainText('Pixel 7');
  await expect(entry).toContainText('online');
  await expect(entry).toContainText('API 35');
  await expect(entry).toContainText('Simulated');
  await expect(entry).toContainText('service enabled');
  await expect(entry).toContainText('reachable');
  await saveScreen(page, '01-devices');
});

test('template with a placeholder, edited fields, live preview, Set panel then Clear panel', async ({
  page,
}) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  await openConsole(page, stack());
  await targetRadio(page, phone).check();
  await expect(targetRadio(page, phone)).toBeChecked();

  const content = page.getByRole('radiogroup', { name: 'Content' });
  await content.getByRole('radio', { name: 'Template' }).check();
  const template = page.getByRole('textbox', { name: 'Template', exact: true });
  await expect(template).toBeVisible();
  await template.fill('QA-7 on ');
  await page.getByRole('button', { name: /device\.model/ }).click();
  await expect(template).toHaveValue('QA-7 on {{device.model}}');
  // The placeholder list shows what the phone answers for it now.
  await expect(page.getByRole('list', { name: 'Placeholders' })).toContainText('Pixel 7');

  // Default layout on the phone (420 dpi, status bar 136 px): 8 dp = 21 px from the left, 280 dp = 735 px wide.
  await expect(predictedBoundsLine(page)).toContainText('[21,157][756,');
  await field(page, 'Anchor').selectOption('right');
  await field(page, 'Width (dp)').fill('320');
  await field(page, 'Edge offset (dp)').fill('16');
  await field(page, 'Font size (sp)').fill('14');
  await field(page, 'Text colour').fill('#FFFFEB3B');
  await field(page, 'TTL (ms)').fill('60000');
  // Right anchor: 1080 - 16 dp (42 px) = 1038; 320 dp = 840 px wide.
  await expect(predictedBoundsLine(page)).toContainText('[198,157][1038,');
  const predicted = await predictedBounds(page);
  await saveScreen(page, '02-designer-template');

  await button(page, 'Set panel').click();
  const column = resultColumn(page, phone);
  await expect(column.getByText('succeeded', { exact: true }).first()).toBeVisible();
  const set = step(column, 'Set panel');
  await expect(set).toContainText('succeeded');
  await expect(set).toContainText('Data (');
  // Step data is collapsed below the verdict (issue 14 defect 3): open it.
  await set.getByText(/^Data \(/).click();
  for (const [key, value] of [
    ['anchor', 'right'],
    ['width_dp', '320'],
    ['edge_offset_dp', '16'],
    ['font_size_sp', '14'],
    ['text_color', '#FFFFEB3B'],
    ['ttl_ms', '60000'],
    ['bounds', predicted],
    ['visible', 'true'],
  ] as const) {
    await expect(set.getByRole('term').filter({ hasText: new RegExp(`^${key}$`) })).toBeVisible();
    await expect(set.getByRole('definition').filter({ hasText: value }).first()).toBeVisible();
  }
  // The device drew the expanded template where the preview predicted it.
  const shown = phone.simulator.visiblePanel;
  expect(shown?.layout.lines.map((line) => line.text).join(' ')).toBe('QA-7 on Pixel 7');
  const bounds = shown?.layout.bounds;
  expect(bounds && `[${bounds.left},${bounds.top}][${bounds.right},${bounds.bottom}]`).toBe(predicted);
  await saveScreen(page, '03-set-panel');

  await button(page, 'Clear panel').click();
  const clear = step(resultColumn(page, phone), 'Clear panel');
  await expect(clear).toContainText('succeeded');
  await expect(clear).toContainText('visible');
  await expect.poll(() => phone.simulator.visiblePanel).toBeNull();
});

test('the keyboard shortcuts dialog opens with ? and the top bar button, and closes with Escape', async ({
  page,
}) => {
  await openConsole(page, stack());
  await page.locator('body').press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: 'Ctrl+Enter' })).toContainText('Run sequence');
  await expect(dialog.getByRole('row').filter({ hasText: 'Set panel' }).getByRole('cell').first()).toHaveText(
    'S',
  );
  await saveScreen(page, '09-shortcuts');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: /Shortcuts/ }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // "?" typed in the panel text is text, not a shortcut.
  const text = page.getByRole('textbox', { name: 'Panel text', exact: true });
  await text.fill('Why');
  await text.press('?');
  await expect(text).toHaveValue('Why?');
  await expect(dialog).toBeHidden();
});
