// "Install APK..." offers the Operator built in this checkout (npm run build:apk, which the test command runs first)
// and installs it on the device through adb.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, useConsoleStack } from './fixtures/test';
import { ROOT } from './fixtures/stack';
import { button, openConsole, saveScreen } from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone'], name: 'installApk' });
const BUILT = join(ROOT, 'out', 'apk', 'androperator-operator-debug.apk');

test('the dialog starts with the built Operator APK and installs it on the device', async ({ page }) => {
  expect(existsSync(BUILT), `${BUILT} is missing: run npm run build:apk`).toBe(true);
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  await openConsole(page, stack());
  await button(page, 'Install APK\u2026').click();
  const dialog = page.getByRole('dialog', { name: 'Install APK' });
  const path = dialog.getByRole('textbox', { name: 'APK path' });
  await expect(path).toHaveValue(BUILT);
  await expect(dialog).toContainText('the Operator built in this checkout (npm run build:apk)');
  await saveScreen(page, '16-install-built-apk', dialog);
  await dialog.getByRole('button', { name: 'Install', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  expect(phone.simulator.state.getPackage('com.androperator.operator.dev')?.versionName).toBe('0.1.0');
});
