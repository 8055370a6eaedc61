// The Diagnostics area in Chromium against simulated devices: the environment and app views show what the device
// reported, a crash made with `simctl crash` appears in the crash list with its log evidence, and the raw browser
// shows the dumpsys allow-list's refusal as the tool gave it; a Doze refresh held up by `simctl fault dumpsys delay`
// is cancelled from the view (the device sees its stream closed) and a later refresh completes. Screenshots at
// 1440x900, 1024x700 and 1024x640.
import type { Page } from '@playwright/test';
import { expect, test, useConsoleStack } from './fixtures/test';
import { deviceList, openConsole, saveScreen } from './helpers/console';
import { expectNothingClipped } from './helpers/diagnosticsLayout';

const stack = useConsoleStack({ profiles: ['phone', 'tv'], name: 'diagnostics' });

const LAUNCHER = 'com.google.android.apps.nexuslauncher';

function view(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

async function openDiagnostics(page: Page, serial: string): Promise<void> {
  await openConsole(page, stack());
  await deviceList(page).getByRole('radio', { name: serial }).check();
  await page.getByRole('tab', { name: 'Diagnostics' }).click();
  await expect(page.getByRole('heading', { name: /^Diagnostics/ })).toContainText(serial);
}

test('environment, app inspector, crash list and the raw browser on a phone', async ({ page }) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('a phone expected');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openDiagnostics(page, phone.serial);

  const environment = view(page, 'Environment');
  await expect(environment.getByRole('definition').first()).toBeVisible();
  await expect(environment.getByLabel('Device')).toContainText('Android15');
  await expect(environment.getByLabel('Device')).toContainText('API level35');
  await expect(environment.getByLabel('Device')).toContainText('arm64-v8a');
  await expect(environment.getByLabel('Memory and storage')).toContainText('Display1080x2400');
  await expect(environment.getByLabel('Memory and storage')).toContainText(/Localeen-US/);
  await expect(environment.getByLabel('Battery')).toContainText(/Battery\d+%/);
  await expect(environment.getByLabel('Status', { exact: true })).toHaveText('complete');
  await expect(environment.getByText(/^Taken at/)).toBeVisible();

  const app = view(page, 'App inspector');
  await expect(app.getByLabel('App', { exact: true })).toContainText(`Package${LAUNCHER}`);
  await expect(app.getByLabel('App', { exact: true })).toContainText('Foregroundyes');
  await expect(app.getByLabel('Process and memory')).toContainText('not readable as adb shell');
  await expect(app.getByRole('list', { name: 'Caveats' })).toContainText('storage_kb_lines');
  // A chosen package from list_android_apps.
  await app.getByLabel('App to inspect').selectOption('com.android.settings');
  await expect(app.getByLabel('App', { exact: true })).toContainText('Packagecom.android.settings');
  await expect(app.getByLabel('App', { exact: true })).toContainText('Foregroundno');

  const network = view(page, 'Network and Wi-Fi');
  await expect(network.getByRole('note')).toContainText('does not prove HTTPS');
  await expect(network.getByLabel('Default network')).toContainText('HTTPS checkedno');

  await saveScreen(page, 'diagnostics-1440');

  // A crash made on the device shows in the crash list after a refresh (R in the view), evidence expandable.
  const crashes = view(page, 'Crashes and ANRs');
  await expect(crashes.getByLabel('Status', { exact: true })).toHaveText('complete');
  const crashed = await stack().adb.adb(['-s', phone.serial, 'shell', 'simctl', 'crash', LAUNCHER]);
  expect(crashed.code).toBe(0);
  await crashes.getByRole('button', { name: 'Refresh' }).focus();
  await page.keyboard.press('r');
  const entry = crashes
    .getByRole('list', { name: 'Crash and ANR entries' })
    .getByRole('listitem')
    .filter({ hasText: LAUNCHER });
  await expect(entry.first()).toBeVisible();
  await expect(entry.first()).toContainText('crash');
  await entry
    .first()
    .getByText(/^Log evidence/)
    .click();
  await expect(entry.first().getByLabel('Log evidence')).toContainText(`Process: ${LAUNCHER}`);
  await saveScreen(page, 'diagnostics-crash-1440', crashes);

  // The raw browser refuses an action form of dumpsys with the tool's structured error, and runs a read-only one.
  const raw = view(page, 'Raw browser');
  await raw.getByLabel('Service').fill('battery');
  await raw.getByLabel('Arguments').fill('set level 0');
  await raw.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(raw.getByRole('alert')).toContainText('ANDROID_COMMAND_REFUSED');
  await expect(raw.getByRole('alert')).toContainText('Rule: android-dump-options');
  await raw.getByLabel('Arguments').fill('');
  await raw.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(raw.getByLabel('Output')).toContainText('Current Battery Service state');
  await expect(raw.getByRole('alert')).toHaveCount(0);
  await saveScreen(page, 'diagnostics-raw-1440', raw);
});

