// The logcat viewer in the browser console against a simulated phone: live lines, a query, a malformed query that
// keeps the list, pause/resume, redaction of an Authorization header, export read back, and an unplug ending the
// follow with its error.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test, useConsoleStack } from './fixtures/test';
import { button, openConsole, saveScreen } from './helpers/console';

function viewer(page: Page) {
  return page.getByRole('region', { name: 'Logcat', exact: true });
}

function lines(page: Page) {
  return viewer(page).getByRole('list', { name: 'Logcat lines' });
}

function status(page: Page) {
  return viewer(page).getByRole('status', { name: 'Logcat status' });
}

test.describe('logcat viewer', () => {
  const stack = useConsoleStack({ profiles: ['phone'], name: 'logcat' });

  test('follows, filters, keeps the list on a bad query, pauses, redacts, and exports', async ({ page }) => {
    const [phone] = stack().devices;
    if (phone === undefined) throw new Error('no phone');
    const log = phone.simulator.state;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openConsole(page, stack());
    await page.getByRole('tab', { name: 'Diagnostics' }).click();
    await expect(status(page)).toHaveText('Following');
    // The device really received the follow (threadtime, recent lines first).
    await expect
      .poll(() =>
        phone.simulator.device.received().some((entry) => /logcat -v threadtime -T \d+$/.test(entry.service)),
      )
      .toBe(true);

    log.appendLog({ priority: 'I', tag: 'E2eMarker', message: 'live line one' });
    await expect(lines(page).getByRole('listitem').filter({ hasText: 'live line one' })).toBeVisible();

    // A query: only the marker's lines stay.
    const query = viewer(page).getByRole('searchbox', { name: 'Query' });
    await query.fill('tag:E2eMarker');
    await expect(lines(page).getByRole('listitem')).toHaveCount(1);
    for (let index = 0; index < 120; index += 1)
      log.appendLog({ priority: index % 10 === 0 ? 'E' : 'D', tag: 'E2eMarker', message: `burst ${index}` });
    await expect(lines(page).getByRole('listitem').filter({ hasText: 'burst 119' })).toBeVisible();
    await expect(viewer(page).getByText(/^121 of [\d,]+ lines/)).toBeVisible();

    // A malformed query: the error inline, the last good filter still applied.
    await query.fill('tag:E2eMarker level:loud');
    const problem = viewer(page).getByRole('alert').filter({ hasText: 'level: must be one of' });
    await expect(problem).toContainText('still showing \u201ctag:E2eMarker\u201d');
    await expect(query).toHaveAttribute('aria-invalid', 'true');
    await expect(lines(page).getByRole('listitem').filter({ hasText: 'burst 119' })).toBeVisible();
    await expect(viewer(page).getByText(/^121 of [\d,]+ lines/)).toBeVisible();
    await saveScreen(page, 'logcat-1440-bad-query');
    await query.fill('tag:E2eMarker');
    await expect(problem).toHaveCount(0);

    // Scrolling up pauses; new lines wait; End resumes at the end.
    await lines(page).hover();
    await page.mouse.wheel(0, -600);
    await expect(status(page)).toHaveText('Paused');
    log.appendLog({ priority: 'W', tag: 'E2eMarker', message: 'arrived while paused' });
    await expect(button(page, 'Resume (1 new)')).toBeVisible();
    await expect(lines(page).getByRole('listitem').filter({ hasText: 'arrived while paused' })).toHaveCount(
      0,
    );
    await lines(page).focus();
    await page.keyboard.press('End');
    await expect(status(page)).toHaveText('Following');
    await expect(lines(page).getByRole('listitem').filter({ hasText: 'arrived while paused' })).toBeVisible();

    // Redaction is on by default, says it is best effort, and counts what it replaced.
    await expect(viewer(page).getByRole('checkbox', { name: /Redact secrets/ })).toBeChecked();
    await expect(viewer(page)).toContainText('best effort');
    log.appendLog({ priority: 'I', tag: 'E2eMarker', message: 'Authorization: Bearer e2e-secret-token' });
    const secret = lines(page).getByRole('listitem').filter({ hasText: 'Authorization:' });
    await expect(secret).toContainText('Authorization: [REDACTED]');
    await expect(secret).not.toContainText('e2e-secret-token');
    await expect(viewer(page).getByLabel('Redactions')).toHaveText(/^[1-9]\d* redacted$/);
    await saveScreen(page, 'logcat-1440-following');

    // Export: the filtered lines as a .txt the browser downloads.
    const downloading = page.waitForEvent('download');
    await button(page, 'Export .txt').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^logcat-${phone.serial.replace(/[^A-Za-z0-9._-]+/g, '_')}-\\d{8}-\\d{6}\\.txt$`),
    );
    const text = await readFile(await download.path(), 'utf8');
    expect(text).toContain('# query: tag:E2eMarker; time window: all; 123 of ');
    expect(text).toMatch(/ I E2eMarker: live line one\n/);
    expect(text).toMatch(/ W E2eMarker: arrived while paused\n/);
    expect(text).toContain('E2eMarker: Authorization: [REDACTED]');
    expect(text).not.toContain('e2e-secret-token');
    const body = text.split('\n').filter((row) => row !== '' && !row.startsWith('# '));
    expect(body).toHaveLength(123);
    expect(body.every((row) => row.includes(' E2eMarker: '))).toBe(true);

    // A preset replaces the query; Ctrl+F comes back to the query box.
    await viewer(page).getByRole('button', { name: 'Errors', exact: true }).click();
    await expect(query).toHaveValue('level:error');
    await expect(lines(page).getByRole('listitem').filter({ hasText: 'burst 110' })).toBeVisible();
    await lines(page).focus();
    await page.keyboard.press('Control+f');
    await expect(query).toBeFocused();

    await page.setViewportSize({ width: 1024, height: 700 });
    await saveScreen(page, 'logcat-1024-errors');
  });

  test('time-window presets and age: keep the recent lines by the device clock; a bad unit is an inline error', async ({
    page,
  }) => {
    const [phone] = stack().devices;
    if (phone === undefined) throw new Error('no phone');
    const log = phone.simulator.state;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openConsole(page, stack());
    await page.getByRole('tab', { name: 'Diagnostics' }).click();
    await expect(status(page)).toHaveText('Following');
    // The follow read the device clock before it opened.
    expect(phone.simulator.device.received().some((entry) => entry.service.endsWith(":date '+%s %z'"))).toBe(
      true,
    );
    const now = Date.now();
    log.appendLog({ priority: 'I', tag: 'AgeMark', message: 'ten minutes ago', timeMs: now - 600_000 });
    log.appendLog({ priority: 'I', tag: 'AgeMark', message: 'three minutes ago', timeMs: now - 180_000 });
    log.appendLog({ priority: 'I', tag: 'AgeMark', message: 'just now', timeMs: now - 1000 });
    const query = viewer(page).getByRole('searchbox', { name: 'Query' });
    const rows = lines(page).getByRole('listitem');
    await query.fill('tag:AgeMark');
    await expect(rows).toHaveCount(3);

    const windowSelect = viewer(page).getByRole('combobox', { name: 'Time window' });
    await windowSelect.selectOption({ label: 'Last 5 min' });
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'ten minutes ago' })).toHaveCount(0);
    await windowSelect.selectOption({ label: 'Last 1 min' });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('just now');
    await saveScreen(page, 'logcat-1440-last-1-min');
    await windowSelect.selectOption({ label: 'All time' });
    await expect(rows).toHaveCount(3);

    await query.fill('tag:AgeMark age:5m');
    await expect(rows).toHaveCount(2);
    // A unit Android Studio does not have: the error inline, the last good filter (age:5m) kept, not every line.
    await query.fill('tag:AgeMark age:5y');
    const problem = viewer(page).getByRole('alert').filter({ hasText: 'age: must be a positive count' });
    await expect(problem).toContainText('still showing \u201ctag:AgeMark age:5m\u201d');
    await expect(query).toHaveAttribute('aria-invalid', 'true');
    await expect(rows).toHaveCount(2);
    await saveScreen(page, 'logcat-1440-bad-age');

    await query.fill('is:crash');
    await expect(rows.filter({ hasText: 'just now' })).toHaveCount(0);
    await page.setViewportSize({ width: 1024, height: 700 });
    await query.fill('tag:AgeMark');
    await windowSelect.selectOption({ label: 'Last 15 min' });
    await expect(rows).toHaveCount(3);
    await saveScreen(page, 'logcat-1024-time-window');
  });

  test('a follow over its cap marks the skipped lines in the list and counts them', async ({ page }) => {
    const [phone] = stack().devices;
    if (phone === undefined) throw new Error('no phone');
    // This follow asks the console for a cap of 10 lines/s (the default is 25,000): a burst goes over it.
    await page.route('**/api/logcat:start', async (route) => {
      const input = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...input, maxLinesPerSecond: 10 }) });
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await openConsole(page, stack());
    await page.getByRole('tab', { name: 'Diagnostics' }).click();
    await expect(status(page)).toHaveText('Following');
    await viewer(page).getByRole('searchbox', { name: 'Query' }).fill('tag:CapBurst');
    for (let index = 0; index < 400; index += 1)
      phone.simulator.state.appendLog({ priority: 'D', tag: 'CapBurst', message: `cap burst ${index}` });
    // The newest lines still come (the oldest waiting ones are skipped), and each skip is a row saying so.
    await expect(lines(page).getByRole('listitem').filter({ hasText: 'cap burst 399' })).toBeVisible({
      timeout: 15_000,
    });
    const markers = lines(page)
      .getByRole('listitem')
      .filter({ hasText: /^[\d,]+ lines? skipped: follow is capped at 10 lines\/s$/ });
    await expect(markers.first()).toBeVisible();
    const counts = viewer(page).locator('#logcat-counts');
    await expect(counts).toContainText(/[\d,]+ skipped \(follow cap\)/);
    await expect(counts).not.toContainText('dropped');
    await saveScreen(page, 'logcat-1440-skip-marker');
    // Stopped, the export holds every row (the list shows only those in view): its skip lines add up to the count
    // it states, and no line is lost unmarked.
    await button(page, 'Stop').click();
    await expect(async () => {
      const downloading = page.waitForEvent('download');
      await button(page, 'Export .txt').click();
      const text = await readFile(await (await downloading).path(), 'utf8');
      const marked = [
        ...text.matchAll(/^# ([\d,]+) lines? skipped: follow is capped at 10 lines\/s$/gm),
      ].reduce((sum, match) => sum + Number(match[1]?.replace(/,/g, '')), 0);
      expect(text).toContain(
        `missing: ${marked} skipped by the follow's cap (marked where they were), 0 dropped`,
      );
      expect(marked).toBeGreaterThan(300);
    }).toPass({ timeout: 15_000 });
  });

  test('an unplugged device ends the follow with its error in the viewer', async ({ page }) => {
    const [phone] = stack().devices;
    if (phone === undefined) throw new Error('no phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await openConsole(page, stack());
    await page.getByRole('tab', { name: 'Diagnostics' }).click();
    await expect(status(page)).toHaveText('Following');
    await phone.simulator.device.unplug({ keepListening: false });
    await expect(status(page)).toHaveText('Ended', { timeout: 15_000 });
    const ended = viewer(page).getByRole('alert').filter({ hasText: 'The logcat follow ended' });
    await expect(ended).toBeVisible();
    await expect(ended.locator('strong')).toHaveText(/^(DEVICE_OFFLINE|DEVICE_NOT_FOUND)$/);
    await expect(button(page, 'Restart')).toBeVisible();
    await saveScreen(page, 'logcat-1440-unplugged');
  });
});
