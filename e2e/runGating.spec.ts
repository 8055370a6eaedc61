// A run the preview already knows will fail (issue 14 defect 7): the button says so, a click (or Ctrl+Enter) asks
// first, and only "Run anyway" sends it. The advice matches the preview's (Android 9 with a cutout: use another
// device, not "reduce the width") and points at "Enable service" when that button is on screen.
import type { Page } from '@playwright/test';
import { expect, test, useConsoleStack } from './fixtures/test';
import {
  button,
  field,
  openConsole,
  previewRegion,
  resultColumn,
  resultsRegion,
  saveScreen,
  step,
  targetRadio,
} from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone', 'cutout28'], name: 'runGating' });

function runButton(page: Page) {
  return page.getByRole('region', { name: 'Run' }).getByRole('button', { name: /^Run sequence/ });
}

function question(page: Page) {
  return page.getByRole('dialog', { name: /the preview says it will fail$/ });
}

test('a panel wider than the usable area: the button says so, Cancel sends nothing, Run anyway does', async ({
  page,
}) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  await openConsole(page, stack());
  await targetRadio(page, phone).check();
  await expect(runButton(page)).toHaveAccessibleName('Run sequence');

  // 420 dp on a 420 dpi phone is 1103 px: valid input, but wider than the 1080 px usable width.
  await field(page, 'Width (dp)').fill('420');
  await expect(runButton(page)).toHaveAccessibleName(/^Run sequence\s*will fail: panel too wide$/);
  await expect(runButton(page)).toBeEnabled();
  await expect(runButton(page)).toHaveAccessibleDescription(/The preview says this will fail on Pixel 7/);
  await expect(page.getByRole('button', { name: /^Set panel\s*will fail$/ })).toBeEnabled();
  await expect(button(page, 'Take screenshot')).toBeEnabled();
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size);
    await saveScreen(page, `31-run-will-fail-${size.width}x${size.height}`, runButton(page));
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  await runButton(page).click();
  const dialog = question(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('The panel does not fit the usable width');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await saveScreen(page, '32-run-anyway-question', dialog);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // The shortcut asks too.
  await page.getByRole('textbox', { name: 'Panel text', exact: true }).press('Control+Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(resultsRegion(page).getByRole('article')).toHaveCount(0);

  await runButton(page).click();
  await dialog.getByRole('button', { name: 'Run anyway' }).click();
  const column = resultColumn(page, phone);
  await expect(step(column, 'Clear panel')).toContainText('succeeded', { timeout: 20_000 });
  const verdict = column.getByRole('group', { name: 'Verdict' });
  await expect(verdict).toContainText('Failed at Set panel');
  await expect(verdict).toContainText('ON_SCREEN_LOG_LAYOUT_INVALID');
  // The device refused it too: nothing is drawn.
  expect(phone.simulator.visiblePanel).toBeNull();

  await field(page, 'Width (dp)').fill('');
  await expect(runButton(page)).toHaveAccessibleName('Run sequence');
});

test('service disabled: the advice points at "Enable service", which fixes it', async ({ page }) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  await openConsole(page, stack());
  await targetRadio(page, phone).check();
  const operator = page.getByRole('region', { name: 'Operator', exact: true });
  await operator.getByRole('button', { name: 'Disable service' }).click();
  await expect(operator).toContainText('Accessibility service disabled.');

  await expect(runButton(page)).toHaveAccessibleName(/will fail: service disabled$/);
  await expect(page.getByRole('button', { name: /^Clear panel\s*will fail$/ })).toBeEnabled();
  await expect(runButton(page)).toHaveAccessibleDescription(
    /Press \u201cEnable service\u201d in the Operator section/,
  );

  // Run anyway: the failure's advice names the same button, and offers to go there.
  await page.getByRole('button', { name: /^Set panel\s*will fail$/ }).click();
  await question(page).getByRole('button', { name: 'Run anyway' }).click();
  const column = resultColumn(page, phone);
  const verdict = column.getByRole('group', { name: 'Verdict' });
  await expect(verdict).toContainText('ON_SCREEN_LOG_SERVICE_UNAVAILABLE');
  await expect(verdict).toContainText(
    'Press \u201cEnable service\u201d in the Operator section, then rerun.',
  );
  await saveScreen(page, '33-service-disabled-advice', verdict);
  // At laptop width the Operator section is in the drawer: "Go to Enable service" opens it and focuses the button.
  await page.setViewportSize({ width: 1024, height: 700 });
  await verdict.getByRole('button', { name: 'Go to Enable service' }).click();
  const enable = operator.getByRole('button', { name: 'Enable service' });
  await expect(enable).toBeFocused();
  await saveScreen(page, '34-go-to-enable-service-1024x700', enable);
  await page.keyboard.press('Enter');
  await expect(operator).toContainText('Accessibility service enabled.');
  await page.keyboard.press('Escape');
  await expect(runButton(page)).toHaveAccessibleName('Run sequence');
});

test('Android 9 with a cutout: the button warns, and preview and result give the same advice', async ({
  page,
}) => {
  const [, cutout] = stack().devices;
  if (cutout === undefined) throw new Error('no cutout28 device');
  await openConsole(page, stack());
  await targetRadio(page, cutout).check();
  const advice = 'Use another device.';
  await expect(previewRegion(page)).toContainText(advice);
  await expect(runButton(page)).toHaveAccessibleName(/will fail: no usable area$/);

  await runButton(page).click();
  await expect(question(page)).toContainText(advice);
  await question(page).getByRole('button', { name: 'Run anyway' }).click();
  const column = resultColumn(page, cutout);
  await expect(step(column, 'Clear panel')).toContainText(/succeeded|failed/, { timeout: 20_000 });
  const verdict = column.getByRole('group', { name: 'Verdict' });
  await expect(verdict).toContainText('ON_SCREEN_LOG_LAYOUT_INVALID');
  await expect(verdict).toContainText(advice);
  // No advice on screen tells the user to change a layout that no layout can fix.
  await expect(page.getByText(/Reduce Width|Reduce width/)).toHaveCount(0);
  await saveScreen(page, '35-cutout28-advice', verdict);
});
