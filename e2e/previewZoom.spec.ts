// The preview grows and zooms (issue 14 defect 6): fit, 1:1, zoom in and out by buttons and keys, remembered for
// the browser session; the predicted panel is drawn over a capture WITHOUT the old panel (never a run's screenshot
// with its panel baked in), and the preview says which background it shows.
import type { Locator, Page } from '@playwright/test';
import { expect, test, useConsoleStack } from './fixtures/test';
import { button, openConsole, previewRegion, resultColumn, saveScreen, step } from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone'], name: 'previewZoom' });

function zoomBar(page: Page): Locator {
  return previewRegion(page).getByRole('toolbar', { name: 'Preview zoom' });
}

function screen(page: Page): Locator {
  return previewRegion(page).getByRole('img', { name: /^Preview of the panel on/ });
}

async function width(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('element is not rendered');
  return box.width;
}

test('fit is larger than before, 1:1 shows device pixels, keys and buttons zoom, the zoom survives a reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openConsole(page, stack());
  const readout = zoomBar(page).getByRole('status', { name: 'Zoom' });
  await expect(zoomBar(page).getByRole('button', { name: 'Fit' })).toHaveAttribute('aria-pressed', 'true');
  // The phone was ~186 px wide in a 900 px high window; fit now uses most of the height.
  expect(await width(screen(page))).toBeGreaterThan(260);
  await saveScreen(page, '36-preview-fit-1440x900', screen(page));

  await zoomBar(page).getByRole('button', { name: '1:1' }).click();
  await expect(readout).toHaveText('100%');
  // One device pixel per screen pixel (Chromium here has a pixel ratio of 1): the 1080 px wide display.
  await expect.poll(() => width(screen(page))).toBe(1080);
  await zoomBar(page).getByRole('button', { name: 'Zoom out' }).click();
  await expect(readout).toHaveText('75%');
  await expect.poll(() => width(screen(page))).toBe(810);
  await saveScreen(page, '37-preview-zoomed-1440x900', screen(page));

  // The keyboard: the stage takes focus, - and + step, 0 fits, 1 is 1:1.
  const stage = previewRegion(page).getByLabel(/^Preview screen:/);
  await stage.focus();
  await page.keyboard.press('-');
  await expect(readout).toHaveText('67%');
  await page.keyboard.press('-');
  await expect(readout).toHaveText('50%');
  await page.keyboard.press('+');
  await expect(readout).toHaveText('67%');
  await page.keyboard.press('0');
  await expect(zoomBar(page).getByRole('button', { name: 'Fit' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('1');
  await expect(zoomBar(page).getByRole('button', { name: '1:1' })).toHaveAttribute('aria-pressed', 'true');
  await zoomBar(page).getByRole('button', { name: 'Zoom out' }).click();
  await zoomBar(page).getByRole('button', { name: 'Zoom out' }).click();
  await zoomBar(page).getByRole('button', { name: 'Zoom out' }).click();
  await expect(readout).toHaveText('50%');

  // Remembered for this browser session.
  await page.reload();
  await expect(page.getByRole('status', { name: 'Connection' })).toHaveText('Live');
  await expect(zoomBar(page).getByRole('status', { name: 'Zoom' })).toHaveText('50%');
  await expect.poll(() => width(screen(page))).toBe(540);

  await page.setViewportSize({ width: 1024, height: 700 });
  await saveScreen(page, '38-preview-zoomed-1024x700', screen(page));
  const viewport = page.viewportSize()?.width ?? 0;
  const toolbarBox = await zoomBar(page).boundingBox();
  expect((toolbarBox?.x ?? 0) + (toolbarBox?.width ?? 0)).toBeLessThanOrEqual(viewport);
  await zoomBar(page).getByRole('button', { name: 'Fit' }).click();
});

test('the background is a capture without a panel, never the sequence screenshot, and says which it is', async ({
  page,
}) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openConsole(page, stack());
  const preview = previewRegion(page);
  const caption = preview.getByText(/^Background:/);

  // A sequence's screenshot has its panel baked in: the preview does not use it.
  await button(page, 'Run sequence').click();
  await expect(step(resultColumn(page, phone), 'Clear panel')).toContainText('succeeded', {
    timeout: 20_000,
  });
  await expect(caption).toHaveText('Background: neutral stand-in screen (no capture without a panel yet).');
  await expect(screen(page).locator('img')).toHaveCount(0);

  await preview.getByRole('button', { name: 'Capture screen without panel' }).click();
  await expect(caption).toHaveText(/^Background: this device\u2019s screen without a panel, captured /);
  await expect(screen(page).locator('img')).toHaveCount(1);
  // The device showed no panel while it was captured.
  expect(phone.simulator.visiblePanel).toBeNull();
  await saveScreen(page, '39-preview-background-1440x900-light', preview);

  // The neutral screen can be chosen instead, and the caption follows.
  const choice = preview.getByRole('radiogroup', { name: 'Background' });
  await choice.getByRole('radio', { name: 'Neutral screen' }).check();
  await expect(caption).toHaveText('Background: neutral screen (chosen).');
  await choice.getByRole('radio', { name: /^Screen without panel/ }).check();
  await expect(caption).toHaveText(/^Background: this device\u2019s screen without a panel/);

  // With a panel up, a capture would bake it in: the console says so and offers to clear it first.
  await button(page, 'Set panel').click();
  await expect(step(resultColumn(page, phone), 'Set panel')).toContainText('succeeded');
  expect(phone.simulator.visiblePanel).not.toBeNull();
  await preview.getByRole('button', { name: 'Capture again' }).click();
  const warning = preview.getByRole('alert');
  await expect(warning).toContainText('The device shows a panel now');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1024, height: 700 });
  await saveScreen(page, '40-preview-panel-shown-1024x700-dark', warning);
  await warning.getByRole('button', { name: 'Clear panel and capture' }).click();
  await expect.poll(() => phone.simulator.visiblePanel).toBeNull();
  // Done once the button is back from "Capturing…" with no warning left.
  await expect(preview.getByRole('button', { name: 'Capture again' })).toBeEnabled();
  await expect(preview.getByRole('alert')).toHaveCount(0);
  await expect(caption).toHaveText(/^Background: this device\u2019s screen without a panel, captured /);
  await saveScreen(page, '41-preview-background-1024x700-dark', preview);
});
