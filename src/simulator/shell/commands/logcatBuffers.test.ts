import { createRequire } from 'node:module';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { DeviceState } from '../../device/state';
import { runShell } from '../../../test-support/runShell';

// logcat over several buffers, its output options, and -B records read by adbkit-logcat's own binary parser.

const BASE = Date.UTC(2024, 0, 5, 12, 34, 56, 789);

function device(sdk = '35'): DeviceState {
  let now = BASE;
  const state = new DeviceState({ now: () => now, properties: { 'ro.build.version.sdk': sdk } });
  const write = (entry: Parameters<DeviceState['appendLog']>[0]): void => {
    state.appendLog(entry);
    now += 1;
  };
  write({ priority: 'I', tag: 'MainTag', message: 'main one', pid: 3001, tid: 3008, uid: 10_123 });
  write({ priority: 'W', tag: 'ActivityManager', message: 'system one', pid: 1215, buffer: 'system' });
  write({
    priority: 'E',
    tag: 'AndroidRuntime',
    message: 'FATAL EXCEPTION: main',
    pid: 3001,
    buffer: 'crash',
  });
  write({
    priority: 'I',
    tag: 'battery_level',
    message: '[85,4186,291]',
    pid: 1215,
    buffer: 'events',
    event: { tagNumber: 2722, values: [{ int: 85 }, { int: 4186 }, { int: 291 }] },
  });
  write({ priority: 'D', tag: 'RILJ', message: 'radio one', pid: 1402, uid: 1001, buffer: 'radio' });
  write({ priority: 'I', tag: 'MainTag', message: 'main two', pid: 3001, tid: 3001, uid: 10_123 });
  return state;
}

const text = async (command: string, state: DeviceState): Promise<string> =>
  (await runShell(command, { state })).stdout.toString();

describe('logcat buffers', () => {
  it('reads main, system and crash by default, with a divider at the first line of each buffer', async () => {
    expect(await text('logcat -d -v brief', device())).toBe(
      [
        '--------- beginning of main',
        'I/MainTag ( 3001): main one',
        '--------- beginning of system',
        'W/ActivityManager( 1215): system one',
        '--------- beginning of crash',
        'E/AndroidRuntime( 3001): FATAL EXCEPTION: main',
        'I/MainTag ( 3001): main two',
        '',
      ].join('\n'),
    );
  });

  it('-b selects buffers (all, a list, crash) and -D marks every switch', async () => {
    const state = device();
    expect(await text('logcat -d -b crash -v tag', state)).toBe(
      '--------- beginning of crash\nE/AndroidRuntime: FATAL EXCEPTION: main\n',
    );
    const all = await text('logcat -d -b all -v tag', state);
    expect(all).toContain('--------- beginning of events\nI/battery_level: [85,4186,291]\n');
    expect(all).toContain('--------- beginning of radio\nD/RILJ    : radio one\n');
    expect(await text('logcat -d -b main -b radio -D -v tag', state)).toBe(
      [
        '--------- beginning of main',
        'I/MainTag : main one',
        '--------- beginning of radio',
        'D/RILJ    : radio one',
        '--------- switch to main',
        'I/MainTag : main two',
        '',
      ].join('\n'),
    );
  });

  it('-c clears the default buffers only; -b events -c clears events', async () => {
    const state = device();
    await runShell('logcat -c', { state });
    expect(await text('logcat -d -b all -v tag', state)).toBe(
      '--------- beginning of events\nI/battery_level: [85,4186,291]\n--------- beginning of radio\nD/RILJ    : radio one\n',
    );
    await runShell('logcat -b events -c', { state });
    expect(await text('logcat -d -b all -v tag', state)).toBe(
      '--------- beginning of radio\nD/RILJ    : radio one\n',
    );
  });

  it('-m stops after N printed lines, -e filters messages, --pid keeps one process', async () => {
    const state = device();
    expect(await text('logcat -d -m 2 -v tag', state)).toBe(
      '--------- beginning of main\nI/MainTag : main one\n--------- beginning of system\nW/ActivityManager: system one\n',
    );
    expect(await text("logcat -d -e 'one$' -v raw", state)).toBe(
      '--------- beginning of main\nmain one\n--------- beginning of system\nsystem one\n',
    );
    expect(await text('logcat -d --pid=3001 -b main -v raw', state)).toBe(
      '--------- beginning of main\nmain one\nmain two\n',
    );
    expect((await runShell('logcat -d -m 0', { state })).stderr).toBe("logcat: invalid max count '0'\n");
  });

  it('-t accepts counts, MM-DD, YYYY-MM-DD and epoch times', async () => {
    const state = device();
    const since = `${(BASE + 5) / 1000}`.padEnd(14, '0');
    expect(await text(`logcat -v raw -t ${since}`, state)).toBe('--------- beginning of main\nmain two\n');
    expect(await text("logcat -v raw -t '2024-01-05 12:34:56.794'", state)).toBe(
      '--------- beginning of main\nmain two\n',
    );
    expect(await text('logcat -v raw -t 2', state)).toBe(
      '--------- beginning of crash\nFATAL EXCEPTION: main\n--------- beginning of main\nmain two\n',
    );
  });
});

