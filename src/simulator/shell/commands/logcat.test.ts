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

describe('logcat before Android 7', () => {
  function legacy(sdk: string): DeviceState {
    const state = deviceWithLogs();
    state.setProperty('ro.build.version.sdk', sdk);
    return state;
  }

  it('refuses --pid at API 23 with Unrecognized Option and the usage, exit 1', async () => {
    const run = await runShell('logcat -d --pid=1234', { state: legacy('23') });
    expect(run.status).toBe(1);
    expect(run.stdout.toString()).toBe('');
    expect(run.stderr.toString()).toMatch(
      /^Unrecognized Option -\nUsage: logcat \[options\] \[filterspecs\]\n/,
    );
  });

  it('refuses --pid and -m at API 21 with getopt complaint first, exit 255', async () => {
    const run = await runShell('logcat -d --pid 1234', { state: legacy('21') });
    expect(run.status).toBe(255);
    expect(run.stderr.toString()).toMatch(/^logcat: unknown option -- -\nUnrecognized Option\nUsage: logcat/);
    const max = await runShell('logcat -d -m 5', { state: legacy('21') });
    expect(max.stderr.toString()).toMatch(/^logcat: unknown option -- m\n/);
  });

  it('refuses -v modifiers and epoch -t times, accepts threadtime and MM-DD times', async () => {
    const epoch = await runShell('logcat -d -v threadtime,epoch', { state: legacy('22') });
    expect(epoch.stderr.toString()).toMatch(/^Invalid parameter threadtime,epoch to -v\n/);
    const since = await runShell('logcat -t 1704458096.000', { state: legacy('22') });
    expect(since.stderr.toString()).toBe('-t "1704458096.000" not in "%m-%d %H:%M:%S.%q" time format\n');
    const ok = await runShell("logcat -v threadtime -t '01-05 12:34:56.790'", { state: legacy('21') });
    expect(ok.status).toBe(0);
    expect(ok.stdout.toString()).toContain('debug line');
    expect(ok.stdout.toString()).not.toContain('Start proc');
  });

  it('keeps --pid at API 24', async () => {
    const run = await runShell('logcat -d --pid=99', { state: legacy('24') });
    expect(run.status).toBe(0);
    expect(run.stdout.toString()).toContain('debug line');
    expect(run.stdout.toString()).not.toContain('Start proc');
  });
});

describe('logcat in the device time zone', () => {
  // 2027-01-01 00:00:30 in Berlin (+0100) is 2026-12-31 23:00:30 UTC.
  const NEW_YEAR = Date.UTC(2026, 11, 31, 23, 0, 30);

  function berlin(): DeviceState {
    const state = new DeviceState({
      now: () => NEW_YEAR,
      properties: { 'persist.sys.timezone': 'Europe/Berlin' },
    });
    state.appendLog({
      priority: 'I',
      tag: 'OldYear',
      message: 'before midnight',
      pid: 5,
      timeMs: NEW_YEAR - 60_000,
    });
    state.appendLog({
      priority: 'I',
      tag: 'NewYear',
      message: 'after midnight',
      pid: 5,
      timeMs: NEW_YEAR - 10_000,
    });
    return state;
  }

  it('prints threadtime in local time and -v zone with the offset; -v UTC prints UTC', async () => {
    const state = berlin();
    expect((await runShell('logcat -d -v threadtime -s NewYear', { state })).stdout.toString()).toBe(
      '--------- beginning of main\n01-01 00:00:20.000     5     5 I NewYear : after midnight\n',
    );
    expect((await runShell('logcat -d -v time,year,zone -s NewYear', { state })).stdout.toString()).toContain(
      '2027-01-01 00:00:20.000 +0100 I/NewYear',
    );
    expect((await runShell('logcat -d -v time,UTC -s NewYear', { state })).stdout.toString()).toContain(
      '12-31 23:00:20.000 I/NewYear',
    );
  });

  it('reads -t MM-DD times as local times of the current local year, as log_time::strptime does', async () => {
    const state = berlin();
    const since = await runShell("logcat -v raw -t '12-31 23:59:55.000'", { state });
    // 12-31 of 2027 (the local year) is in the future: nothing, as on a real device on New Year's day.
    expect(since.stdout.toString()).toBe('');
    const today = await runShell("logcat -v raw -t '01-01 00:00:00.000'", { state });
    expect(today.stdout.toString()).toBe('--------- beginning of main\nafter midnight\n');
  });
});
