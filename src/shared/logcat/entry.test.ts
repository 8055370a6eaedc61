import { describe, expect, it } from 'vitest';
import { isLogDivider, parseLogLine } from './entry';

describe('parseLogLine', () => {
  it('reads threadtime', () => {
    expect(
      parseLogLine('12-02 13:01:10.123  1234  1256 I ActivityManager: Start proc 4321:com.example/u0a12'),
    ).toEqual({
      time: '12-02 13:01:10.123',
      epoch_ms: null,
      pid: 1234,
      tid: 1256,
      uid: null,
      priority: 'I',
      tag: 'ActivityManager',
      message: 'Start proc 4321:com.example/u0a12',
    });
  });

  it('reads padded tags, tags with colons, empty messages and CRLF', () => {
    expect(parseLogLine('12-02 13:01:10.1     1     1 I init    : starting service')).toMatchObject({
      tag: 'init',
      message: 'starting service',
    });
    expect(parseLogLine('12-02 13:01:10.01  10  11 D tag:with:colon: hi')).toMatchObject({
      tag: 'tag:with:colon',
      message: 'hi',
    });
    expect(parseLogLine('12-02 13:01:10.123456  10  11 W Tag:\r')).toMatchObject({ tag: 'Tag', message: '' });
  });

  it('places year+zone and epoch forms on the epoch', () => {
    expect(parseLogLine('2026-12-02 13:01:10.250 +0100  10  11 E Tag: boom')?.epoch_ms).toBe(
      Date.UTC(2026, 11, 2, 12, 1, 10, 250),
    );
    expect(parseLogLine('1796217670.5  10  11 E Tag: boom')).toMatchObject({
      time: '1796217670.5',
      epoch_ms: 1796217670500,
    });
  });

  it('reads the uid column, numeric or named', () => {
    expect(parseLogLine('12-02 13:01:10.123 10123  4321  4321 I App: x')).toMatchObject({
      uid: '10123',
      pid: 4321,
    });
    expect(parseLogLine('12-02 13:01:10.123  root     1     1 I init: x')).toMatchObject({
      uid: 'root',
      pid: 1,
    });
  });

  it('ignores dividers and other formats', () => {
    expect(isLogDivider('--------- beginning of main')).toBe(true);
    expect(parseLogLine('--------- beginning of main')).toBeUndefined();
    expect(parseLogLine('I/ActivityManager( 1234): brief format')).toBeUndefined();
    expect(parseLogLine('')).toBeUndefined();
  });
});
