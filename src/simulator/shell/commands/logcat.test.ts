import { describe, expect, it } from 'vitest';
import { DeviceState } from '../../device/state';
import { runShell } from '../../../test-support/runShell';
import { formatLogEntry, formatLogTime } from './logFormat';

const BASE = Date.UTC(2024, 0, 5, 12, 34, 56, 789);

function deviceWithLogs(): DeviceState {
  let now = BASE;
  const state = new DeviceState({ now: () => now });
  state.appendLog({ priority: 'I', tag: 'ActivityManager', message: 'Start proc', pid: 1234 });
  now += 1;
  state.appendLog({ priority: 'D', tag: 'Noise', message: 'debug line', pid: 99, tid: 100 });
  now += 1;
  state.appendLog({
    priority: 'E',
    tag: 'Androperator',
    message: '[Androperator-Result] {"ok":true}\nsecond line',
    pid: 4321,
  });
  return state;
}

describe('log formats', () => {
  it('formats time as MM-DD HH:MM:SS.mmm in UTC', () => {
    expect(formatLogTime(BASE)).toBe('01-05 12:34:56.789');
  });

  it('matches logcat threadtime, time and brief layouts', () => {
    const entry = {
      timeMs: BASE,
      pid: 1234,
      tid: 1240,
      uid: 10_123,
      priority: 'W' as const,
      tag: 'Tag',
      message: 'msg',
      buffer: 'main' as const,
    };
    expect(formatLogEntry(entry, 'threadtime')).toBe('01-05 12:34:56.789  1234  1240 W Tag     : msg\n');
    expect(formatLogEntry(entry, 'time')).toBe('01-05 12:34:56.789 W/Tag     ( 1234): msg\n');
    expect(formatLogEntry(entry, 'brief')).toBe('W/Tag     ( 1234): msg\n');
    expect(formatLogEntry(entry, 'tag')).toBe('W/Tag     : msg\n');
    expect(formatLogEntry(entry, 'process')).toBe('W( 1234) msg  (Tag)\n');
    expect(formatLogEntry(entry, 'raw')).toBe('msg\n');
  });
});

describe('logcat', () => {
  it('-d dumps the buffer with the buffer banner and exits', async () => {
    const run = await runShell('logcat -d -v time', { state: deviceWithLogs() });
    expect(run.status).toBe(0);
    expect(run.stdout.toString()).toBe(
      [
        '--------- beginning of main',
        '01-05 12:34:56.789 I/ActivityManager( 1234): Start proc',
        '01-05 12:34:56.790 D/Noise   (   99): debug line',
        '01-05 12:34:56.791 E/Androperator( 4321): [Androperator-Result] {"ok":true}',
        '01-05 12:34:56.791 E/Androperator( 4321): second line',
        '',
      ].join('\n'),
    );
  });

  it('filters by priority spec, -s, and --pid', async () => {
    const state = deviceWithLogs();
    expect((await runShell('logcat -d -v tag *:W', { state })).stdout.toString()).toBe(
      '--------- beginning of main\nE/Androperator: [Androperator-Result] {"ok":true}\nE/Androperator: second line\n',
    );
    expect((await runShell('logcat -d -v tag -s Noise', { state })).stdout.toString()).toBe(
      '--------- beginning of main\nD/Noise   : debug line\n',
    );
    expect((await runShell("logcat -d -v tag 'Noise:I' '*:V' --pid=99", { state })).stdout.toString()).toBe(
      '',
    );
    expect((await runShell('logcat -d -v raw --pid 1234', { state })).stdout.toString()).toBe(
      '--------- beginning of main\nStart proc\n',
    );
  });

  it('-t N prints the last N entries and exits; -t TIME prints entries since then', async () => {
    const state = deviceWithLogs();
    expect((await runShell('logcat -v raw -t 1', { state })).stdout.toString()).toBe(
      '--------- beginning of main\n[Androperator-Result] {"ok":true}\nsecond line\n',
    );
    expect((await runShell("logcat -v raw -t '01-05 12:34:56.790'", { state })).stdout.toString()).toBe(
      '--------- beginning of main\ndebug line\n[Androperator-Result] {"ok":true}\nsecond line\n',
    );
  });

  it('-T 1 prints the last entry, streams new ones and stops when the stream closes', async () => {
    const state = deviceWithLogs();
    const controller = new AbortController();
    const running = runShell('logcat -v time -T 1', { state, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 10));
    state.appendLog({ priority: 'I', tag: 'Later', message: 'streamed', pid: 7, timeMs: BASE + 10 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    const run = await running;
    expect(run.status).toBe(0);
    expect(run.stdout.toString()).toBe(
      '--------- beginning of main\n01-05 12:34:56.791 E/Androperator( 4321): [Androperator-Result] {"ok":true}\n01-05 12:34:56.791 E/Androperator( 4321): second line\n01-05 12:34:56.799 I/Later   (    7): streamed\n',
    );
    state.appendLog({ priority: 'I', tag: 'After', message: 'not printed' });
  });

  it('-c clears the buffer', async () => {
    const state = deviceWithLogs();
    await runShell('logcat -c', { state });
    expect(state.logs()).toEqual([]);
    expect((await runShell('logcat -d', { state })).stdout.toString()).toBe('');
  });

  it('rejects unknown options, formats, buffers and filters', async () => {
    const state = deviceWithLogs();
    expect((await runShell('logcat -v fancy', { state })).stderr).toMatch(/^logcat: unknown format 'fancy'/);
    expect((await runShell('logcat -b nope', { state })).stderr).toBe("logcat: unknown buffer 'nope'\n");
    expect((await runShell('logcat -b main,system -d', { state })).status).toBe(0);
    expect((await runShell('logcat -Q', { state })).status).toBe(1);
    expect((await runShell('logcat -t', { state })).stderr).toBe('logcat: option -t needs an argument\n');
    expect((await runShell('logcat -T yesterday', { state })).stderr).toBe(
      "logcat: invalid count or time 'yesterday'\n",
    );
    expect((await runShell("logcat -d 'Tag:X'", { state })).stderr).toBe(
      "logcat: invalid filter expression 'Tag:X'\n",
    );
    expect((await runShell('logcat --pid=abc', { state })).stderr).toBe("logcat: invalid pid 'abc'\n");
  });
});
