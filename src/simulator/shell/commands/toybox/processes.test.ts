import { describe, expect, it } from 'vitest';
import { runShell } from '../../../../test-support/runShell';
import { DeviceState } from '../../../device/state';

function phone(): DeviceState {
  return new DeviceState({ packages: [{ packageName: 'com.example.app', launchActivity: '.Main' }] });
}

describe('ps, pidof, top', () => {
  it('ps -A prints toybox columns with system daemons and running apps', async () => {
    const state = phone();
    await runShell('am start -n com.example.app/.Main', { state });
    const lines = (await runShell('ps -A', { state })).stdout.toString().split('\n');
    expect(lines[0]).toBe('USER            PID   PPID        VSZ    RSS WCHAN            ADDR S NAME');
    expect(lines[1]).toBe('root              1      0   10929548  11512 do_epoll_wait       0 S init');
    for (const name of [
      'system_server',
      'surfaceflinger',
      'zygote64',
      'com.android.systemui',
      'com.example.app',
    ])
      expect(lines.some((line) => line.endsWith(` ${name}`))).toBe(true);
    expect(lines.find((line) => line.endsWith(' com.example.app'))).toMatch(/^u0_a\d+ +\d+ +823 /);
    const own = (await runShell('ps', { state })).stdout.toString().trimEnd().split('\n');
    expect(own.map((line) => line.split(/ +/).pop())).toEqual(['NAME', 'sh', 'ps']);
  });

  it('pidof finds running apps; force-stop ends the process', async () => {
    const state = phone();
    await runShell('am start -n com.example.app/.Main', { state });
    const pid = (await runShell('pidof com.example.app', { state })).stdout.toString();
    expect(pid).toMatch(/^\d+\n$/);
    expect((await runShell('ps -A | grep com.example.app', { state })).stdout.toString()).toContain(
      ` ${pid.trim()} `,
    );
    await runShell('am force-stop com.example.app', { state });
    expect(await runShell('pidof com.example.app', { state })).toMatchObject({ status: 1 });
    await runShell('am start -n com.example.app/.Main', { state });
    expect((await runShell('pidof com.example.app', { state })).stdout.toString()).not.toBe(pid);
  });

  it('top -b -n 1 prints the summary and the process table', async () => {
    const lines = (await runShell('top -b -n 1', { state: phone() })).stdout.toString().split('\n');
    expect(lines[0]).toMatch(/^Tasks: \d+ total, +1 running, +\d+ sleeping, +0 stopped, +0 zombie$/);
    expect(lines[1]).toMatch(/^ {2}Mem: +\d+K total/);
    expect(lines[4]).toBe('  PID USER         PR  NI VIRT  RES  SHR S[%CPU] %MEM     TIME+ ARGS');
    expect(lines[5]).toMatch(/^ *\d+ shell +20 +0 .* R .* top -b -n 1$/);
  });

  it('API 21 lists every process in toolbox layout', async () => {
    const state = new DeviceState({ properties: { 'ro.build.version.sdk': '21' } });
    const lines = (await runShell('ps', { state })).stdout.toString().split('\n');
    expect(lines[0]).toBe('USER      PID   PPID  VSIZE  RSS  WCHAN              PC  NAME');
    expect(lines.some((line) => line.endsWith(' system_server'))).toBe(true);
  });
});
