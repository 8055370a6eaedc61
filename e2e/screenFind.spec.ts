// The Screen view's Find, Wait for text and Tap text against the real console on the simulated phone: / focuses the
// Find field, Find selects the one node with that exact text in the tree (or shows the refusal with its advice), a
// Tap text refused in the strong dialog sends nothing, a Wait for text shows its progress while a Tap text approved
// through both steps of the dialog sends exactly one click_node (the Operator's tree: no `input tap`) and opens Mail, whose "Compose" the wait then finds;
// Cancel stops a wait long before its timeout. Screenshots at 1440x900 and 1024x700.
import type { Page } from '@playwright/test';
import { expect, test, useConsoleStack } from './fixtures/test';
import { deviceList, openConsole, saveScreen } from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone'], name: 'screenFind' });

const LAUNCHER = 'com.google.android.apps.nexuslauncher';
const MAIL_BOUNDS = '[540,1812][784,2059]';

function phoneDevice() {
  const phone = stack().devices[0];
  if (phone === undefined) throw new Error('a phone expected');
  return phone;
}

/** The taps the simulated phone has received: `input tap` shell commands and the Operator's click_node requests. */
function tapsReceived(): { inputTaps: number; clicks: number } {
  const { simulator } = phoneDevice();
  return {
    inputTaps: simulator.device.received().filter((entry) => /:input tap /.test(entry.service)).length,
    clicks: simulator.operator.receivedNodeActions.filter((request) => request.type === 'click_node').length,
  };
}

async function noHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  expect(overflow).toBe(false);
}

