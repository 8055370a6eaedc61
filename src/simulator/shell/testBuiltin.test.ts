import { describe, expect, it } from 'vitest';
import { runShell } from '../../test-support/runShell';

// `test` and `[` as host tools use them: `[ -e PATH ] && echo __PASS__` (Appium's fileExists), string and integer
// comparisons, negation and -a/-o, with mksh's statuses (0 true, 1 false, 2 usage error).

const status = async (line: string): Promise<number> => (await runShell(line)).status;
const out = async (line: string): Promise<string> => (await runShell(line)).stdout.toString();

describe('test and [', () => {
  it("answers Appium's file-exists probe from the device's files", async () => {
    expect(await out("[ -e '/sdcard/Download' ] && echo __PASS__")).toBe('__PASS__\n');
    expect(await out("[ -e '/sdcard/nothing-here' ] && echo __PASS__")).toBe('');
    expect(
      await out(
        'echo hi > /data/local/tmp/f; [ -f /data/local/tmp/f ] && [ -s /data/local/tmp/f ] && echo yes',
      ),
    ).toBe('yes\n');
    expect(await status('[ -d /data/local/tmp/nope ]')).toBe(1);
    expect(await status('[ -f /sdcard ]')).toBe(1);
    expect(await status('[ -d /sdcard ]')).toBe(0);
    expect(await status('cd /sdcard; [ -d Download ]')).toBe(0);
    expect(await status('touch /data/local/tmp/empty; [ -s /data/local/tmp/empty ]')).toBe(1);
    expect(await status('[ -w /system/bin/sh ]')).toBe(1);
  });

  it('compares strings and integers', async () => {
    expect(await status('[ abc = abc ]')).toBe(0);
    expect(await status('[ abc != abc ]')).toBe(1);
    expect(await status('x=; [ -z "$x" ]')).toBe(0);
    expect(await status('x=1; [ -n "$x" ]')).toBe(0);
    expect(await status('[ "" ]')).toBe(1);
    expect(await status('[ word ]')).toBe(0);
    expect(await status('test 10 -gt 9')).toBe(0);
    expect(await status('test 10 -lt 9')).toBe(1);
    expect(await status('[ "$(getprop ro.build.version.sdk)" -ge 30 ]')).toBe(0);
  });

  it('negates and combines with ! -a -o and parentheses', async () => {
    expect(await status('[ ! -e /nope ]')).toBe(0);
    expect(await status('[ -d /sdcard -a -e /nope ]')).toBe(1);
    expect(await status('[ -d /sdcard -o -e /nope ]')).toBe(0);
    expect(await status('[ \\( 1 -eq 2 \\) -o a = a ]')).toBe(0);
    expect(await status('! [ -e /nope ]')).toBe(0);
  });

  it('fails with status 2 and a message on bad syntax', async () => {
    const missing = await runShell('[ -e /sdcard');
    expect(missing.status).toBe(2);
    expect(missing.stderr.toString()).toContain('[: missing ]');
    const bad = await runShell('[ abc -eq 1 ]');
    expect(bad.status).toBe(2);
    expect(bad.stderr.toString()).toContain('abc: bad number');
    expect(await status('[ ]')).toBe(1);
  });
});
