// Unplugging a device in the middle of a run: the run fails with a clear error code, the device list shows the
// device offline, and the run buttons say why they are disabled.
import { expect, test, useConsoleStack } from './fixtures/test';
import { button, deviceEntry, openConsole, resultColumn, saveScreen, step } from './helpers/console';

test.describe('a device attached like adb connect', () => {
  const stack = useConsoleStack({ profiles: ['phone'], name: 'unplug' });

  test('a device unplugged during the screenshot step fails the run with its error code and shows offline', async ({
    page,
  }) => {
    const [phone] = stack().devices;
    if (phone === undefined) throw new Error('no phone');
    await openConsole(page, stack());
    await page.getByRole('textbox', { name: 'Panel text', exact: true }).fill('Cable pulled mid-run');
    // The cable comes out while screencap runs: the capture never answers (so nothing writes to the dropped stream).
    const device = phone.simulator.device;
    device.setCaptureScreen(() => {
      void device.unplug({ keepListening: false });
      return new Promise<Uint8Array>(() => undefined);
    });
    await button(page, 'Run sequence').click();
    const column = resultColumn(page, phone);
    await expect(step(column, 'Set panel')).toContainText('succeeded');

    await expect(column.getByText('failed', { exact: true }).first()).toBeVisible({ timeout: 15_000 });
    // The capture in flight loses its stream; the clear that follows finds the device offline.
    const screenshot = step(column, 'Screenshot');
    await expect(screenshot).toContainText('failed');
    await expect(screenshot.getByRole('code').first()).toHaveText(
      /^(EVIDENCE_CAPTURE_FAILED|DEVICE_OFFLINE)$/,
    );
    // The first failure is the verdict, with its advice (issue 14 defect 3); the step names its code.
    await expect(column.getByRole('group', { name: 'Verdict' })).toContainText('What to do:');
    const clear = step(column, 'Clear panel');
    await expect(clear).toContainText('failed');
    await expect(clear.getByRole('code').first()).toHaveText('DEVICE_OFFLINE');
    await expect(column.getByRole('img', { name: 'Screenshot', exact: true })).toHaveCount(0);

    await expect(deviceEntry(page, phone.serial)).toContainText('offline', { timeout: 15_000 });
    await expect(button(page, 'Run sequence')).toBeDisabled();
    await expect(button(page, 'Run sequence')).toHaveAccessibleDescription(`${phone.serial} is not online`);
    await saveScreen(page, '12-unplugged-during-run', step(column, 'Screenshot'));
  });
});

test.describe('a device attached as an emulator (removed from adb when its connection closes)', () => {
  const stack = useConsoleStack({ profiles: ['phone'], name: 'unplugEmulator', mode: 'emulator' });

  test('unplugged while the panel is being drawn: the set step fails with its code and the device shows disconnected', async ({
    page,
  }) => {
    const [phone] = stack().devices;
    if (phone === undefined) throw new Error('no phone');
    await openConsole(page, stack());
    // The draw is never acknowledged, so the unplug lands while the set execution is in flight.
    phone.simulator.faults.drawAcknowledgement = 'withhold';
    await button(page, 'Run sequence').click();
    const column = resultColumn(page, phone);
    await expect(step(column, 'Set panel')).toContainText('running');
    // Unplug once the request has reached the device (it is drawing), not while the console is still connecting.
    await expect.poll(() => phone.simulator.operator.controller.currentPanel).not.toBeNull();
    await phone.simulator.device.unplug({ keepListening: false });

    const set = step(column, 'Set panel');
    await expect(set).toContainText('failed', { timeout: 15_000 });
    await expect(set.getByRole('code').first()).toHaveText('RESULT_TRANSPORT_FAILED');
    // The first failure is the verdict, with the whole message; the step itself names its code.
    await expect(column.getByRole('group', { name: 'Verdict' })).toContainText('the request may have run');
    await expect(set).toContainText('(see the verdict above)');
    await expect(step(column, 'Screenshot')).toContainText('skipped');
    await expect(step(column, 'Clear panel').getByRole('code').first()).toHaveText('DEVICE_OFFLINE');
    // adb drops it; the console keeps it as the (disconnected) target rather than forgetting what the run was for.
    await expect(deviceEntry(page, phone.serial)).toContainText('disconnected', { timeout: 15_000 });
    await expect(button(page, 'Run sequence')).toBeDisabled();
    await expect(button(page, 'Run sequence')).toHaveAccessibleDescription(
      `${phone.serial} is disconnected: reconnect it or choose another device`,
    );
    await saveScreen(page, '13-unplugged-emulator', set);
  });
});