test('Find a node, wait for text, tap text through the strong dialog and see the screen change', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const phone = phoneDevice();
  await page.setViewportSize({ width: 1440, height: 900 });
  await openConsole(page, stack());
  await deviceList(page).getByRole('radio', { name: phone.serial }).check();
  await page.getByRole('tab', { name: 'Diagnostics' }).click();
  await page.getByText('Live screen', { exact: true }).click();
  await expect(page.getByAltText(`Live screen of ${phone.serial}`)).toBeVisible();
  const view = page.getByRole('region', { name: 'Screen', exact: true });
  await expect(page.getByTestId('screen-tree-source')).toContainText('complete');

  // The keyboard help lists the view's / key; inside the view it focuses the Find field.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  const row = help.getByRole('row').filter({ hasText: 'Live screen (in the view): focus the Find field' });
  await expect(row.getByRole('cell').first()).toHaveText('/');
  await page.keyboard.press('Escape');
  await view.getByRole('heading', { name: 'Screen' }).click();
  await page.keyboard.press('/');
  const find = view.getByRole('group', { name: 'Find' });
  const findText = find.getByRole('textbox', { name: 'Find text' });
  await expect(findText).toBeFocused();

  // Find: the one node with exactly that text, highlighted over the screen and selected in the tree.
  await page.keyboard.type('Shoply');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('screen-find-result')).toHaveText(
    `Found TextView 'Shoply' at [296,1812][540,2059] · ${LAUNCHER} · selected in the tree`,
  );
  await expect(page.getByTestId('screen-attributes')).toContainText('[296,1812][540,2059]');
  await expect(view.getByRole('group', { name: 'Selected node' })).toContainText(
    'Selected: [296,1812][540,2059]',
  );
  await saveScreen(page, 'screen-find-1440');

  // Not exactly that text: the refusal with its code and advice.
  await findText.fill('shoply');
  await find.getByRole('button', { name: 'Find', exact: true }).click();
  const refusal = page.getByTestId('screen-find-error');
  await expect(refusal).toContainText(
    "UI_TARGET_NOT_FOUND node not found: no node has exactly text 'shoply'",
  );
  await expect(refusal).toContainText('check the exact text (case and spacing)');
  await expect(refusal.getByRole('list', { name: 'Candidates' })).toContainText(
    'Shoply [296,1812][540,2059]',
  );

  // Tap text, refused at the strong dialog's first step: nothing is sent.
  const taps = tapsReceived();
  await findText.fill('Mail');
  await find.getByRole('button', { name: 'Tap text' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve android.tap_text?' });
  await expect(dialog.getByLabel('Exact command')).toHaveText(
    `Accessibility tap text "Mail" at ${MAIL_BOUNDS} (${LAUNCHER}; the Operator's ACTION_CLICK on the node itself (android.widget.TextView at ${MAIL_BOUNDS}))`,
  );
  await expect(dialog.getByRole('note')).toContainText('strong request');
  const answer = dialog.getByRole('group', { name: 'Answer' });
  await saveScreen(page, 'screen-tap-text-dialog-1440');
  await answer.getByRole('button', { name: 'Refuse' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('screen-action-error')).toContainText('APPROVAL_REFUSED');
  expect(tapsReceived()).toEqual(taps);

  // Wait for "Compose" (Mail's): it polls, with its progress, while the tap is approved through both steps.
  const wait = view.getByRole('group', { name: 'Wait for text' });
  await wait.getByRole('textbox', { name: 'Text to wait for' }).fill('Compose');
  await wait.getByRole('spinbutton', { name: 'Wait timeout ms' }).fill('10000');
  await wait.getByRole('button', { name: 'Wait', exact: true }).click();
  await expect(page.getByTestId('screen-wait-progress')).toContainText(
    /Waiting for ‘Compose’ · \d+\.\d s of 10\.0 s/,
  );
  await expect(wait.getByRole('progressbar', { name: 'Wait progress' })).toBeVisible();
  await find.getByRole('button', { name: 'Tap text' }).click();
  await expect(dialog).toBeVisible();
  await answer.getByRole('button', { name: 'Approve\u2026' }).click();
  const second = dialog.getByRole('group', { name: 'Second confirmation' });
  await saveScreen(page, 'screen-tap-text-confirm-1440');
  await second.getByRole('button', { name: 'Confirm and send' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('screen-action-result')).toContainText(
    `action_sent: true · operator click_node on ${MAIL_BOUNDS}`,
  );
  expect(tapsReceived()).toEqual({ inputTaps: taps.inputTaps, clicks: taps.clicks + 1 });
  await expect(page.getByTestId('screen-wait-result')).toContainText(
    /^Found ‘Compose’ after \d+ ms \(\d+ polls?\)/,
  );
  const tree = page.getByRole('list', { name: 'UI tree' });
  await expect(tree.getByRole('button', { name: /Compose/ })).toBeVisible();
  expect(phone.simulator.state.foreground.packageName).toBe('com.simmail.android');
  await saveScreen(page, 'screen-wait-found-1440');

  // Cancel: the wait for text that never comes ends at once, long before its 10 s.
  await page.setViewportSize({ width: 1024, height: 700 });
  await wait.getByRole('textbox', { name: 'Text to wait for' }).fill('Never shown');
  await wait.getByRole('button', { name: 'Wait', exact: true }).click();
  await expect(page.getByTestId('screen-wait-progress')).toBeVisible();
  await saveScreen(page, 'screen-wait-progress-1024');
  await wait.getByRole('button', { name: 'Cancel wait' }).click();
  await expect(page.getByTestId('screen-wait-result')).toContainText(
    /^Cancelled the wait for ‘Never shown’ after \d+\.\d s; the poll stopped\./,
    { timeout: 5000 },
  );
  await expect(page.getByTestId('screen-wait-progress')).toBeHidden();

  // Find again on the new screen at the smaller size; the view keeps to the window's width.
  await findText.fill('Compose');
  await findText.press('Enter');
  await expect(page.getByTestId('screen-find-result')).toContainText(
    "Found Button 'Compose' at [650,2148][1038,2295] · com.simmail.android",
  );
  // Its bounds are drawn over the live screen at the smaller size too: [650,2148][1038,2295] through the scale.
  const image = page.getByAltText(`Live screen of ${phone.serial}`);
  const box = await image.boundingBox();
  if (box === null) throw new Error('the live screen has no box');
  const drawn = await page.getByTestId('screen-selected-box').boundingBox();
  if (drawn === null) throw new Error('no bounds drawn over the screen');
  expect(Math.abs(drawn.x - (box.x + (650 / 1080) * box.width))).toBeLessThan(3);
  expect(Math.abs(drawn.y - (box.y + (2148 / 2400) * box.height))).toBeLessThan(3);
  await saveScreen(page, 'screen-find-1024');
  await noHorizontalOverflow(page);
});
