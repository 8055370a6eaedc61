import { describe, expect, it } from 'vitest';
import { displayLines, logSummary } from './RunLogView';

describe('run log view', () => {
  it('shows epoch seconds as the time of day and leaves the rest of each line as read', () => {
    const at = Date.UTC(2026, 11, 2, 17, 48, 9, 447);
    const text = `${at / 1000}  1215  1215 D Tag: x 1796233689.447\nnot a log line\n`;
    const [first, second] = displayLines(text).split('\n');
    const local = new Date(at);
    expect(first).toContain(String(local.getSeconds()).padStart(2, '0'));
    expect(first).toContain('447');
    expect(first).not.toMatch(/^\d{10}\./);
    expect(first).toMatch(/ {2}1215 {2}1215 D Tag: x 1796233689\.447$/);
    expect(second).toBe('not a log line');
  });

  it('says what the log holds, or why there is none', () => {
    const base = { entries: 0, limitReached: false, redactions: 0, caveats: [] };
    expect(logSummary({ ...base, status: 'complete', file: 'logcat.txt', entries: 1, redactions: 2 })).toBe(
      '1 entry, 2 credentials redacted',
    );
    expect(
      logSummary({ ...base, status: 'complete', file: 'logcat.txt', entries: 500, limitReached: true }),
    ).toBe('500 entries, 0 credentials redacted, line limit reached (later entries left out)');
    expect(logSummary({ ...base, status: 'complete' })).toBe('No entries in the run window');
    expect(
      logSummary({ ...base, status: 'failed', error: { code: 'DEVICE_NOT_FOUND', message: 'gone' } }),
    ).toBe('Not read: DEVICE_NOT_FOUND gone');
  });
});
