// The diagnostics tools the dashboard's purpose-made views do not show, in Chromium against a simulated phone: the
// raw browser's settings and content query modes (answers, and a malformed URI refused at its field), and the
// generic cards of top_android_apps, android_notification, android_netstats and android_logcat (background work has
// its own view: e2e/diagnosticsBackgroundWork.spec.ts), each run from its form with its status, caveats and answer (Raw JSON), and its command seen by the
// device (`simctl received`). Screenshot at 1440x900.
import type { Page } from '@playwright/test';
import { expect, test, useConsoleStack } from './fixtures/test';
import { deviceList, openConsole, saveScreen } from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone'], name: 'diagnostics-tools' });

async function openDiagnostics(page: Page, serial: string): Promise<void> {
  await openConsole(page, stack());
  await deviceList(page).getByRole('radio', { name: serial }).check();
  await page.getByRole('tab', { name: 'Diagnostics' }).click();
  await expect(page.getByRole('heading', { name: /^Diagnostics/ })).toContainText(serial);
}

function phoneSerial(): string {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('a phone expected');
  return phone.serial;
}

/** The services the phone received most recently (`simctl received`: one `ISO-time service` line each). */
async function received(): Promise<string> {
  const run = await stack().adb.adb(['-s', phoneSerial(), 'shell', 'simctl received 200']);
  expect(run.code).toBe(0);
  return run.stdout.toString();
}

test('the raw browser reads settings and content queries, and refuses a malformed URI at its field', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openDiagnostics(page, phoneSerial());
  const raw = page.getByRole('region', { name: 'Raw browser', exact: true });
  const form = raw.getByRole('form', { name: 'Raw query' });

  await form.getByLabel('Source').selectOption('settings');
  await form.getByLabel('Namespace').selectOption('global');
  await form.getByLabel('Key').fill('adb_enabled');
  await form.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(raw.getByLabel('Output')).toHaveText('1');
  await expect(raw.getByLabel('Command')).toContainText("settings get global 'adb_enabled'");

  await form.getByLabel('Source').selectOption('content');
  await form.getByLabel('URI').fill('content://settings/system');
  await form.getByLabel('Projection').fill('name,value');
  await form.getByLabel('Where').fill("name='font_scale'");
  await form.getByRole('button', { name: /^Run/ }).click();
  await expect(raw.getByLabel('Output')).toContainText('Row: 0 name=font_scale, value=1.0');
  await expect(raw.getByLabel('Command')).toContainText('Rows1');
  await expect
    .poll(received)
    .toContain("content query --uri 'content://settings/system' --projection 'name:value' --where");

  await form.getByLabel('URI').fill('content://settings/system;reboot');
  await form.getByRole('button', { name: /^Run/ }).click();
  await expect(raw.getByRole('alert').first()).toContainText('uri must start with content://');
  await expect(form.getByLabel('URI')).toHaveAttribute('aria-invalid', 'true');
  expect((await received()).split('\n').filter((line) => line.includes(';reboot'))).toEqual([]);
  await saveScreen(page, 'diagnostics-tools-raw-1440', raw);
});

test('the generic cards run top, notifications, netstats and logcat', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openDiagnostics(page, phoneSerial());
  await expect(page.getByRole('heading', { name: 'Other tools' })).toBeVisible();
  const card = (name: string) => page.getByRole('region', { name, exact: true });

  const cases: Array<[string, Record<string, string>, string, RegExp]> = [
    ['top_android_apps', { 'limit (optional)': '3' }, 'top -b -n 1 -m 3', /system_server/],
    [
      'android_notification',
      { 'package (optional)': 'com.shoply.android', 'limit (optional)': '2' },
      'dumpsys notification --noredact',
      /com\.shoply\.android/,
    ],
    ['android_netstats', { 'limit (optional)': '2' }, 'dumpsys netstats detail', /iface=/],
    ['android_logcat', { 'lines (optional)': '5', 'filter (optional)': '*:I' }, "logcat -d -t 5 '*:I'", /./],
  ];
  for (const [name, fields, command, output] of cases) {
    const tool = card(name);
    const form = tool.getByRole('form', { name: `${name} arguments` });
    for (const [label, value] of Object.entries(fields))
      await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(tool.getByLabel('Status', { exact: true }), name).toHaveText('complete');
    await expect(tool.getByText(/^Taken at/), name).toBeVisible();
    // These answers have no single stdout: the generic card shows them only as its Raw JSON.
    await tool.getByText('Raw JSON', { exact: true }).click();
    await expect(tool.getByRole('group').filter({ hasText: 'Raw JSON' }), name).toContainText(output);
    await expect.poll(received, { message: name }).toContain(command);
  }
  await expect(card('android_logcat').getByRole('list', { name: 'Caveats' })).toContainText('best effort');
  await saveScreen(page, 'diagnostics-tools-cards-1440', card('android_logcat'));
});
