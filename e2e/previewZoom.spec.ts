// The preview grows and zooms (issue 14 defect 6): fit, 1:1, zoom in and out by buttons and keys, remembered for
// the browser session; the predicted panel is drawn over a capture WITHOUT the old panel (never a run's screenshot
// with its panel baked in), or over the device's live screen, and the preview says which background it shows.
import type { Locator, Page } from '@playwright/test';
import { launchApp } from '../src/simulator/device/navigation';
import { expect, test, useConsoleStack } from './fixtures/test';
import {
  button,
  openConsole,
  predictedBounds,
  previewRegion,
  resultColumn,
  saveScreen,
  step,
} from './helpers/console';

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

/** Mean luminance (0-255) of the device-pixel rectangle of the preview's background image (the live frame). */
function backgroundLuminance(page: Page, rect: { x: number; y: number; width: number; height: number }) {
  return screen(page)
    .locator('img')
    .evaluate(async (image: HTMLImageElement, area) => {
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d');
      if (context === null) throw new Error('no 2d context');
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(area.x, area.y, area.width, area.height);
      let sum = 0;
      for (let index = 0; index < data.length; index += 4)
        sum += 0.299 * (data[index] ?? 0) + 0.587 * (data[index + 1] ?? 0) + 0.114 * (data[index + 2] ?? 0);
      return sum / (data.length / 4);
    }, rect);
}

/** The alpha (0-255) of the preview's overlay canvas at a device pixel. */
function overlayAlpha(page: Page, point: { x: number; y: number }, display: { widthPx: number }) {
  return screen(page)
    .locator('canvas')
    .last()
    .evaluate(
      (canvas: HTMLCanvasElement, args) => {
        const scale = canvas.width / args.widthPx;
        const context = canvas.getContext('2d');
        const pixel = context?.getImageData(
          Math.round(args.x * scale),
          Math.round(args.y * scale),
          1,
          1,
        ).data;
        return pixel?.[3] ?? 0;
      },
      { ...point, widthPx: display.widthPx },
    );
}

test('the live screen as background: frames follow the device under the predicted panel, failures fall back', async ({
  page,
}) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openConsole(page, stack());
  const preview = previewRegion(page);
  const caption = preview.getByText(/^Background:/);
  const choice = preview.getByRole('radiogroup', { name: 'Background' });
  phone.simulator.state.goHome();

  await choice.getByRole('radio', { name: 'Live screen' }).check();
  await expect(caption).toHaveText('Background: the device\u2019s live screen.');
  await expect(preview.getByTestId('live-age')).toHaveText(/^live · \d+(\.\d)? s ago$/);
  await expect(screen(page).locator('img')).toHaveCount(1);
  // The frame is the device's own 1080x2400 screen: the launcher's dark wallpaper in the middle.
  const middle = { x: 100, y: 700, width: 880, height: 600 };
  await expect.poll(() => backgroundLuminance(page, middle)).toBeLessThan(120);

  // The app changes on the device: the next frames show it (Shoply's light checkout).
  expect(launchApp(phone.simulator.state, 'com.shoply.android')).toBe(true);
  await expect.poll(() => backgroundLuminance(page, middle), { timeout: 15_000 }).toBeGreaterThan(180);

  // The predicted panel is drawn over the live frame, where the preview predicts it.
  const [left, top, right, bottom] = ((await predictedBounds(page)).match(/\d+/g) ?? []).map(Number);
  if (left === undefined || top === undefined || right === undefined || bottom === undefined)
    throw new Error('no predicted bounds');
  const display = { widthPx: 1080 };
  expect(await overlayAlpha(page, { x: (left + right) / 2, y: (top + bottom) / 2 }, display)).toBeGreaterThan(
    200,
  );
  expect(await overlayAlpha(page, { x: 540, y: 1200 }, display)).toBe(0);
  await saveScreen(page, '42-preview-live-1440x900', preview);

  // A panel this console puts up is in the live frame: the preview says so rather than hiding it.
  await button(page, 'Set panel').click();
  await expect(step(resultColumn(page, phone), 'Set panel')).toContainText('succeeded');
  await expect(preview.getByTestId('live-panel-shown')).toHaveText(
    /^The live screen includes the current panel/,
  );
  await page.setViewportSize({ width: 1024, height: 700 });
  await saveScreen(page, '43-preview-live-panel-1024x700', preview);
  await button(page, 'Clear panel').click();
  await expect(step(resultColumn(page, phone), 'Clear panel')).toContainText('succeeded');
  await expect(preview.getByTestId('live-panel-shown')).toHaveCount(0);

  // Capture fails: the structured error's message, the neutral background instead, the choice kept.
  phone.simulator.faults.screencap = { delayMs: 0, fail: true };
  try {
    const problem = preview.getByTestId('live-problem');
    await expect(problem).toContainText(/^Live screen failed: /, { timeout: 15_000 });
    await expect(caption).toHaveText('Background: neutral screen (instead of the live screen).');
    await expect(screen(page).locator('img')).toHaveCount(0);
    await expect(choice.getByRole('radio', { name: 'Live screen' })).toBeChecked();
    await saveScreen(page, '44-preview-live-failed-1024x700', preview);
  } finally {
    phone.simulator.faults.screencap = { delayMs: 0, fail: false };
  }
  // It comes back by itself once capture works again.
  await expect(caption).toHaveText('Background: the device\u2019s live screen.', { timeout: 15_000 });

  // B switches to the next background (neutral) from the keyboard; the live frames stop.
  await preview.getByRole('heading', { name: 'Preview' }).click();
  await page.keyboard.press('b');
  await expect(choice.getByRole('radio', { name: 'Neutral screen' })).toBeChecked();
  await expect(screen(page).locator('img')).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  phone.simulator.state.goHome();
});
