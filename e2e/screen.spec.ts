// The Screen view in Chromium against simulated devices: live frames with their rate and method, the tree with a
// node's attributes (unknown ones said as such), a click on the live screen that taps the device and changes what
// it shows, and on a TV the D-pad one key at a time with the focus read again. Launch and Stop of a package go
// through the approval dialog (approved here) and Scroll sends one `input swipe`. Screenshots at 1440x900 and 1024x700.
import type { Page } from '@playwright/test';
import { expect, test, useConsoleStack } from './fixtures/test';
import { deviceList, openConsole, saveScreen } from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone', 'tv'], name: 'screen' });

async function openScreen(page: Page, serial: string): Promise<void> {
  await openConsole(page, stack());
  await deviceList(page).getByRole('radio', { name: serial }).check();
  await page.getByRole('tab', { name: 'Diagnostics' }).click();
  await page.getByText('Live screen', { exact: true }).click();
  await expect(page.getByAltText(`Live screen of ${serial}`)).toBeVisible();
  await expect(page.getByTestId('screen-fps')).toContainText(
    /\d+(\.\d+)? fps · (screencap-p|raw) · \d+ frames/,
  );
}

test('a phone: live frames, a node selected from the tree, a click on the screen opens the app', async ({
  page,
}) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('a phone expected');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openScreen(page, phone.serial);
  await expect(page.getByTestId('screen-tree-source')).toContainText('complete');

  const tree = page.getByRole('list', { name: 'UI tree' });
  await tree.getByRole('button', { name: 'TextView Shoply' }).click();
  const attributes = page.getByTestId('screen-attributes');
  await expect(attributes).toContainText('[296,1812][540,2059]');
  await saveScreen(page, 'screen-phone-1440');

  // Shoply's icon centre (418, 1935) on the 1080x2400 screen, through the displayed scale.
  const image = page.getByAltText(`Live screen of ${phone.serial}`);
  const box = await image.boundingBox();
  if (box === null) throw new Error('the live screen has no box');
  await image.click({ position: { x: (418 / 1080) * box.width, y: (1935 / 2400) * box.height } });
  // The displayed image is ~3x smaller than the screen: a pixel there is a few device pixels.
  await expect(page.getByTestId('screen-action-result')).toContainText(/input tap '41[6-9]' '193[3-6]'/);
  await expect(tree.getByRole('button', { name: /Checkout/ })).toBeVisible();

  await page.setViewportSize({ width: 1024, height: 700 });
  await saveScreen(page, 'screen-phone-1024');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  expect(overflow).toBe(false);
  await page.getByRole('group', { name: 'Keys' }).getByRole('button', { name: 'Home' }).click();
  await expect(tree.getByRole('button', { name: 'TextView Shoply' })).toBeVisible();
});

test('a phone: Launch Shoply through the approval dialog, Scroll down, Stop it with am force-stop', async ({
  page,
}) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('a phone expected');
  const received = (pattern: RegExp): number =>
    phone.simulator.device.received().filter((entry) => pattern.test(entry.service)).length;
  await page.setViewportSize({ width: 1440, height: 900 });
  await openScreen(page, phone.serial);
  const apps = page.getByRole('group', { name: 'App' });
  const packageField = apps.getByRole('combobox', { name: 'Package' });
  // The suggestions are the device's installed packages (list_android_apps).
  await expect(page.locator('datalist option[value="com.shoply.android"]')).toHaveCount(1);
  await packageField.fill('com.shoply.android');

  const starts = received(/am start -n/);
  await apps.getByRole('button', { name: 'Launch' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve android.launch_app?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Exact command')).toHaveText(/^am start -n 'com\.shoply\.android\/[\w.]+'$/);
  // Nothing started before the answer.
  expect(received(/am start -n/)).toBe(starts);
  await saveScreen(page, 'screen-launch-dialog-1440');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('screen-action-result')).toContainText(/am start -n 'com\.shoply\.android\//);
  expect(received(/am start -n/) - starts).toBe(1);
  const tree = page.getByRole('list', { name: 'UI tree' });
  await expect(tree.getByRole('button', { name: /Checkout/ })).toBeVisible();
  expect(phone.simulator.state.foreground.packageName).toBe('com.shoply.android');

  // Scroll is the user's own action on the live screen: no dialog, one swipe from `wm size`.
  const swipes = received(/input swipe/);
  await apps.getByRole('button', { name: 'Scroll down' }).click();
  await expect(page.getByTestId('screen-action-result')).toContainText(
    "input swipe '540' '1800' '540' '600'",
  );
  expect(received(/input swipe/) - swipes).toBe(1);
  await saveScreen(page, 'screen-apps-1440');

  await page.setViewportSize({ width: 1024, height: 700 });
  const stops = received(/am force-stop 'com\.shoply\.android'$/);
  await apps.getByRole('button', { name: 'Stop' }).click();
  const stopDialog = page.getByRole('dialog', { name: 'Approve android.stop_app?' });
  await expect(stopDialog.getByLabel('Exact command')).toHaveText("am force-stop 'com.shoply.android'");
  await saveScreen(page, 'screen-stop-dialog-1024');
  await stopDialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByTestId('screen-action-result')).toContainText("am force-stop 'com.shoply.android'");
  expect(received(/am force-stop 'com\.shoply\.android'$/) - stops).toBe(1);
  await expect(tree.getByRole('button', { name: 'TextView Shoply' })).toBeVisible();
  await saveScreen(page, 'screen-apps-1024');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  expect(overflow).toBe(false);
});

test('a TV: D-pad keys one at a time, the focus read again after each', async ({ page }) => {
  const tv = stack().devices[1];
  if (tv === undefined) throw new Error('a TV expected');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openScreen(page, tv.serial);
  const dpad = page.getByRole('group', { name: 'D-pad' });
  await expect(dpad).toBeVisible();
  const focus = page.getByTestId('screen-focus');
  await expect(focus).not.toHaveText('Focused: unknown');
  const before = await focus.textContent();
  await dpad.getByRole('button', { name: 'Right' }).click();
  await expect(page.getByTestId('screen-action-result')).toContainText('input keyevent');
  await expect(focus).not.toHaveText(before ?? '');
  await saveScreen(page, 'screen-tv-1440');
});
