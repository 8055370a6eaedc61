// The target never switches silently: when the selected device disappears from adb, it stays selected and is shown
// disconnected, runs on it are blocked with a reason, and nothing moves to the other phone until the user picks it.
import { expect, test, useConsoleStack } from './fixtures/test';
import { button, deviceEntry, deviceList, openConsole, saveScreen, targetRadio } from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone', 'tablet'], name: 'targetKept', mode: 'emulator' });

test('a disappearing target stays selected as disconnected and blocks runs until it is back', async ({
  page,
}) => {
  const [phone, tablet] = stack().devices;
  if (phone === undefined || tablet === undefined) throw new Error('two devices expected');
  await openConsole(page, stack());
  await targetRadio(page, tablet).check();
  await expect(button(page, 'Run sequence')).toBeEnabled();

  // An emulator-style device leaves adb's list as soon as its connection closes.
  await tablet.simulator.device.unplug({ keepListening: false });
  const gone = deviceEntry(page, tablet.serial);
  await expect(gone).toContainText('disconnected', { timeout: 15_000 });
  await expect(targetRadio(page, tablet)).toBeChecked();
  await expect(targetRadio(page, phone)).not.toBeChecked();
  await expect(button(page, 'Run sequence')).toBeDisabled();
  await expect(button(page, 'Run sequence')).toHaveAccessibleDescription(
    `${tablet.serial} is disconnected: reconnect it or choose another device`,
  );
  // The preview keeps the tablet's last description: the design can still be checked against its screen.
  await expect(page.getByRole('region', { name: 'Preview' })).not.toContainText('Choose a target device');
  await saveScreen(page, '13-target-disconnected', gone);

  // Back on the same address: the same entry is online again, still the target.
  await tablet.simulator.device.replug();
  const attached = await tablet.simulator.attach(stack().adb.port, 'emulator');
  if (!attached.ok) throw new Error(attached.error.message);
  await expect(gone).not.toContainText('disconnected', { timeout: 15_000 });
  await expect(targetRadio(page, tablet)).toBeChecked();
  await expect(button(page, 'Run sequence')).toBeEnabled({ timeout: 15_000 });

  // Only the user moves the target.
  await tablet.simulator.device.unplug({ keepListening: false });
  await expect(gone).toContainText('disconnected', { timeout: 15_000 });
  await targetRadio(page, phone).check();
  await expect(button(page, 'Run sequence')).toBeEnabled();
  await expect(deviceList(page).getByRole('listitem')).toHaveCount(1);
});
