import { describe, expect, it } from 'vitest';
import { runShell } from '../../test-support/runShell';
import { anrApp, crashApp } from './appFaults';
import { dropboxOf } from './dropbox';
import { DeviceState } from './state';

// Apps as processes: pids in ps/pidof, a :remote service process, force-stop, crash and ANR as Android logs them.

const MAIL = 'com.simmail.android';
const SHOP = 'com.shoply.android';

function phone(sdk = '35'): DeviceState {
  return new DeviceState({
    properties: { 'ro.build.version.sdk': sdk },
    packages: [
      { packageName: MAIL, launchActivity: '.InboxActivity' },
      { packageName: SHOP, launchActivity: '.CheckoutActivity' },
    ],
  });
}

const sh = async (state: DeviceState, command: string): Promise<{ out: string; status: number }> => {
  const run = await runShell(command, { state });
  return { out: run.stdout.toString(), status: run.status };
};

describe('app processes', () => {
  it('a started app runs a main and a :remote process, listed by ps -A and pidof, and logged by ActivityManager', async () => {
    const state = phone();
    await sh(state, `am start -n ${MAIL}/.InboxActivity`);
    const main = Number((await sh(state, `pidof ${MAIL}`)).out);
    const remote = Number((await sh(state, `pidof ${MAIL}:remote`)).out);
    expect(main).toBeGreaterThan(0);
    expect(remote).toBeGreaterThan(main);
    const ps = (await sh(state, 'ps -A')).out;
    expect(ps).toMatch(new RegExp(`^u0_a\\d+ +${main} +823 .* ${MAIL}$`, 'm'));
    expect(ps).toMatch(new RegExp(`^u0_a\\d+ +${remote} +823 .* ${MAIL}:remote$`, 'm'));
    expect((await sh(state, 'top -b -n 1')).out).toContain(` ${MAIL}:remote\n`);
    const system = (await sh(state, 'logcat -d -b system -v brief ActivityManager:I *:S')).out;
    expect(system).toContain(`I/ActivityManager( 1215): Start proc ${main}:${MAIL}/u0a`);
    expect(system).toContain(`Start proc ${remote}:${MAIL}:remote/u0a`);
    expect((await sh(state, 'logcat -d -b events -v tag')).out).toMatch(
      new RegExp(`I/am_proc_start: \\[0,${main},10\\d{3},${MAIL},top-activity,\\{${MAIL}\\}\\]`),
    );
  });

  it('am force-stop ends both processes and the next start has new pids', async () => {
    const state = phone();
    await sh(state, `am start -n ${MAIL}/.InboxActivity`);
    const before = (await sh(state, `pidof ${MAIL} ${MAIL}:remote`)).out;
    await sh(state, `am force-stop ${MAIL}`);
    expect(await sh(state, `pidof ${MAIL}:remote`)).toEqual({ out: '', status: 1 });
    expect((await sh(state, 'logcat -d -b system -v tag')).out).toContain(
      `I/ActivityManager: Force stopping ${MAIL}`,
    );
    await sh(state, `am start -n ${MAIL}/.InboxActivity`);
    const after = (await sh(state, `pidof ${MAIL} ${MAIL}:remote`)).out;
    expect(after).not.toBe('');
    for (const pid of after.trim().split(' ')) expect(before.trim().split(' ')).not.toContain(pid);
  });
});

