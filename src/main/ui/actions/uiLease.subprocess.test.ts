// One UI writer per device across processes (issue 18): the built CLI (bin/androperator.js, another process with
// its own adb connection) holds the device's UI lease through its action's verification, while this process acts
// on the same device. This process waits its turn, and the device receives the CLI's whole action (its key and
// every verification read) before this process's key; a caller with a short wait is refused naming the holder.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ok, type Result } from '../../../shared/errors';
import { processDataPaths } from '../../../node/env/dataFolder';
import { startTestLab, type TestLab } from '../../../test-support/testLab';
import { isolatedResolver } from '../../../test-support/isolatedResolver';
import { APPROVE_ALL } from '../../approval/approval';
import { runTool } from '../../android/runTool';
import { pressBack } from './inputTools';
import { withUiLock } from './uiLock';

const BIN = join(fileURLToPath(new URL('../../../..', import.meta.url)), 'bin', 'androperator.js');
const HOME_KEY = 'shell,v2,raw:input keyevent 3';
const BACK_KEY = 'shell,v2,raw:input keyevent 4';

let lab: TestLab;
let phone = '';
const previousHome = process.env['ANDROPERATOR_HOME'];

beforeAll(async () => {
  const buildError = inject('nodeBuildError');
  if (buildError !== '') throw new Error(`the Node bundles did not build:\n${buildError}`);
  lab = await startTestLab(1);
  phone = lab.serials[0] ?? '';
  // This process and the CLI share one data folder, as the console and a terminal of one user do.
  process.env['ANDROPERATOR_HOME'] = lab.home;
});

afterAll(async () => {
  if (previousHome === undefined) delete process.env['ANDROPERATOR_HOME'];
  else process.env['ANDROPERATOR_HOME'] = previousHome;
  await lab?.stop();
});

/** `androperator ui press-home --yes` with a verification that is never met, so it holds the lease ~`holdMs`. */
function cliHoldingHome(holdMs: number) {
  const child = spawn(
    process.execPath,
    [
      BIN,
      'ui',
      'press-home',
      '--device',
      phone,
      '--yes',
      '--verification',
      JSON.stringify({ text_present: 'A text no screen shows', timeout_ms: holdMs }),
    ],
    { env: { ...process.env, ...lab.env, ANDROPERATOR_NO_DAEMON: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const done = new Promise<number | null>((resolve) => child.once('exit', resolve)).then((code) => ({
    code,
    stdout,
  }));
  return { pid: child.pid, done };
}

const services = () => lab.phones[0]!.device.received().map((entry) => entry.service);

describe('the UI lease across processes', () => {
  it('a second process waits for the first one to finish its whole action; nothing interleaves', async () => {
    const before = services().length;
    const cli = cliHoldingHome(2500);
    // The CLI has sent its key and is now observing (holding the lease).
    await vi.waitFor(() => expect(services().slice(before)).toContain(HOME_KEY), {
      timeout: 15000,
      interval: 20,
    });
    const back: Result<unknown> = await runTool(pressBack, {
      arguments: { device: phone },
      resolver: isolatedResolver(lab.adb),
      approve: APPROVE_ALL,
    });
    const exited = await cli.done;
    expect(exited.code).toBe(1);
    expect(JSON.parse(exited.stdout)).toMatchObject({ code: 'UI_VERIFICATION_FAILED' });
    expect(back).toMatchObject({ ok: true, value: { action_sent: true, command: 'input keyevent 4' } });
    const log = services().slice(before);
    const home = log.indexOf(HOME_KEY);
    const backAt = log.indexOf(BACK_KEY);
    // The CLI read the screen again after its key (its verification), all of it before this process's key.
    const cliReads = log.slice(home + 1, backAt);
    expect(
      cliReads.filter((service) => service.includes('uiautomator') || service.includes('localabstract'))
        .length,
    ).toBeGreaterThan(1);
    expect(log.slice(backAt + 1)).toEqual([]);
    expect(home).toBeLessThan(backAt);
  });

  it('a caller whose wait ends while another process holds the lease is refused naming that process', async () => {
    const before = services().length;
    const cli = cliHoldingHome(3000);
    await vi.waitFor(() => expect(services().slice(before)).toContain(HOME_KEY), {
      timeout: 15000,
      interval: 20,
    });
    let ran = false;
    const lease = {
      folder: processDataPaths('/nonexistent-home').uiLeases,
      key: `${lab.adb.client.host}:${lab.adb.client.port}/${phone}`,
    };
    const refused = await withUiLock(
      phone,
      'android.press_back',
      new AbortController().signal,
      () => {
        ran = true;
        return Promise.resolve(ok(undefined));
      },
      200,
      lease,
    );
    expect(ran).toBe(false);
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'UI_BUSY',
        details: {
          action_sent: false,
          holder_pid: cli.pid,
          holder: expect.stringContaining('android.press_home'),
        },
      },
    });
    expect(!refused.ok && refused.error.message).toContain(`process ${String(cli.pid)}, since 20`);
    await cli.done;
    expect(services().slice(before)).not.toContain(BACK_KEY);
  });
});
