// Symbolic links in a simulated device's files, seen through toybox as on Android 14/15: `ls -l` shows
// `lrwxrwxrwx ... name -> target`, `stat -c %F` says `symbolic link` (lstat), and reading through a link follows it.
import { describe, expect, it } from 'vitest';
import { runShell } from '../../test-support/runShell';
import { filesOf } from './files';
import { DeviceState } from './state';

// 2026-12-01 21:39:23 UTC
const NOW = Date.UTC(2026, 11, 1, 21, 39, 23);
const SECONDS = Math.floor(NOW / 1000);

function phone(): DeviceState {
  const state = new DeviceState({ now: () => NOW, properties: { 'persist.sys.timezone': 'UTC' } });
  const files = filesOf(state);
  files.write('/data/local/tmp/real.pftrace', {
    data: Buffer.from('hello\n'),
    mode: 0o644,
    mtimeSeconds: SECONDS,
  });
  files.symlink('/data/local/tmp/link.pftrace', '/data/local/tmp/real.pftrace', SECONDS);
  files.symlink('/data/local/tmp/relative', 'real.pftrace', SECONDS);
  files.symlink('/data/local/tmp/dangling', '/data/local/tmp/gone', SECONDS);
  files.symlink('/data/local/tmp/loop', '/data/local/tmp/loop', SECONDS);
  return state;
}

async function out(state: DeviceState, line: string): Promise<string> {
  return (await runShell(line, { state })).output.toString();
}

describe('symbolic links on a simulated device', () => {
  it('ls -l shows each link as l... name -> target, beside the real file', async () => {
    expect(await out(phone(), 'ls -l /data/local/tmp')).toBe(
      'total 4\n' +
        'lrwxrwxrwx 1 shell shell 20 2026-12-01 21:39 dangling -> /data/local/tmp/gone\n' +
        'lrwxrwxrwx 1 shell shell 28 2026-12-01 21:39 link.pftrace -> /data/local/tmp/real.pftrace\n' +
        'lrwxrwxrwx 1 shell shell 20 2026-12-01 21:39 loop -> /data/local/tmp/loop\n' +
        '-rw-r--r-- 1 shell shell  6 2026-12-01 21:39 real.pftrace\n' +
        'lrwxrwxrwx 1 shell shell 12 2026-12-01 21:39 relative -> real.pftrace\n',
    );
  });

  it("stat does not follow a link: %F is 'symbolic link', %s the target's length, %A starts with l", async () => {
    const state = phone();
    expect(
      await out(state, "stat -c '%F|%s|%A' /data/local/tmp/link.pftrace /data/local/tmp/real.pftrace"),
    ).toBe('symbolic link|28|lrwxrwxrwx\nregular file|6|-rw-r--r--\n');
    expect(await out(state, "stat -c '%F' /data/local/tmp/dangling")).toBe('symbolic link\n');
  });

  it('reading through a link follows it (absolute and relative); dangling and looping links read nothing', async () => {
    const state = phone();
    expect(await out(state, 'cat /data/local/tmp/link.pftrace /data/local/tmp/relative')).toBe(
      'hello\nhello\n',
    );
    const files = filesOf(state);
    expect(files.read('/data/local/tmp/dangling')).toBeUndefined();
    expect(files.read('/data/local/tmp/loop')).toBeUndefined();
  });

  it('rm removes the link, not its target', async () => {
    const state = phone();
    expect(await out(state, 'rm /data/local/tmp/link.pftrace; echo $?')).toBe('0\n');
    expect(await out(state, 'ls /data/local/tmp')).toBe('dangling\nloop\nreal.pftrace\nrelative\n');
  });
});
