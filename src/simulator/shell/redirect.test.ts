import { describe, expect, it } from 'vitest';
import { DeviceState } from '../device/state';
import { filesOf } from '../device/files';
import { runShell } from '../../test-support/runShell';

// `>`, `>>`, `<` and cat over the device's in-memory files, with the errors a shell user (uid 2000) meets.

describe('redirections to device files', () => {
  it('writes, appends and reads files under /data/local/tmp and /sdcard', async () => {
    const state = new DeviceState();
    const run = await runShell(
      'echo hi > /data/local/tmp/x; echo more >> /data/local/tmp/x; cat /data/local/tmp/x; echo s > /sdcard/s.txt',
      { state },
    );
    expect(run.stdout.toString()).toBe('hi\nmore\n');
    expect(filesOf(state).read('/sdcard/s.txt')?.data.toString()).toBe('s\n');
    expect(filesOf(state).read('/data/local/tmp/x')?.mode).toBe(0o666);
    expect(
      (await runShell('echo new > /data/local/tmp/x; cat < /data/local/tmp/x', { state })).stdout.toString(),
    ).toBe('new\n');
  });

  it('truncates on > even when the command writes nothing, and captures 2>&1', async () => {
    const state = new DeviceState();
    filesOf(state).write('/data/local/tmp/log', { data: Buffer.from('old'), mode: 0o644, mtimeSeconds: 0 });
    await runShell('true > /data/local/tmp/log; nope > /data/local/tmp/err 2>&1', { state });
    expect(filesOf(state).read('/data/local/tmp/log')?.data.length).toBe(0);
    expect(filesOf(state).read('/data/local/tmp/log')?.mode).toBe(0o644);
    expect(filesOf(state).read('/data/local/tmp/err')?.data.toString()).toBe(
      '/system/bin/sh: nope: inaccessible or not found\n',
    );
  });

  it('resolves relative targets against the directory cd chose and expands the target', async () => {
    const state = new DeviceState();
    await runShell('cd_target=/data/local/tmp; PWD=/sdcard; echo a > rel.txt; echo b > $cd_target/v.txt', {
      state,
    });
    expect(filesOf(state).read('/sdcard/rel.txt')?.data.toString()).toBe('a\n');
    expect(filesOf(state).read('/data/local/tmp/v.txt')?.data.toString()).toBe('b\n');
  });

  it('refuses read-only, forbidden and missing places like mksh', async () => {
    const errors = async (line: string): Promise<string> => (await runShell(line)).stderr;
    expect(await errors('echo x > /system/x')).toBe(
      "/system/bin/sh: can't create /system/x: Read-only file system\n",
    );
    expect(await errors('echo x > /x')).toBe("/system/bin/sh: can't create /x: Read-only file system\n");
    expect(await errors('echo x > /data/x')).toBe(
      "/system/bin/sh: can't create /data/x: Permission denied\n",
    );
    expect(await errors('echo x > /data/local/tmp/no/x')).toBe(
      "/system/bin/sh: can't create /data/local/tmp/no/x: No such file or directory\n",
    );
    expect(await errors('echo x > /sdcard')).toBe("/system/bin/sh: can't create /sdcard: Is a directory\n");
    const run = await runShell('echo x > /system/x; echo $?');
    expect(run.stdout.toString()).toBe('1\n');
  });

  it('cat reports missing files and directories like toybox, and reads stdin', async () => {
    const run = await runShell('cat /data/local/tmp/none /sdcard; echo $?');
    expect(run.stderr).toBe(
      'cat: /data/local/tmp/none: No such file or directory\ncat: /sdcard: Is a directory\n',
    );
    expect(run.stdout.toString()).toBe('1\n');
    expect((await runShell('echo piped | cat')).stdout.toString()).toBe('piped\n');
    expect((await runShell('echo piped | cat - /dev/null')).stdout.toString()).toBe('piped\n');
  });

  it('runs a script file with sh FILE and a script from stdin with sh', async () => {
    const state = new DeviceState();
    await runShell(`echo 'echo from-file $1; exit 4' > /data/local/tmp/s.sh`, { state });
    const run = await runShell('sh /data/local/tmp/s.sh arg', { state });
    expect(run.stdout.toString()).toBe('from-file arg\n');
    expect(run.status).toBe(4);
    expect((await runShell(`echo 'echo via-stdin' | sh`)).stdout.toString()).toBe('via-stdin\n');
  });
});
