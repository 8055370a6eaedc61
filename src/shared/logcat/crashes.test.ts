import { describe, expect, it } from 'vitest';
import { CRASH_REPORT_LINES, crashWarning, findCrashes, MAX_CRASH_ENTRIES } from './crashes';
import { parseLogLine, type LogEntry } from './entry';

const lines = (text: string): LogEntry[] =>
  text
    .trim()
    .split('\n')
    .map((line) => parseLogLine(line.trim()))
    .filter((entry): entry is LogEntry => entry !== undefined);

describe('findCrashes', () => {
  it('finds a Java crash with its package, an ANR and a native crash, in log order', () => {
    const report = findCrashes(
      lines(`
        1767225600.100  4242  4242 D AndroidRuntime: Shutting down VM
        1767225600.101  4242  4242 E AndroidRuntime: FATAL EXCEPTION: main
        1767225600.101  4242  4242 E AndroidRuntime: Process: com.example.app, PID: 4242
        1767225600.101  4242  4242 E AndroidRuntime: java.lang.IllegalStateException: boom
        1767225601.000  1000  1058 E ActivityManager: ANR in com.example.other (com.example.other/.Main)
        1767225602.000  5151  5151 F libc    : Fatal signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x0 in tid 5151 (RenderThread), pid 5151 (com.example.native)
        1767225602.500  1000  1000 I ActivityManager: Displayed com.example/.Main
      `),
    );
    expect(report.status).toBe('seen');
    expect(report.entries).toEqual([
      {
        kind: 'crash',
        time: '1767225600.101',
        pid: 4242,
        tag: 'AndroidRuntime',
        packageName: 'com.example.app',
        line: 'FATAL EXCEPTION: main',
        // The report's own continuation lines (same pid and tag), not the next report's or another process's.
        lines: [
          'FATAL EXCEPTION: main',
          'Process: com.example.app, PID: 4242',
          'java.lang.IllegalStateException: boom',
        ],
      },
      expect.objectContaining({ kind: 'anr', pid: 1000, packageName: 'com.example.other' }),
      expect.objectContaining({ kind: 'native_crash', pid: 5151, packageName: 'com.example.native' }),
    ]);
    expect(crashWarning(report)).toBe(
      '2 crashes, 1 ANR seen in the device log during the run (com.example.app, com.example.other, com.example.native)',
    );
  });

  it('sees nothing in an ordinary log, and says so without claiming absence', () => {
    const report = findCrashes(
      lines(`
        1767225600.100  4242  4242 E AndroidRuntime: not a crash header
        1767225601.000  1000  1058 I ActivityManager: ANR in com.example.other (info, not an error)
      `),
    );
    expect(report).toMatchObject({ status: 'none_seen', entries: [] });
    expect(report.caveats[0]).toMatch(/does not prove/);
    expect(crashWarning(report)).toBeNull();
  });

  it('keeps at most CRASH_REPORT_LINES of a report, skipping other processes interleaved with it', () => {
    const stack = Array.from(
      { length: CRASH_REPORT_LINES + 5 },
      (_, index) =>
        `1767225600.200  4242  4242 E AndroidRuntime: \tat com.example.Frame${index}.run(Frame.kt:1)`,
    );
    const report = findCrashes(
      lines(
        [
          '1767225600.101  4242  4242 E AndroidRuntime: FATAL EXCEPTION: main',
          '1767225600.102  1000  1000 I ActivityManager: unrelated',
          '1767225600.103  4242  4242 E AndroidRuntime: Process: com.example.app, PID: 4242',
          ...stack,
        ].join('\n'),
      ),
    );
    const [entry] = report.entries;
    expect(entry?.lines).toHaveLength(CRASH_REPORT_LINES);
    expect(entry?.lines?.slice(0, 3)).toEqual([
      'FATAL EXCEPTION: main',
      'Process: com.example.app, PID: 4242',
      '\tat com.example.Frame0.run(Frame.kt:1)',
    ]);
  });

  it('keeps at most MAX_CRASH_ENTRIES reports and counts the rest', () => {
    const many = Array.from(
      { length: MAX_CRASH_ENTRIES + 3 },
      (_, index) =>
        `1767225600.${String(index).padStart(3, '0')}  ${100 + index}  ${100 + index} E AndroidRuntime: FATAL EXCEPTION: main`,
    ).join('\n');
    const report = findCrashes(lines(many));
    expect(report.entries).toHaveLength(MAX_CRASH_ENTRIES);
    expect(report.caveats.at(-1)).toBe('3 more reports were seen and not listed.');
  });

  // A crash printed before the run (the excerpt's lead) is not the run's; a time that is not epoch seconds cannot be
  // placed and is kept.
  it('leaves out reports printed before fromEpochS, says how many, and keeps those it cannot place', () => {
    const report = findCrashes(
      lines(`
        1767225598.900  4242  4242 E AndroidRuntime: FATAL EXCEPTION: main
        1767225598.900  4242  4242 E AndroidRuntime: Process: com.example.before, PID: 4242
        1767225601.000  4343  4343 E AndroidRuntime: FATAL EXCEPTION: main
        1767225601.000  4343  4343 E AndroidRuntime: Process: com.example.during, PID: 4343
      `),
      { fromEpochS: 1767225600 },
    );
    expect(report.entries.map((entry) => entry.packageName)).toEqual(['com.example.during']);
    expect(report.caveats.at(-1)).toBe(
      "1 report printed before the run started (in the excerpt's lead) is in the log excerpt and not counted.",
    );
    const local = findCrashes(
      lines(`
        01-01 00:00:01.000  4242  4242 E AndroidRuntime: FATAL EXCEPTION: main
        01-01 00:00:01.000  4242  4242 E AndroidRuntime: Process: com.example.local, PID: 4242
      `),
      { fromEpochS: 1767225600 },
    );
    expect(local.entries.map((entry) => entry.packageName)).toEqual(['com.example.local']);
  });
});
