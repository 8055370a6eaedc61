// First start and restarts of the browser console (issue 14 defects 11 and 5): the address stays the same across a
// restart (port and token kept in the data folder), an open tab reconnects by itself, the address without its token
// shows a page that says where the token is, and adb servers added by address are merged, validated and kept.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchSimulators, type Launched } from '../src/simulator/launch';
import { startIsolatedAdb, type IsolatedAdb } from '../src/test-support/isolatedAdb';
import { expect, test } from './fixtures/test';
import { ARTIFACTS, spawnConsole, type RunningConsole } from './fixtures/stack';
import { button, deviceList, saveScreen } from './helpers/console';

let adb: IsolatedAdb;
let home: string;
let launched: Launched | undefined;
let running: RunningConsole | undefined;
let serial = '';

async function startConsole(): Promise<RunningConsole> {
  running = await spawnConsole({
    env: adb.env,
    home,
    logPath: join(ARTIFACTS, 'logs', 'firstStart.console.log'),
  });
  return running;
}

test.beforeAll(async () => {
  test.info().setTimeout(60_000);
  adb = await startIsolatedAdb();
  home = await mkdtemp(join(tmpdir(), 'androperator-e2e-first-'));
  const result = await launchSimulators(
    {
      profiles: ['phone'],
      count: 1,
      adbPort: adb.port,
      adbBinary: adb.bin,
      operatorPackage: 'com.androperator.operator',
      mode: 'connect',
    },
    () => undefined,
  );
  if (!result.ok) throw new Error(`simulator did not start: ${result.error.message}`);
  launched = result.value;
  serial = launched.devices[0]?.serial ?? '';
  await startConsole();
});

test.afterAll(async () => {
  test.info().setTimeout(60_000);
  await running?.stop();
  await launched?.stop();
  await adb?.stop();
  await rm(home, { recursive: true, force: true });
});

test('the address survives a restart and the open tab reconnects by itself', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const first = running;
  if (first === undefined) throw new Error('console not running');
  await page.goto(first.url);
  const connection = page.getByRole('status', { name: 'Connection' });
  await expect(connection).toHaveText('Live');
  await expect(deviceList(page).getByRole('listitem')).toHaveCount(1);

  await first.stop();
  await expect(connection).not.toHaveText('Live');
  const second = await startConsole();
  expect(second.url).toBe(first.url);
  // No reload: the tab's event stream comes back on its own, with the token it already had.
  await expect(connection).toHaveText('Live', { timeout: 30_000 });
  await expect(deviceList(page).getByRole('listitem').filter({ hasText: serial })).toContainText('online');

  // The same address without its token: a page saying where the token is, not raw JSON.
  const stranger = await browser.newPage();
  const origin = new URL(second.url).origin;
  const answer = await stranger.goto(`${origin}/`);
  expect(answer?.status()).toBe(401);
  await expect(stranger.getByRole('heading', { name: 'This address needs its token' })).toBeVisible();
  await expect(stranger.getByText(join(home, 'console-token'), { exact: false })).toBeVisible();
  await saveScreen(stranger, '40-no-token-page');
  await stranger.close();
});

test('adb servers: the local server by address is merged, typos are refused, switches are kept across restarts', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const current = running;
  if (current === undefined) throw new Error('console not running');
  await page.goto(current.url);
  await expect(page.getByRole('status', { name: 'Connection' })).toHaveText('Live');
  await button(page, 'Settings').click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const servers = dialog.getByRole('list', { name: 'adb servers' });
  const input = dialog.getByRole('textbox', { name: 'Add adb server (host:port)' });
  const add = dialog.getByRole('button', { name: 'Add server' });

  for (const address of [`127.0.0.1:${adb.port}`, `localhost:${adb.port}`]) {
    await input.fill(address);
    await add.click();
    await expect(dialog.getByRole('status')).toHaveText(
      `${address} is the same server as the local adb server (port ${adb.port}): it is listed once, with its devices.`,
    );
  }
  await expect(servers.getByRole('listitem')).toHaveCount(1);
  // One card for the one device, not one per address of its server.
  await expect(deviceList(page).getByRole('listitem')).toHaveCount(1);

  await input.fill('foo');
  await add.click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('INVALID_SERVER_ADDRESS');
  await expect(alert).toContainText('the port is missing');
  await expect(servers.getByRole('listitem')).toHaveCount(1);

  const remote = '127.0.0.1:1';
  await input.fill(remote);
  await add.click();
  const entry = servers.getByRole('listitem').filter({ hasText: remote });
  await expect(entry).toContainText('reachable: no');
  const watch = entry.getByRole('switch', { name: `Watch ${remote}` });
  await expect(watch).toBeChecked();
  // A click, not uncheck(): the switch follows the console's answer, a moment after the click.
  await watch.click();
  await expect(watch).not.toBeChecked();
  await expect(entry).toContainText('off: not watched');
  await saveScreen(page, '41-adb-servers-merged-and-off');

  await current.stop();
  const restarted = await startConsole();
  await page.goto(restarted.url);
  await expect(page.getByRole('status', { name: 'Connection' })).toHaveText('Live');
  await button(page, 'Settings').click();
  const kept = page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('list', { name: 'adb servers' })
    .getByRole('listitem')
    .filter({ hasText: remote });
  await expect(kept).toContainText('off: not watched');
  await expect(kept.getByRole('switch', { name: `Watch ${remote}` })).not.toBeChecked();
});