describe('crashApp', () => {
  it('prints FATAL EXCEPTION in the crash buffer, writes data_app_crash, and the app restarts with a new pid', async () => {
    const state = phone();
    await sh(state, `am start -n ${SHOP}/.CheckoutActivity`);
    const pid = Number((await sh(state, `pidof ${SHOP}`)).out);
    expect(crashApp(state, SHOP)).toEqual({ ok: true, pid });
    const crash = (await sh(state, 'logcat -d -b crash -v threadtime')).out.split('\n');
    expect(crash[0]).toBe('--------- beginning of crash');
    const prefix = new RegExp(
      `^\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3} +${pid} +${pid} E AndroidRuntime: `,
    );
    expect(crash[1]).toMatch(prefix);
    expect(crash.slice(1, 4).map((line) => line.replace(prefix, ''))).toEqual([
      'FATAL EXCEPTION: main',
      `Process: ${SHOP}, PID: ${pid}`,
      'java.lang.IllegalStateException: Simulated crash',
    ]);
    expect(crash[4]?.replace(prefix, '')).toBe(
      `\tat ${SHOP}.CheckoutActivity.onClick(CheckoutActivity.kt:42)`,
    );
    expect(state.foreground.packageName).not.toBe(SHOP);
    expect((await sh(state, `pidof ${SHOP}`)).status).toBe(1);
    expect((await sh(state, 'logcat -d -b system -v tag')).out).toContain(
      `W/ActivityTaskManager:   Force finishing activity ${SHOP}/.CheckoutActivity`,
    );
    const [entry] = dropboxOf(state).list('data_app_crash');
    expect(entry?.text).toMatch(new RegExp(`^Process: ${SHOP}\nPID: ${pid}\nUID: 10\\d{3}\n`));
    expect(entry?.text).toContain('\njava.lang.IllegalStateException: Simulated crash\n\tat ');
    await sh(state, `am start -n ${SHOP}/.CheckoutActivity`);
    const restarted = Number((await sh(state, `pidof ${SHOP}`)).out);
    expect(restarted).toBeGreaterThan(0);
    expect(restarted).not.toBe(pid);
  });

  it("restarts a crashed app's :remote service at once with a new pid", async () => {
    const state = phone();
    await sh(state, `am start -n ${MAIL}/.InboxActivity`);
    const remote = (await sh(state, `pidof ${MAIL}:remote`)).out;
    crashApp(state, MAIL, { exception: 'java.lang.NullPointerException', message: 'boom' });
    const after = (await sh(state, `pidof ${MAIL}:remote`)).out;
    expect(after).not.toBe('');
    expect(after).not.toBe(remote);
    expect((await sh(state, `logcat -d -b crash -v raw`)).out).toContain(
      'java.lang.NullPointerException: boom\n',
    );
  });

  it('refuses an app that is not running', () => {
    expect(crashApp(phone(), SHOP)).toEqual({ ok: false, reason: `${SHOP} is not running` });
  });
});

describe('anrApp', () => {
  it('logs ANR in ... from ActivityManager in the system buffer and writes /data/anr/anr_<time>', async () => {
    const state = phone();
    await sh(state, `am start -n ${SHOP}/.CheckoutActivity`);
    const pid = Number((await sh(state, `pidof ${SHOP}`)).out);
    expect(anrApp(state, SHOP)).toEqual({ ok: true, pid });
    const system = (await sh(state, 'logcat -d -b system -v brief ActivityManager:E *:S')).out.split('\n');
    expect(system.slice(1, 4)).toEqual([
      `E/ActivityManager( 1215): ANR in ${SHOP} (${SHOP}/.CheckoutActivity)`,
      `E/ActivityManager( 1215): PID: ${pid}`,
      expect.stringMatching(/^E\/ActivityManager\( 1215\): Reason: Input dispatching timed out \(/),
    ]);
    expect(system).toContain('E/ActivityManager( 1215): Load: 1.52 / 0.88 / 0.61');
    const listing = (await sh(state, 'ls /data/anr')).out;
    expect(listing).toMatch(/^anr_\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d-\d{3}\n$/);
    const traces = (await sh(state, `cat /data/anr/${listing.trim()}`)).out;
    expect(traces).toMatch(new RegExp(`^----- pid ${pid} at `));
    expect(traces).toContain(`"main" prio=5 tid=1 Sleeping\n`);
    expect(traces).toContain(`----- end ${pid} -----`);
    expect(dropboxOf(state).list('data_app_anr')[0]?.text).toContain(`ANR in ${SHOP}`);
    expect((await sh(state, `pidof ${SHOP}`)).out).toBe(`${pid}\n`);
  });

  it('writes /data/anr/traces.txt before API 28', async () => {
    const state = phone('27');
    await sh(state, `am start -n ${SHOP}/.CheckoutActivity`);
    anrApp(state, SHOP);
    expect((await sh(state, 'ls /data/anr')).out).toBe('traces.txt\n');
  });
});
