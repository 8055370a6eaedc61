import { describe, expect, it } from 'vitest';
import { DeviceState } from '../../device/state';
import { runShell } from '../../../test-support/runShell';

describe('getprop / setprop', () => {
  it('lists every property sorted as [key]: [value] lines', async () => {
    const state = new DeviceState({ properties: { 'ro.product.model': 'Model X', 'zz.last': 'z' } });
    const text = (await runShell('getprop', { state })).stdout.toString();
    const lines = text.trimEnd().split('\n');
    expect(lines).toContain('[ro.product.model]: [Model X]');
    expect(lines.at(-1)).toBe('[zz.last]: [z]');
    expect(lines).toEqual([...lines].sort());
    expect(lines.every((line) => /^\[[^\]]+\]: \[.*\]$/.test(line))).toBe(true);
  });

  it('prints one value, an empty line for a missing key, or the given default', async () => {
    expect((await runShell('getprop ro.build.version.release')).stdout.toString()).toBe('14\n');
    expect((await runShell('getprop no.such.key')).stdout.toString()).toBe('\n');
    expect((await runShell('getprop no.such.key fallback')).stdout.toString()).toBe('fallback\n');
  });

  it('sets properties; a locale change is a configuration change; ro.* stay read-only', async () => {
    const state = new DeviceState();
    const reasons: string[] = [];
    state.on('configuration', (event) => reasons.push(event.reason));
    expect((await runShell('setprop debug.flag on && getprop debug.flag', { state })).stdout.toString()).toBe(
      'on\n',
    );
    await runShell('setprop persist.sys.locale fr-FR', { state });
    expect(state.locale).toBe('fr-FR');
    expect(reasons).toEqual(['locale']);
    const readOnly = await runShell('setprop ro.product.model Other', { state });
    expect(readOnly).toMatchObject({
      status: 1,
      stderr: "setprop: failed to set property 'ro.product.model' to 'Other'\n",
    });
    expect((await runShell('setprop only-key', { state })).status).toBe(1);
  });
});

describe('echo, id, whoami, true, false', () => {
  it('echo joins words and supports -n and -e', async () => {
    expect((await runShell('echo a  "b  c"')).stdout.toString()).toBe('a b  c\n');
    expect((await runShell('echo')).stdout.toString()).toBe('\n');
    expect((await runShell('echo -n x')).stdout.toString()).toBe('x');
    expect((await runShell("echo -e 'a\\tb\\\\n\\0101'")).stdout.toString()).toBe('a\tb\\nA\n');
    expect((await runShell("echo -e 'stop\\cignored'")).stdout.toString()).toBe('stop');
    expect((await runShell("echo 'a\\tb'")).stdout.toString()).toBe('a\\tb\n');
  });

  it('id reports the shell user', async () => {
    expect((await runShell('id')).stdout.toString()).toMatch(
      /^uid=2000\(shell\) gid=2000\(shell\) groups=2000\(shell\),.* context=u:r:shell:s0\n$/,
    );
    expect((await runShell('whoami')).stdout.toString()).toBe('shell\n');
  });

  it('true and false return 0 and 1', async () => {
    expect((await runShell('true')).status).toBe(0);
    expect((await runShell('false')).status).toBe(1);
  });
});

