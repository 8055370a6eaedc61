// The Screen view's strong confirmation against the real console, on the simulated TV: the command palette opens the
// live screen, the D-pad walks Settings → System → About → Reset to the "Factory reset" action one key at a time,
// and CENTER on it asks the strong dialog naming the label. Enter at the first step refuses (Refuse has the focus)
// and the device receives no `input keyevent 23`; at the second step Back has the focus and Enter goes back, not
// send; "Confirm and send" sends exactly one. Screenshots of both steps at 1440x900 and 1024x700.
import type { Locator, Page } from '@playwright/test';
import { expect, test, useConsoleStack } from './fixtures/test';
import { deviceList, openConsole, saveScreen } from './helpers/console';
import { textContrast } from './helpers/contrast';

const stack = useConsoleStack({ profiles: ['tv'], name: 'screenApproval' });

function tvDevice() {
  const tv = stack().devices[0];
  if (tv === undefined) throw new Error('a TV expected');
  return tv;
}

/** How many `input keyevent 23` (DPAD_CENTER) shell commands the simulated TV has received. */
function centersReceived(): number {
  return tvDevice()
    .simulator.device.received()
    .filter((entry) => /:input keyevent 23$/.test(entry.service)).length;
}

/** Clicks one D-pad key and waits until the Screen view has read the focus again and shows `expected`. */
async function dpad(page: Page, key: 'Up' | 'Down' | 'Center', expected: string): Promise<void> {
  await page.getByRole('group', { name: 'D-pad' }).getByRole('button', { name: key }).click();
  await expect(page.getByTestId('screen-focus')).toHaveText(`Focused: ${expected}`);
}

function approvalDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Approve screen.press_dpad_center?' });
}

test('Factory reset on the TV: the strong dialog refuses on Enter, Back at its second step, sends once on Confirm', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tv = tvDevice();
  await page.setViewportSize({ width: 1440, height: 900 });
  await openConsole(page, stack());
  await deviceList(page).getByRole('radio', { name: tv.serial }).check();

  // The palette's entry opens the live screen of the selected device, focused so its F key works at once.
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: 'Search actions' }).fill('live screen');
  await expect(palette.getByRole('option', { name: 'Freeze / resume live screen F' })).toBeVisible();
  await palette.getByRole('option', { name: 'Open live screen' }).click();
  await expect(palette).toBeHidden();
  await expect(page.getByAltText(`Live screen of ${tv.serial}`)).toBeVisible();
  const view = page.getByRole('region', { name: 'Screen', exact: true });
  await expect(view).toBeFocused();
  // The keyboard help lists the view's key; closing it returns focus to the view.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  const row = help.getByRole('row').filter({ hasText: 'Live screen (in the view): freeze / resume' });
  await expect(row.getByRole('cell').first()).toHaveText('F');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await expect(view).toBeFocused();
  const freeze = view.getByRole('button', { name: /^(Freeze|Unfreeze)$/ });
  await page.keyboard.press('f');
  await expect(freeze).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('f');
  await expect(freeze).toHaveAttribute('aria-pressed', 'false');

  // Home → Settings panel → System → About → Reset (ResetActivity, Cancel focused) → Factory reset.
  const focus = page.getByTestId('screen-focus');
  await expect(focus).toHaveText('Focused: Settings');
  await dpad(page, 'Center', 'Accounts & Sign In');
  for (const row of ['Privacy', 'Apps', 'Display & Sound', 'Network & Internet / SimNet-5G', 'Accessibility'])
    await dpad(page, 'Down', row);
  await dpad(page, 'Down', 'System');
  await dpad(page, 'Center', 'About');
  await dpad(page, 'Center', 'System update');
  await dpad(page, 'Down', 'Device name / Living room TV');
  await dpad(page, 'Down', 'Reset');
  await dpad(page, 'Center', 'Cancel');
  await dpad(page, 'Up', 'Factory reset');
  expect(tv.simulator.state.foreground.activity).toBe('com.android.tv.settings.device.storage.ResetActivity');

  // CENTER on it: the strong dialog, naming the label and the exact key; Refuse has the focus.
  const beforeRefusal = centersReceived();
  const center = page.getByRole('group', { name: 'D-pad' }).getByRole('button', { name: 'Center' });
  await center.click();
  const dialog = approvalDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Exact command')).toHaveText(
    "activate the focused control labelled 'Factory reset' (input keyevent 23)",
  );
  await expect(dialog.getByRole('note')).toContainText('strong request');
  const answer = dialog.getByRole('group', { name: 'Answer' });
  await expect(answer.getByRole('button', { name: 'Refuse' })).toBeFocused();
  await expect(answer.getByRole('button', { name: 'Approve\u2026' })).toBeVisible();
  await saveScreen(page, 'screen-approval-step1-1440');
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(answer.getByRole('button', { name: 'Refuse' })).toBeInViewport();
  await saveScreen(page, 'screen-approval-step1-1024');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('screen-action-error')).toContainText('APPROVAL_REFUSED');
  expect(centersReceived()).toBe(beforeRefusal);
  // The device did not move: Factory reset still has the focus on the same step.
  await view.getByRole('button', { name: 'Refresh tree' }).click();
  await expect(focus).toHaveText('Focused: Factory reset');
  expect(tv.simulator.state.foreground.activity).toBe('com.android.tv.settings.device.storage.ResetActivity');

  // Again: "Approve…" leads to the second step, where Back has the focus and Enter goes back, sending nothing.
  await center.click();
  await expect(dialog).toBeVisible();
  await answer.getByRole('button', { name: 'Approve\u2026' }).click();
  const second = dialog.getByRole('group', { name: 'Second confirmation' });
  await expect(second.getByRole('button', { name: 'Back' })).toBeFocused();
  await expect(second.getByRole('button', { name: 'Confirm and send' })).toBeVisible();
  // The pointer rests where "Approve…" was: the hovered "Confirm and send" keeps readable white on red.
  await second.getByRole('button', { name: 'Confirm and send' }).hover();
  expect(await textContrast(second.getByRole('button', { name: 'Confirm and send' }))).toBeGreaterThan(4.5);
  await saveScreen(page, 'screen-approval-step2-1440');
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(second.getByRole('button', { name: 'Confirm and send' })).toBeInViewport();
  await saveScreen(page, 'screen-approval-step2-1024');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.keyboard.press('Enter');
  await expect(answer.getByRole('button', { name: 'Refuse' })).toBeFocused();
  await expect(dialog).toBeVisible();
  expect(centersReceived()).toBe(beforeRefusal);

  // Confirm and send: exactly one `input keyevent 23`; the device shows ResetActivity's own second step.
  await answer.getByRole('button', { name: 'Approve\u2026' }).click();
  await second.getByRole('button', { name: 'Confirm and send' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('screen-action-result')).toHaveText(
    'action_sent: true · input keyevent 23 · confirmed Factory reset',
  );
  expect(centersReceived()).toBe(beforeRefusal + 1);
  await expect(focus).toHaveText('Focused: Cancel');
  await expect(
    page.getByRole('list', { name: 'UI tree' }).getByRole('button', { name: 'TextView Erase everything' }),
  ).toBeVisible();
  await saveScreen(page, 'screen-approval-sent-1440');
});
