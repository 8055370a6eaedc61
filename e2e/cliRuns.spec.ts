// A run the CLI makes while the console is open (issue 14 defect 8): it writes into the same data folder, and the
// open console's History shows it without Refresh, pushed as an evidence:changed event.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, test, useConsoleStack } from './fixtures/test';
import { ROOT } from './fixtures/stack';
import { historyRegion, openConsole, saveScreen } from './helpers/console';

const stack = useConsoleStack({ profiles: ['phone'], name: 'cliRuns' });

/** Runs the built CLI with the console's data folder; resolves with its exit code and stdout. */
function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'out', 'cli', 'androperator.js'), ...args], {
      cwd: ROOT,
      // Direct (not through the console's daemon), as a CLI in another terminal writing its own evidence.
      env: { ...stack().adb.env, ANDROPERATOR_HOME: stack().home, ANDROPERATOR_NO_DAEMON: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('a CLI run appears in the open History without Refresh', async ({ page }) => {
  const [phone] = stack().devices;
  if (phone === undefined) throw new Error('no phone');
  await openConsole(page, stack());
  const history = historyRegion(page);
  await expect(history.getByText('No runs yet.')).toBeVisible();

  const run = await cli([
    'sequence',
    '--text',
    'FLOW-CLI',
    '--label',
    'From the CLI',
    '--device',
    phone.serial,
  ]);
  expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);

  const entry = history.getByRole('listitem').filter({ hasText: 'From the CLI' });
  await expect(entry).toContainText('succeeded');
  await saveScreen(page, '42-cli-run-in-history', history);
});
