// The Settings dialog against the real console: the saved settings and evidence folder, then an adb server that
// does not answer added, listed as not reachable, removed; Escape closes and gives focus back to the top bar button.
import { expect, test, useConsoleStack } from './fixtures/test';
import { button, openConsole, saveScreen } from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone'], name: 'settings' });

/** Ports 1 and 2 on loopback: nothing listens there, so the adb server addresses are refused at once. */
const DEAD_SERVER = '127.0.0.1:1';
const OTHER_DEAD_SERVER = '127.0.0.1:2';

test('Settings shows the settings and evidence folder, adds and removes an unreachable adb server', async ({
  page,
}) => {
  await openConsole(page, stack());
  const settingsButton = button(page, 'Settings');
  await settingsButton.click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  const simulator = dialog.getByRole('checkbox', {
    name: 'Start a simulated phone when no device is connected',
  });
  await expect(simulator).toBeChecked();
  await expect(simulator).toBeFocused();
  await expect(dialog.getByRole('textbox', { name: 'Operator package' })).toHaveValue(
    'com.androperator.operator',
  );
  await expect(dialog.getByRole('textbox', { name: 'Execution timeout (ms)' })).toHaveValue('30000');
  await expect(dialog.getByText('Evidence folder:')).toBeVisible();
  await expect(dialog.getByText(stack().home, { exact: false })).toBeVisible();

  const servers = dialog.getByRole('list', { name: 'adb servers' });
  const local = servers.getByRole('listitem').filter({ hasText: 'local' });
  await expect(local).toContainText('reachable: yes');
  await expect(local).toContainText('1 device');
  await expect(local.getByRole('button', { name: 'Remove' })).toHaveCount(0);

  await dialog.getByRole('textbox', { name: 'Add adb server (host:port)' }).fill(DEAD_SERVER);
  await dialog.getByRole('button', { name: 'Add server' }).click();
  const dead = servers.getByRole('listitem').filter({ hasText: DEAD_SERVER });
  await expect(dead).toContainText('reachable: no');
  await expect(dead).toContainText('0 devices');
  await expect(dead.locator('.server-error')).not.toBeEmpty();
  await expect(dialog.getByRole('textbox', { name: 'Add adb server (host:port)' })).toHaveValue('');
  await dialog.getByRole('textbox', { name: 'Add adb server (host:port)' }).fill(OTHER_DEAD_SERVER);
  await dialog.getByRole('button', { name: 'Add server' }).click();
  const other = servers.getByRole('listitem').filter({ hasText: OTHER_DEAD_SERVER });
  await expect(other).toContainText('reachable: no');
  await saveScreen(page, '15-settings');

  // Repeated buttons are told apart by their full accessible names (a bare "Remove" would not say which server).
  const removeButtons = dialog.getByRole('button', { name: /^Remove\b/ });
  await expect(removeButtons).toHaveCount(2);
  await expect(removeButtons.nth(0)).toHaveAccessibleName(`Remove ${DEAD_SERVER}`);
  await expect(removeButtons.nth(1)).toHaveAccessibleName(`Remove ${OTHER_DEAD_SERVER}`);
  await expect(dialog.getByRole('switch', { name: `Watch ${DEAD_SERVER}`, exact: true })).toHaveCount(1);
  await expect(dialog.getByRole('switch', { name: `Watch ${OTHER_DEAD_SERVER}`, exact: true })).toHaveCount(
    1,
  );

  await dialog.getByRole('button', { name: `Remove ${DEAD_SERVER}`, exact: true }).click();
  await expect(dead).toHaveCount(0);
  await expect(other).toHaveCount(1);
  await dialog.getByRole('button', { name: `Remove ${OTHER_DEAD_SERVER}`, exact: true }).click();
  await expect(other).toHaveCount(0);
  await expect(servers.getByRole('listitem')).toHaveCount(1);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(settingsButton).toBeFocused();
});

test('Settings checks the fields before saving and saves only what changed', async ({ page }) => {
  await openConsole(page, stack());
  await button(page, 'Settings').click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const operatorPackage = dialog.getByRole('textbox', { name: 'Operator package' });
  await operatorPackage.fill('operator');
  await expect(operatorPackage).toHaveAttribute('aria-invalid', 'true');
  await expect(operatorPackage).toHaveAccessibleDescription(/Java package name/);
  const timeout = dialog.getByRole('textbox', { name: 'Execution timeout (ms)' });
  await timeout.fill('500');
  await expect(timeout).toHaveAccessibleDescription('Must be a whole number from 1000 to 120000.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeVisible();

  await operatorPackage.fill('com.androperator.operator');
  await expect(operatorPackage).toHaveAttribute('aria-invalid', 'false');
  await timeout.fill('45000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Settings saved')).toBeVisible();

  await button(page, 'Settings').click();
  await expect(dialog.getByRole('textbox', { name: 'Execution timeout (ms)' })).toHaveValue('45000');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