test('the dashboard fits at 1024x700 and 1024x640, and on a TV', async ({ page }) => {
  const [phone, tv] = stack().devices;
  if (phone === undefined || tv === undefined) throw new Error('a phone and a TV expected');
  // The device list is a drawer below 1200 px: pick the device wide, then narrow the window.
  await page.setViewportSize({ width: 1440, height: 900 });
  await openDiagnostics(page, phone.serial);
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(view(page, 'Storage').getByLabel('Status', { exact: true })).toHaveText('complete');
  await expect(view(page, 'Thermal and power').getByLabel('Status', { exact: true })).toHaveText('complete');
  await expectNothingClipped(page);
  await saveScreen(page, 'diagnostics-1024');
  await expect(view(page, 'Network and Wi-Fi').getByLabel('Status', { exact: true })).toHaveText('complete');
  await saveScreen(page, 'diagnostics-1024-network', view(page, 'Network and Wi-Fi'));
  await page.setViewportSize({ width: 1024, height: 640 });
  await expectNothingClipped(page);

  await page.setViewportSize({ width: 1440, height: 900 });
  await deviceList(page).getByRole('radio', { name: tv.serial }).check();
  await expect(page.getByRole('heading', { name: /^Diagnostics/ })).toContainText(tv.serial);
  await page.setViewportSize({ width: 1024, height: 700 });
  const environment = view(page, 'Environment');
  await expect(environment.getByLabel('Status', { exact: true })).toHaveText('complete');
  await expect(environment.getByLabel('Memory and storage')).toContainText('Display');
  await expectNothingClipped(page);
  await saveScreen(page, 'diagnostics-tv-1024', environment);
});

interface ClosedEarly {
  service: string;
  waitedMs: number;
  delayMs: number;
}

test('cancelling a Doze refresh held up on the device closes its stream; the next refresh completes', async ({
  page,
}) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('a phone expected');
  const shell = async (command: string): Promise<string> => {
    const run = await stack().adb.adb(['-s', phone.serial, 'shell', command]);
    expect(run.code, command).toBe(0);
    return run.stdout.toString();
  };
  const closedEarly = async (): Promise<ClosedEarly[]> =>
    (
      JSON.parse(await shell('simctl status')) as { dumpsysClosedEarly: ClosedEarly[] }
    ).dumpsysClosedEarly.filter((entry) => entry.service === 'deviceidle');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openDiagnostics(page, phone.serial);
  const doze = view(page, 'Doze');
  await expect(doze.getByLabel('Status', { exact: true })).toHaveText('complete');
  // The dashboard's first probes are all in before the device turns slow, so only the refresh below waits.
  await expect(page.locator('.diag-view .badge', { hasText: 'running' })).toHaveCount(0);
  const takenBefore = await doze.locator('.view-taken time').getAttribute('datetime');
  const closedBefore = (await closedEarly()).length;
  const delayMs = 120_000;
  await shell(`simctl fault dumpsys delay ${delayMs}`);
  try {
    const started = Date.now();
    await doze.getByRole('button', { name: 'Refresh' }).click();
    await expect(doze.getByLabel('Status', { exact: true })).toHaveText('running');
    // The device has the call (its answer is held back) before the view's Cancel is pressed.
    // (simctl received: one `ISO-time service` line per stream; the simulator runs on this machine's clock.)
    await expect
      .poll(async () =>
        (await shell('simctl received 50'))
          .split('\n')
          .some(
            (line) => line.includes('dumpsys deviceidle') && Date.parse(line.split(' ')[0] ?? '') >= started,
          ),
      )
      .toBe(true);
    await doze.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(doze.getByLabel('Status', { exact: true })).toHaveText('cancelled');
    await expect(doze.getByRole('status')).toHaveText(
      'Cancelled: the device commands were stopped; showing the answer taken before.',
    );
    await expect(doze.getByRole('alert')).toHaveCount(0);
    await expect(doze.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
    // The answer shown is the one taken before the cancelled refresh, and says so.
    await expect(doze.locator('.view-taken time')).toHaveAttribute('datetime', takenBefore ?? '');
    // The device saw the stream closed while its answer was still held back.
    await expect.poll(async () => (await closedEarly()).length).toBe(closedBefore + 1);
    const closed = (await closedEarly()).at(-1);
    expect(closed?.delayMs).toBe(delayMs);
    expect(closed?.waitedMs).toBeLessThan(Math.min(delayMs, Date.now() - started + 1));
    await saveScreen(page, 'diagnostics-cancelled-1440', doze);
    await page.setViewportSize({ width: 1024, height: 700 });
    await expect(doze.getByLabel('Status', { exact: true })).toHaveText('cancelled');
    await expectNothingClipped(page);
    await saveScreen(page, 'diagnostics-cancelled-1024', doze);
    await page.setViewportSize({ width: 1440, height: 900 });
  } finally {
    await shell('simctl fault dumpsys ok');
  }
  await doze.getByRole('button', { name: 'Refresh' }).click();
  await expect(doze.getByLabel('Status', { exact: true })).toHaveText('complete');
  await expect(doze.getByRole('status')).toHaveCount(0);
  await expect(doze.locator('.view-taken time')).not.toHaveAttribute('datetime', takenBefore ?? '');
  await expect(doze.getByLabel('Doze state')).toContainText('Deep stateACTIVE');
  expect((await closedEarly()).length).toBe(closedBefore + 1);
});
