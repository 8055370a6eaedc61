import { describe, expect, it } from 'vitest';
import type { CommandResult } from '../../../node/adb/deviceCommand';
import { missingService, overallStatus, withServiceRule } from './sections';

const result = (over: Partial<CommandResult>): CommandResult => ({
  status: 'complete',
  exit_code: 0,
  stdout: '',
  stderr: '',
  stdout_truncated: false,
  stderr_truncated: false,
  transport: 'shell_v2',
  duration_ms: 1,
  ...over,
});

describe('the missing-service rule', () => {
  it('fails a dumpsys whose service is absent, over shell v2 and over legacy shell', () => {
    expect(withServiceRule(result({ stderr: "Can't find service: ethernet\n" })).status).toBe('failed');
    expect(
      withServiceRule(result({ transport: 'shell', stdout: "Can't find service: ethernet\n" })).status,
    ).toBe('failed');
  });

  it('keeps a dump that merely mentions the phrase, and a service that printed output', () => {
    expect(missingService(result({ stdout: "log: Can't find service: x earlier\nstate ok\n" }))).toBe(false);
    expect(missingService(result({ stdout: 'Wi-Fi is enabled\n', stderr: "Can't find service: y" }))).toBe(
      false,
    );
  });
});

describe('overallStatus', () => {
  it('is complete, partial or failed from the sections', () => {
    expect(overallStatus({ a: { status: 'complete' }, b: { status: 'complete' } })).toBe('complete');
    expect(overallStatus({ a: { status: 'complete' }, b: { status: 'failed' } })).toBe('partial');
    expect(overallStatus({ a: { status: 'failed' }, b: { status: 'failed' } })).toBe('failed');
    expect(overallStatus({ a: { status: 'failed' }, b: { status: 'timed_out' } })).toBe('timed_out');
  });
});