describe('sleep', () => {
  it('really waits, with fractions', async () => {
    const started = Date.now();
    expect((await runShell('sleep 0.05')).status).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('is capped by the device limit', async () => {
    const started = Date.now();
    await runShell('sleep 1m', { sleepCapMs: 30 });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('ends early when the stream closes', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 30);
    await runShell('sleep 5', { signal: controller.signal });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('rejects missing and malformed durations', async () => {
    expect(await runShell('sleep')).toMatchObject({ status: 1, stderr: 'sleep: Need 1 argument\n' });
    expect(await runShell('sleep soon')).toMatchObject({ status: 1, stderr: "sleep: Bad duration 'soon'\n" });
  });
});

describe('grep', () => {
  it('filters stdin with basic, extended and fixed patterns', async () => {
    expect((await runShell("getprop | grep 'ro.product.model'")).stdout.toString()).toBe(
      '[ro.product.model]: [Simulated Pixel]\n',
    );
    expect((await runShell("echo 'a+b' | grep 'a+b'")).stdout.toString()).toBe('a+b\n');
    expect((await runShell("echo 'aab' | grep -E 'a+b'")).stdout.toString()).toBe('aab\n');
    expect((await runShell("echo 'a.b' | grep -F 'a.b'")).stdout.toString()).toBe('a.b\n');
    expect((await runShell("echo 'axb' | grep -F 'a.b'")).status).toBe(1);
    expect((await runShell("echo 'ONE' | grep -i one")).stdout.toString()).toBe('ONE\n');
    expect((await runShell("echo 'one' | grep -v one")).status).toBe(1);
    expect((await runShell("echo 'one two' | grep -w tw")).status).toBe(1);
    expect((await runShell("echo 'x' | grep -e y -e x")).stdout.toString()).toBe('x\n');
    expect((await runShell("echo 'x' | grep -q x")).stdout.toString()).toBe('');
  });

  it('fails with status 2 on bad usage', async () => {
    expect((await runShell('grep')).status).toBe(2);
    expect((await runShell("grep -E '('")).status).toBe(2);
    expect(await runShell('grep x /sdcard/file')).toMatchObject({
      status: 2,
      stderr: 'grep: /sdcard/file: No such file or directory\n',
    });
    expect((await runShell('grep -Z x')).status).toBe(2);
    expect((await runShell('grep -e')).status).toBe(2);
  });
});

describe('grep on device files', () => {
  const setup =
    'mkdir -p /data/local/tmp/g/sub; echo "alpha\nbeta\nalphabet" > /data/local/tmp/g/a.txt; echo "gamma alpha" > /data/local/tmp/g/sub/b.txt; ';

  it('searches files with names before matches when there are several, -n line numbers, -h/-H', async () => {
    const one = await runShell(`${setup}grep -n alpha /data/local/tmp/g/a.txt`);
    expect(one.stdout.toString()).toBe('1:alpha\n3:alphabet\n');
    const two = await runShell(`${setup}cd /data/local/tmp/g && grep alpha a.txt sub/b.txt`);
    expect(two.stdout.toString()).toBe('a.txt:alpha\na.txt:alphabet\nsub/b.txt:gamma alpha\n');
    expect(
      (await runShell(`${setup}cd /data/local/tmp/g && grep -h beta a.txt sub/b.txt`)).stdout.toString(),
    ).toBe('beta\n');
    expect((await runShell(`${setup}grep -H beta /data/local/tmp/g/a.txt`)).stdout.toString()).toBe(
      '/data/local/tmp/g/a.txt:beta\n',
    );
  });

  it('-r walks directories; -l lists files; -c counts per file; -o prints only the match; -m stops', async () => {
    expect((await runShell(`${setup}cd /data/local/tmp && grep -r gamma g`)).stdout.toString()).toBe(
      'g/sub/b.txt:gamma alpha\n',
    );
    expect((await runShell(`${setup}cd /data/local/tmp && grep -rl alpha g`)).stdout.toString()).toBe(
      'g/a.txt\ng/sub/b.txt\n',
    );
    expect(
      (await runShell(`${setup}cd /data/local/tmp/g && grep -c alpha a.txt sub/b.txt`)).stdout.toString(),
    ).toBe('a.txt:2\nsub/b.txt:1\n');
    expect((await runShell(`${setup}grep -o 'alp[a-z]*' /data/local/tmp/g/a.txt`)).stdout.toString()).toBe(
      'alpha\nalphabet\n',
    );
    expect((await runShell(`${setup}grep -m 1 alpha /data/local/tmp/g/a.txt`)).stdout.toString()).toBe(
      'alpha\n',
    );
  });

  it('reports a missing file (status 2) but still searches the others; -s keeps quiet', async () => {
    const run = await runShell(`${setup}grep beta /nope /data/local/tmp/g/a.txt`);
    expect(run.stdout.toString()).toBe('/data/local/tmp/g/a.txt:beta\n');
    expect(run.stderr.toString()).toBe('grep: /nope: No such file or directory\n');
    expect(run.status).toBe(2);
    const quiet = await runShell('grep -s beta /nope');
    expect(quiet.stderr.toString()).toBe('');
    expect(quiet.status).toBe(2);
    expect((await runShell(`${setup}grep -q zzz /data/local/tmp/g/a.txt`)).status).toBe(1);
  });
});
