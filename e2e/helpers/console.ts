// Finding the console's parts by role and accessible name, the way a screen-reader user would.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { ARTIFACTS, type ConsoleStack, type StackDevice } from '../fixtures/stack';

/** The "Devices" list. */
export function deviceList(page: Page): Locator {
  return page.getByRole('list', { name: 'Devices', exact: true });
}

/** One device's entry in the "Devices" list. */
export function deviceEntry(page: Page, serial: string): Locator {
  return deviceList(page).getByRole('listitem').filter({ hasText: serial });
}

/** The designer target radio of a device (named by model and serial). */
export function targetRadio(page: Page, device: Pick<StackDevice, 'serial'>): Locator {
  return deviceList(page).getByRole('radio', { name: device.serial });
}

export function resultsRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Results', exact: true });
}

export function historyRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'History', exact: true });
}

/** One device's column in Results, named "<model> (<serial>)". */
export function resultColumn(page: Page, device: Pick<StackDevice, 'serial' | 'model'>): Locator {
  return resultsRegion(page).getByRole('article', { name: `${device.model} (${device.serial})` });
}

/** A step ("Set panel", "Screenshot", "Clear panel") in a result column's step list. */
export function step(column: Locator, title: string): Locator {
  return column
    .getByRole('list', { name: 'Steps' })
    .getByRole('listitem')
    .filter({ has: column.page().getByText(title, { exact: true }) });
}

/** A designer field by its visible label. */
export function field(page: Page, label: string): Locator {
  return page.getByLabel(label, { exact: true });
}

export function button(page: Page, name: string): Locator {
  return page.getByRole('button', { name, exact: true });
}

/** Opens the console, waits for the live connection and for every stack device to be listed online. */
export async function openConsole(page: Page, stack: ConsoleStack): Promise<void> {
  await page.goto(stack.url);
  await expect(page.getByRole('status', { name: 'Connection' })).toHaveText('Live');
  for (const device of stack.devices) {
    await expect(deviceEntry(page, device.serial)).toContainText('online');
  }
}

/**
 * Saves a full-page screenshot to e2e/artifacts/<name>.png (git-ignored) for a human to look at. The columns scroll
 * on their own, so `show` is scrolled into view first when the part that matters is below the fold.
 */
export async function saveScreen(page: Page, name: string, show?: Locator): Promise<void> {
  await show?.scrollIntoViewIfNeeded();
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

export function previewRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Preview', exact: true });
}

/** The preview's "Predicted bounds [l,t][r,b]" line. */
export function predictedBoundsLine(page: Page): Locator {
  return previewRegion(page).getByText(/^Predicted bounds/);
}

/** The "[l,t][r,b]" text of the preview's prediction. */
export async function predictedBounds(page: Page): Promise<string> {
  const text = (await predictedBoundsLine(page).textContent()) ?? '';
  const match = /\[\d+,\d+\]\[\d+,\d+\]/.exec(text);
  if (match === null) throw new Error(`no bounds in "${text}"`);
  return match[0];
}