describe('ANDROID_LOG_TAGS', () => {
  it('supplies filter specs when the command line has none, as the adb CLI relies on', async () => {
    const state = device();
    expect(await text("export ANDROID_LOG_TAGS='MainTag:I *:S'; exec logcat -d -v raw", state)).toBe(
      '--------- beginning of main\nmain one\nmain two\n',
    );
    expect(await text("ANDROID_LOG_TAGS='*:S' logcat -d -v raw -b system ActivityManager:W", state)).toBe(
      '--------- beginning of system\nsystem one\n',
    );
    expect(await text("export ANDROID_LOG_TAGS=''; exec logcat -d -v raw -b crash", state)).toBe(
      '--------- beginning of crash\nFATAL EXCEPTION: main\n',
    );
  });
});

describe('logcat -v formats and modifiers', () => {
  const line = async (format: string): Promise<string> =>
    (await text(`logcat -d -b main -t 1 ${format}`, device())).split('\n')[1] ?? '';

  it('prints long, thread and process layouts', async () => {
    expect(await text('logcat -d -b main -t 1 -v long', device())).toBe(
      '--------- beginning of main\n[ 01-05 12:34:56.794  3001: 3001 I/MainTag  ]\nmain two\n\n',
    );
    expect(await line('-v thread')).toBe('I( 3001: 3001) main two');
    expect(await line('-v process')).toBe('I( 3001) main two  (MainTag)');
  });

  it('applies epoch, usec, year, zone and uid modifiers', async () => {
    expect(await line('-v threadtime -v epoch')).toBe(
      `${Math.floor((BASE + 5) / 1000)}.794  3001  3001 I MainTag : main two`,
    );
    expect(await line('-v time,usec')).toBe('01-05 12:34:56.794000 I/MainTag ( 3001): main two');
    expect(await line('-v threadtime -v year -v zone')).toBe(
      '2024-01-05 12:34:56.794 +0000  3001  3001 I MainTag : main two',
    );
    expect(await line('-v threadtime -v uid')).toBe(
      '01-05 12:34:56.794 10123  3001  3001 I MainTag : main two',
    );
    expect(await line('-v brief -v uid')).toBe('I/MainTag (10123: 3001): main two');
  });
});

describe('logcat -g', () => {
  it('reports ring buffers in the wording of the API level', async () => {
    expect(await text('logcat -g -b main', device('35'))).toMatch(
      /^main: ring buffer is 256 KiB \(\d+ KiB consumed, \d+ KiB readable\), max entry is 5120 B, max payload is 4068 B\n$/,
    );
    expect(await text('logcat -g', device('28'))).toMatch(
      /^main: ring buffer is 256Kb \(\d+Kb consumed\), max entry is 5120b, max payload is 4068b\nsystem: .*\ncrash: .*\n$/,
    );
  });
});

interface ParsedEntry {
  pid: number;
  tid: number;
  priority: number;
  tag: string;
  message: string;
  date: Date;
}

/** adbkit-logcat's binary parser (what @devicefarmer/adbkit's openLogcat uses), fed the raw -B bytes. */
function parseWithAdbkit(bytes: Buffer): ParsedEntry[] {
  const Binary = createRequire(import.meta.url)(
    '@devicefarmer/adbkit-logcat/lib/logcat/parser/binary.js',
  ) as new () => EventEmitter & {
    parse(chunk: Buffer): void;
  };
  const parser = new Binary();
  const entries: ParsedEntry[] = [];
  parser.on('entry', (entry: ParsedEntry) => entries.push({ ...entry }));
  parser.on('error', (error: Error) => {
    throw error;
  });
  parser.parse(bytes);
  return entries;
}

describe('logcat -B', () => {
  it('writes logger_entry v4 records that adbkit-logcat decodes', async () => {
    const run = await runShell("logcat -d -B '*:I'", { state: device() });
    expect(run.stdout.readUInt16LE(2)).toBe(28);
    const entries = parseWithAdbkit(run.stdout);
    expect(
      entries.map(({ pid, tid, priority, tag, message }) => ({ pid, tid, priority, tag, message })),
    ).toEqual([
      { pid: 3001, tid: 3008, priority: 4, tag: 'MainTag', message: 'main one' },
      { pid: 1215, tid: 1215, priority: 5, tag: 'ActivityManager', message: 'system one' },
      { pid: 3001, tid: 3001, priority: 6, tag: 'AndroidRuntime', message: 'FATAL EXCEPTION: main' },
      { pid: 3001, tid: 3001, priority: 4, tag: 'MainTag', message: 'main two' },
    ]);
    expect(entries[0]?.date.getTime()).toBe(BASE);
    // The uid and log id fields of the v4 header follow the timestamps.
    expect(run.stdout.readUInt32LE(20)).toBe(0);
    expect(run.stdout.readUInt32LE(24)).toBe(10_123);
  });

  it('encodes events as a tag number and a typed list', async () => {
    const bytes = (await runShell('logcat -d -B -b events', { state: device() })).stdout;
    const payload = bytes.subarray(28, 28 + bytes.readUInt16LE(0));
    expect(bytes.readUInt32LE(20)).toBe(2);
    expect(payload.readInt32LE(0)).toBe(2722);
    expect([...payload.subarray(4, 6)]).toEqual([3, 3]);
    expect([payload[6], payload.readInt32LE(7), payload[11], payload.readInt32LE(12)]).toEqual([
      0, 85, 0, 4186,
    ]);
  });
});
