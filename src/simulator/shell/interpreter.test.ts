import { describe, expect, it } from 'vitest';
import { DeviceState } from '../device/state';
import { runShell } from '../../test-support/runShell';
import { CommandTable } from './commandTable';
import { createDefaultCommandTable } from './defaultCommands';

describe('runCommandLine', () => {
  it('runs && only after success and || only after failure', async () => {
    expect((await runShell('true && echo yes || echo no')).stdout.toString()).toBe('yes\n');
    expect((await runShell('false && echo yes || echo no')).stdout.toString()).toBe('no\n');
    const run = await runShell('false; echo after');
    expect(run.stdout.toString()).toBe('after\n');
    expect(run.status).toBe(0);
    expect((await runShell('true && false')).status).toBe(1);
  });

  it('prints the not-found message and returns 127 for unknown commands', async () => {
    const run = await runShell('frobnicate --now');
    expect(run.stderr).toBe('/system/bin/sh: frobnicate: inaccessible or not found\n');
    expect(run.stdout.length).toBe(0);
    expect(run.status).toBe(127);
    expect((await runShell('/data/local/tmp/tool')).stderr).toBe(
      '/system/bin/sh: /data/local/tmp/tool: inaccessible or not found\n',
    );
  });

  it('runs commands named by their /system/bin path', async () => {
    expect((await runShell('/system/bin/getprop ro.build.version.sdk')).stdout.toString()).toBe('34\n');
  });

  it('discards output sent to /dev/null and applies redirections in order', async () => {
    expect((await runShell('missing 2>/dev/null; echo ok')).output.toString()).toBe('ok\n');
    expect((await runShell('echo hidden >/dev/null')).output.length).toBe(0);
    expect((await runShell('echo hidden 1>>/dev/null')).output.length).toBe(0);
    const swapped = await runShell('missing 2>&1');
    expect(swapped.stdout.toString()).toContain('inaccessible or not found');
    expect(swapped.stderr).toBe('');
    const toStderr = await runShell('echo warn >&2');
    expect(toStderr.stderr).toBe('warn\n');
    expect((await runShell('missing 2>&1 >/dev/null')).stdout.toString()).toContain('not found');
  });

  it('refuses redirections it cannot open without running the command', async () => {
    const state = new DeviceState();
    const run = await runShell('settings put system font_scale 2 > /system/out.txt', { state });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe("/system/bin/sh: can't create /system/out.txt: Read-only file system\n");
    expect(state.fontScale).toBe(1);
    expect((await runShell('getprop < /sdcard/in')).stderr).toBe(
      "/system/bin/sh: can't open /sdcard/in: No such file or directory\n",
    );
    expect((await runShell('echo x 2>&7')).stderr).toContain('7: bad file descriptor');
  });

  it('pipes buffered output into the next stage', async () => {
    const run = await runShell('dumpsys window | grep mCurrentFocus');
    expect(run.stdout.toString()).toMatch(
      /^ {2}mCurrentFocus=Window\{[0-9a-f]{7} u0 com\.android\.launcher3\/com\.android\.launcher3\.Launcher\}\n$/,
    );
    const productProperties = new DeviceState()
      .listProperties()
      .filter(([key]) => key.includes('ro.product'));
    expect((await runShell('getprop | grep -c ro.product')).stdout.toString()).toBe(
      `${productProperties.length}\n`,
    );
    expect((await runShell('echo abc | grep zzz')).status).toBe(1);
    expect((await runShell('! echo abc | grep zzz')).status).toBe(0);
  });

  it('skips leading variable assignments', async () => {
    expect((await runShell('LANG=C echo hi')).stdout.toString()).toBe('hi\n');
    expect((await runShell('A=1')).status).toBe(0);
  });

  it('runs if/elif/else and while/until loops', async () => {
    expect(
      (await runShell('if false; then echo a; elif true; then echo b; else echo c; fi')).stdout.toString(),
    ).toBe('b\n');
    expect((await runShell('if false; then echo a; fi')).status).toBe(0);
    expect((await runShell('while false; do echo never; done; echo end')).stdout.toString()).toBe('end\n');
    const state = new DeviceState();
    const until = await runShell('until getprop flag | grep -q 1; do setprop flag 1; echo set; done', {
      state,
    });
    expect(until.stdout.toString()).toBe('set\n');
  });

  it('stops a runaway loop at the iteration limit', async () => {
    const run = await runShell('while true; do true; done', { maxLoopIterations: 50 });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('/system/bin/sh: loop stopped after 50 iterations (simulator limit)\n');
  });

  it("keeps adbkit's waitBootComplete loop printing 1 until the stream is closed", async () => {
    const controller = new AbortController();
    const outputs: string[] = [];
    const state = new DeviceState();
    const running = runShell('while getprop sys.boot_completed 2>/dev/null; do sleep 1; done', {
      state,
      signal: controller.signal,
      sleepCapMs: 20,
    });
    setTimeout(() => controller.abort(), 70);
    const run = await running;
    outputs.push(run.stdout.toString());
    expect(run.status).toBe(130);
    expect(outputs[0]).toMatch(/^(1\n){2,5}$/);
  });

  it('reports syntax errors with status 1', async () => {
    const run = await runShell("echo 'unterminated");
    expect(run.status).toBe(1);
    expect(run.stderr).toBe("/system/bin/sh: unterminated quoted string (')\n");
    expect((await runShell('echo ok &')).stderr).toBe(
      '/system/bin/sh: background jobs (&) are not supported by the simulator\n',
    );
  });

  it('turns an exception in a command into status 1 with a message', async () => {
    const commands = new CommandTable([
      [
        'explode',
        () => {
          throw new Error('boom');
        },
      ],
    ]);
    const run = await runShell('explode', { commands });
    expect(run).toMatchObject({ status: 1, stderr: '/system/bin/sh: explode: simulator error: boom\n' });
  });

  it('runs registered commands and can unregister them', async () => {
    const commands = createDefaultCommandTable();
    commands.register('hello', (context) => {
      context.stdout(`hello ${context.args.join(',')}\n`);
      return 3;
    });
    expect(await runShell('hello a b', { commands })).toMatchObject({ status: 3 });
    expect((await runShell('which hello getprop', { commands })).stdout.toString()).toBe(
      '/system/bin/hello\n/system/bin/getprop\n',
    );
    expect(commands.unregister('hello')).toBe(true);
    expect((await runShell('hello', { commands })).status).toBe(127);
    expect((await runShell('which hello', { commands })).status).toBe(1);
  });

  it('does not start when already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const run = await runShell('echo never', { signal: controller.signal });
    expect(run).toMatchObject({ status: 130 });
    expect(run.output.length).toBe(0);
  });
});
