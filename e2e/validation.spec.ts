// Validation blocks a run: an out-of-range field gets its message beside it and aria-invalid, the run buttons are
// disabled with the reason, Ctrl+Enter does nothing; fixing the field enables them again.
import { expect, test, useConsoleStack } from './fixtures/test';
import { button, field, openConsole, resultsRegion, saveScreen } from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone'], name: 'validation' });

test('Width (dp) 601 blocks the run with the reason; 600 runs again', async ({ page }) => {
  await openConsole(page, stack());
  const width = field(page, 'Width (dp)');
  const run = button(page, 'Run sequence');
  await expect(run).toBeEnabled();

  await width.fill('601');
  await expect(width).toHaveAttribute('aria-invalid', 'true');
  await expect(width).toHaveAccessibleDescription('Width must be between 80 and 600 dp');
  await expect(run).toBeDisabled();
  await expect(run).toHaveAccessibleDescription('Fix 1 field to run');
  await expect(button(page, 'Set panel')).toBeDisabled();
  // Clearing and screenshots need no design: they stay available.
  await expect(button(page, 'Clear panel')).toBeEnabled();
  await expect(button(page, 'Take screenshot')).toBeEnabled();
  await saveScreen(page, '04-validation-blocked');

  // The shortcut is blocked too: nothing reaches Results.
  await page.getByRole('textbox', { name: 'Panel text', exact: true }).press('Control+Enter');
  await expect(resultsRegion(page).getByRole('article')).toHaveCount(0);

  await width.fill('600');
  await expect(width).toHaveAttribute('aria-invalid', 'false');
  await expect(width).toHaveAccessibleDescription('Between 80 and 600, default 280');
  // Valid again, so the run is possible; on this 1080 px phone 600 dp is too wide, and the button says so.
  const anyway = page.getByRole('button', { name: /^Run sequence\s*will fail: panel too wide$/ });
  await expect(anyway).toBeEnabled();
  await expect(page.getByRole('button', { name: /^Set panel\s*will fail$/ })).toBeEnabled();
});

test('two invalid fields are counted; an empty panel text is invalid; each fix reduces the count', async ({
  page,
}) => {
  await openConsole(page, stack());
  const run = button(page, 'Run sequence');
  const colour = field(page, 'Text colour');
  const text = page.getByRole('textbox', { name: 'Panel text', exact: true });

  await colour.fill('#GG0000');
  await field(page, 'Font size (sp)').fill('7');
  await expect(colour).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Font size (sp)')).toHaveAttribute('aria-invalid', 'true');
  await expect(run).toHaveAccessibleDescription('Fix 2 fields to run');

  await text.fill('');
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await expect(run).toHaveAccessibleDescription('Fix 3 fields to run');

  await text.fill('Back to valid text');
  await colour.fill('#FF00FF00');
  await expect(run).toHaveAccessibleDescription('Fix 1 field to run');
  await field(page, 'Font size (sp)').fill('8');
  await expect(run).toBeEnabled();
});
