// `androperator android logcat` and `android background-work` as users run them: the built CLI against a simulated
// phone over an isolated adb server; JSON on stdout, exit 1 on failure, and what the phone received.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runBuiltCli } from '../test-support/builtCli';
import { startTestLab, type TestLab } from '../test-support/testLab';
import { processesOf } from '../simulator/device/processes';

let lab: TestLab;

const cli = (argv: readonly string[]) => runBuiltCli(argv, { ...lab.env, ANDROPERATOR_NO_DAEMON: '1' });

const phone = () => {
  const sim = lab.phones[0];
  if (sim === undefined) throw new Error('no simulated phone');
  return sim;
};
const received = (): string[] =>
  phone()
    .device.received()
    .map((entry) => entry.service);

beforeAll(async () => {
  const buildError = inject('nodeBuildError');
  if (buildError !== '') throw new Error(`the CLI bundle did not build:\n${buildError}`);
  lab = await startTestLab(1);
});

afterAll(async () => {
  await lab?.stop();
});

describe('androperator android logcat (subprocess)', () => {
  it('reads the window of a package with the since/lines/filter flags, as JSON', async () => {
    const state = phone().device.state;
    const pkg = state.foreground.packageName;
    const pid = processesOf(state).pidOf(pkg) ?? 0;
    state.appendLog({ priority: 'D', tag: 'MyTag', message: 'token=abc123 refreshed', pid, tid: pid });
    state.appendLog({ priority: 'V', tag: 'MyTag', message: 'verbose, filtered out', pid, tid: pid });
    const run = await cli([
      'android',
      'logcat',
      '--package',
      pkg,
      '--since-secs',
      '120',
      '--lines',
      '200',
      '--filter',
      'MyTag:D *:S',
    ]);
    expect(run.code).toBe(0);
    const value = JSON.parse(run.stdout) as {
      entries: Array<{ tag: string; priority: string; message: string; pid: number }>;
      cutoff: { device_epoch_s: number; cutoff_epoch_s: number };
    };
    expect(value).toMatchObject({
      kind: 'logcat',
      scope: 'package',
      package: pkg,
      pid,
      limits: { lines: 200, since_secs: 120 },
      limit_reached: false,
      redacted: true,
      redactions: 1,
    });
    expect(value.entries.map((entry) => [entry.tag, entry.priority, entry.pid])).toEqual([
      ['MyTag', 'D', pid],
    ]);
    expect(value.entries[0]?.message).not.toContain('abc123');
    expect(value.cutoff.device_epoch_s - value.cutoff.cutoff_epoch_s).toBe(120);
    expect(received()).toContain(`shell,v2,raw:pidof '${pkg}'`);
    expect(received()).toContain(
      `shell,v2,raw:logcat -d -v threadtime,epoch -t ${value.cutoff.cutoff_epoch_s}.000 --pid=${pid} -m 200 'MyTag:D' '*:S'`,
    );
  });

  it('exits 1 with NOT_FOUND for a package that is not running, and reads no log', async () => {
    const before = received().length;
    const run = await cli(['android', 'logcat', '--package', 'com.example.notrunning', '--lines', '20']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      code: 'NOT_FOUND',
      details: { package: 'com.example.notrunning', reason: 'not_running' },
    });
    // The CLI also asks the device its properties when it connects; of the tool's commands only pidof went.
    const sent = received().slice(before);
    expect(sent).toContain("shell,v2,raw:pidof 'com.example.notrunning'");
    expect(sent.filter((service) => service.includes('logcat'))).toEqual([]);
  });

  it('exits 1 with INVALID_ARGUMENTS for a command option passed as a filter, and sends nothing', async () => {
    const before = received().length;
    const run = await cli(['android', 'logcat', '--filter', '-c']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      code: 'INVALID_ARGUMENTS',
      message: expect.stringContaining('filter must be filter specs') as unknown,
    });
    expect(received().length).toBe(before);
  });

  it('exits 1 with the status and stderr when logcat fails on the device', async () => {
    const original = phone().device.commands.get('logcat');
    phone().device.commands.register('logcat', (context) => {
      context.stderr('logcat: failed to read from logd: Connection refused\n');
      return 1;
    });
    try {
      const run = await cli(['android', 'logcat', '--lines', '5']);
      expect(run.code).toBe(1);
      expect(JSON.parse(run.stdout)).toMatchObject({
        code: 'ANDROID_COMMAND_FAILED',
        details: { command: 'logcat -d -t 5', status: 'failed', exit_code: 1 },
      });
    } finally {
      if (original !== undefined) phone().device.commands.register('logcat', original);
    }
  });
});

describe('androperator android background-work (subprocess)', () => {
  it('prints the four sections for a package with --limit', async () => {
    const run = await cli(['android', 'background-work', '--package', 'com.atlasmaps.app', '--limit', '5']);
    expect(run.code).toBe(0);
    const value = JSON.parse(run.stdout) as { sections: Record<string, { status: string; rows?: string[] }> };
    expect(value).toMatchObject({
      kind: 'background_work',
      package: 'com.atlasmaps.app',
      limit: 5,
      status: 'complete',
    });
    expect(Object.keys(value.sections)).toEqual(['jobscheduler', 'alarm', 'standby_bucket', 'deviceidle']);
    expect(value.sections.jobscheduler?.rows).toHaveLength(5);
    expect(received()).toContain("shell,v2,raw:am get-standby-bucket 'com.atlasmaps.app'");
  });

  it('exits 1 with INVALID_ARGUMENTS without a package', async () => {
    const run = await cli(['android', 'background-work']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ code: 'INVALID_ARGUMENTS' });
  });
});
