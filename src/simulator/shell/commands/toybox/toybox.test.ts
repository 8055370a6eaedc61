import { describe, expect, it } from 'vitest';
import { runShell } from '../../../../test-support/runShell';
import { DeviceState } from '../../../device/state';

// 2026-12-01 21:39:23 UTC; samples below follow toybox 0.8.x output on Android 14/15.
const NOW = Date.UTC(2026, 11, 1, 21, 39, 23);

function phone(timezone = 'UTC'): DeviceState {
  return new DeviceState({ now: () => NOW, properties: { 'persist.sys.timezone': timezone } });
}

async function out(state: DeviceState, line: string): Promise<string> {
  const run = await runShell(line, { state });
  return run.output.toString();
}

describe('toybox file commands', () => {
  it('mkdir -p, touch, ls -l in real columns, ls -la with . and ..', async () => {
    const state = phone();
    expect(await out(state, 'mkdir -p /data/local/tmp/a/b && touch /data/local/tmp/a/f')).toBe('');
    expect(
      await out(
        state,
        'echo hello > /data/local/tmp/a/hello.txt; touch /data/local/tmp/a/hello.txt; ls /data/local/tmp/a',
      ),
    ).toBe('b\nf\nhello.txt\n');
    expect(await out(state, 'ls -l /data/local/tmp/a')).toBe(
      'total 8\n' +
        'drwxr-xr-x 2 shell shell 3452 2026-12-01 21:39 b\n' +
        '-rw-rw-rw- 1 shell shell    0 2026-12-01 21:39 f\n' +
        '-rw-rw-rw- 1 shell shell    6 2026-12-01 21:39 hello.txt\n',
    );
    const all = (await out(state, 'ls -la /data/local/tmp/a')).split('\n');
    expect(all[1]).toMatch(/^drwxr-xr-x 2 shell shell 3452 2026-12-01 21:39 \.$/);
    expect(all[2]).toMatch(/ \.\.$/);
    expect(await out(state, 'mkdir /data/local/tmp/a')).toBe('mkdir: /data/local/tmp/a: File exists\n');
    expect(await out(state, 'mkdir /system/x')).toBe('mkdir: /system/x: Read-only file system\n');
    expect(await out(state, 'ls /nope; echo $?')).toBe('ls: /nope: No such file or directory\n1\n');
  });

  it('rm -rf removes a tree; rm of a directory without -r fails', async () => {
    const state = phone();
    await out(state, 'mkdir -p /sdcard/t/u; echo x > /sdcard/t/u/v');
    expect(await out(state, 'rm /sdcard/t; echo $?')).toBe('rm: /sdcard/t: Is a directory\n1\n');
    expect(await out(state, 'rm -rf /sdcard/t /sdcard/missing; echo $?; ls /sdcard/t')).toBe(
      '0\nls: /sdcard/t: No such file or directory\n',
    );
  });

  it('stat in toybox layout and with -c; chmod; md5sum; du -sk', async () => {
    const state = phone('Europe/Berlin');
    await out(state, 'echo hello > /data/local/tmp/f; touch /data/local/tmp/f; chmod 644 /data/local/tmp/f');
    const text = await out(state, 'stat /data/local/tmp/f');
    expect(text).toMatch(
      /^ {2}File: \/data\/local\/tmp\/f\n {2}Size: 6\t Blocks: 8\t IO Blocks: 4096\tregular file\n/,
    );
    expect(text).toContain('Access: (0644/-rw-r--r--)\tUid: ( 2000/   shell)\tGid: ( 2000/   shell)\n');
    expect(text).toContain('Modify: 2026-12-01 22:39:23.000000000 +0100\n');
    expect(await out(state, 'chmod u+x,o-r /data/local/tmp/f; stat -c "%a %s %n" /data/local/tmp/f')).toBe(
      '740 6 /data/local/tmp/f\n',
    );
    expect(await out(state, 'md5sum /data/local/tmp/f; echo -n abc | md5sum')).toBe(
      'b1946ac92492d2347c6235b4d2611184  /data/local/tmp/f\n900150983cd24fb0d6963f7d28e17f72  -\n',
    );
    expect(await out(state, 'du -sk /data/local/tmp')).toBe('8\t/data/local/tmp\n');
  });
});

describe('toybox text filters', () => {
  it('head, tail, cut, wc over stdin and files', async () => {
    const state = phone();
    await out(state, "printf 'a:1\\nb:2\\nc:3\\n' > /data/local/tmp/t");
    expect(await out(state, 'head -n 2 /data/local/tmp/t')).toBe('a:1\nb:2\n');
    expect(await out(state, 'cat /data/local/tmp/t | tail -1')).toBe('c:3\n');
    expect(await out(state, 'tail -n +2 /data/local/tmp/t')).toBe('b:2\nc:3\n');
    expect(await out(state, 'cut -d: -f2 /data/local/tmp/t')).toBe('1\n2\n3\n');
    expect(await out(state, 'echo abcdef | cut -c 2-4')).toBe('bcd\n');
    expect(await out(state, 'wc -l < /data/local/tmp/t')).toBe('3\n');
    expect(await out(state, 'wc /data/local/tmp/t')).toBe('      3       3      12 /data/local/tmp/t\n');
  });

  it('sed s///g, -n with p, addresses and d', async () => {
    const state = phone();
    expect(await out(state, "printf 'one\\ntwo\\nthree\\n' | sed 's/o/0/g'")).toBe('0ne\ntw0\nthree\n');
    expect(await out(state, "printf 'one\\ntwo\\nthree\\n' | sed -n '2p'")).toBe('two\n');
    expect(await out(state, "printf 'one\\ntwo\\nthree\\n' | sed '/two/d'")).toBe('one\nthree\n');
    expect(await out(state, "echo 'mFocus=a/b' | sed -E 's|.*=([^/]+)/(.*)|\\2 \\1|'")).toBe('b a\n');
    expect(await out(state, "printf 'x\\ny\\n' | sed -n '$p'")).toBe('y\n');
  });
});

describe('toybox system commands', () => {
  it('uname, getenforce, date in the device time zone, df -k', async () => {
    const state = phone('America/New_York');
    expect(await out(state, 'uname')).toBe('Linux\n');
    expect(await out(state, 'uname -m')).toBe('aarch64\n');
    expect(await out(state, 'uname -a')).toMatch(
      /^Linux localhost \S+-android14-\S+ #1 SMP PREEMPT .+ aarch64\n$/,
    );
    expect(await out(state, 'getenforce')).toBe('Enforcing\n');
    expect(await out(state, 'date')).toBe('Tue Dec  1 16:39:23 EST 2026\n');
    expect(await out(state, 'date -u +%Y-%m-%dT%H:%M:%S%z')).toBe('2026-12-01T21:39:23+0000\n');
    expect(await out(state, 'date +%s')).toBe(`${NOW / 1000}\n`);
    const df = (await out(state, 'df -k /data')).split('\n');
    expect(df[0]).toMatch(/^Filesystem +1K-blocks +Used +Available +Use% +Mounted on$/);
    expect(df[1]).toMatch(/^\/dev\/block\/dm-48 +115081344 +21232212 +\d+ +\d+% \/data$/);
  });
});
