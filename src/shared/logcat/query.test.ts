import { describe, expect, it } from 'vitest';
import { parseLogLine, type LogEntry } from './entry';
import { matchesLogQuery, parseLogQuery, queriedPackages } from './query';

function entry(line: string): LogEntry {
  const parsed = parseLogLine(line);
  if (parsed === undefined) throw new Error(`not a threadtime line: ${line}`);
  return parsed;
}

const am = entry('12-02 14:00:01.123  1000  1010 I ActivityManager: Start proc 4321:com.example.app/u0a123');
const appDebug = entry('12-02 14:00:02.000  4321  4321 D OkHttp  : --> GET https://example.com');
const crash = entry('12-02 14:00:03.000  4321  4321 E AndroidRuntime: FATAL EXCEPTION: main');
const anr = entry('12-02 14:00:04.000  1000  1010 E ActivityManager: ANR in com.example.app');
const packages = new Map([[4321, 'com.example.app']]);
const context = { packageOf: (pid: number) => packages.get(pid), nowMs: 0 };

function visible(text: string, entries: LogEntry[]): LogEntry[] {
  const query = parseLogQuery(text);
  expect(query.errors).toEqual([]);
  return entries.filter((item) => matchesLogQuery(query, item, context));
}

describe('parseLogQuery / matchesLogQuery', () => {
  const all = [am, appDebug, crash, anr];

  it('tag: and level: narrow together; level: means that level and above', () => {
    expect(visible('tag:ActivityManager level:I', all)).toEqual([am, anr]);
    expect(visible('level:error', all)).toEqual([crash, anr]);
  });

  it('-tag: negates, same-key positive terms are alternatives', () => {
    expect(visible('-tag:ActivityManager', all)).toEqual([appDebug, crash]);
    expect(visible('tag:OkHttp tag:AndroidRuntime', all)).toEqual([appDebug, crash]);
  });

  it('package: uses the pid -> package map, pid: matches exactly, bare words search messages', () => {
    expect(visible('package:com.example.app', all)).toEqual([appDebug, crash]);
    expect(visible('pid:1000', all)).toEqual([am, anr]);
    expect(visible('FATAL', all)).toEqual([crash]);
    expect(visible('message:"start proc"', all)).toEqual([am]);
    expect(queriedPackages(parseLogQuery('package:a -package:b tag:x'))).toEqual(['a']);
  });

  it('is:crash finds Java crashes and ANRs', () => {
    expect(visible('is:crash', all)).toEqual([crash, anr]);
    expect(visible('-is:crash', all)).toEqual([am, appDebug]);
  });

  it('age: keeps entries within the window of nowMs when the entry has a time', () => {
    const recent = entry('1764684000.500  1  1 I T: recent');
    const old = entry('1764683000.000  1  1 I T: old');
    const query = parseLogQuery('age:5m');
    expect(query.errors).toEqual([]);
    const now = { ...context, nowMs: 1764684010_000 };
    expect([recent, old].filter((item) => matchesLogQuery(query, item, now))).toEqual([recent]);
    expect(parseLogQuery('age:2h').terms).toEqual([{ kind: 'age', ms: 7_200_000 }]);
  });

  it('reports malformed tokens as structured errors with their offset, never throwing', () => {
    const query = parseLogQuery('tag:A level:loud age:5y pid:x is:slow tag:');
    expect(query.errors.map((error) => [error.token, error.offset])).toEqual([
      ['level:loud', 6],
      ['age:5y', 17],
      ['pid:x', 24],
      ['is:slow', 30],
      ['tag:', 38],
    ]);
    expect(query.errors[0]?.message).toMatch(/one of V, D, I, W, E, F/);
    expect(query.terms).toEqual([{ kind: 'field', key: 'tag', value: 'A', negated: false }]);
  });

  it('age: takes Android Studio units s, m, h, d; anything else is an error, never a silent match-all', () => {
    expect(parseLogQuery('age:30s age:5m age:1h age:2d').terms).toEqual([
      { kind: 'age', ms: 30_000 },
      { kind: 'age', ms: 300_000 },
      { kind: 'age', ms: 3_600_000 },
      { kind: 'age', ms: 172_800_000 },
    ]);
    for (const bad of ['age:5', 'age:5y', 'age:5M', 'age:1.5m', 'age:0m', 'age:m', '-age:5m', 'age:5 m']) {
      const query = parseLogQuery(bad);
      expect(query.errors.length, bad).toBeGreaterThan(0);
      expect(
        query.terms.some((term) => term.kind === 'age'),
        bad,
      ).toBe(false);
    }
    expect(parseLogQuery('age:5y').errors[0]?.message).toMatch(/s, m, h or d/);
  });
});
