// `androperator android <verb>` as users run it: the built CLI against a simulated phone over an isolated adb server.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runBuiltCli } from '../test-support/builtCli';
import { startTestLab, type TestLab } from '../test-support/testLab';

let lab: TestLab;
let phone = '';

const cli = (argv: readonly string[]) => runBuiltCli(argv, { ...lab.env, ANDROPERATOR_NO_DAEMON: '1' });

const received = () => lab.phones[0]?.device.received().map((entry) => entry.service) ?? [];

beforeAll(async () => {
  const buildError = inject('nodeBuildError');
  if (buildError !== '') throw new Error(`the CLI bundle did not build:\n${buildError}`);
  lab = await startTestLab(1);
  phone = lab.serials[0] ?? '';
});

afterAll(async () => {
  await lab?.stop();
});

describe('androperator android (subprocess)', () => {
  it('reads a setting on the simulated phone and prints the tool result', async () => {
    const run = await cli(['android', 'settings', '--namespace', 'system', '--key', 'font_scale']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      kind: 'settings',
      command: "settings get system 'font_scale'",
      result: { status: 'complete', exit_code: 0, stdout: '1.0\n' },
    });
    expect(received()).toContain("shell,v2,raw:settings get system 'font_scale'");
  });

  it('takes --device before or after the verb', async () => {
    for (const argv of [
      ['--device', phone, 'android', 'settings', '--namespace', 'secure'],
      ['android', 'settings', '--namespace', 'secure', '--device', phone],
    ]) {
      const run = await cli(argv);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('enabled_accessibility_services=');
    }
    const missing = await cli(['android', 'settings', '--namespace', 'secure', '--device', 'nope']);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toMatchObject({ code: 'DEVICE_NOT_FOUND' });
  });

  it('refuses a mistyped flag with USAGE, naming it with a suggestion, and sends nothing', async () => {
    const before = received().length;
    const run = await cli(['android', 'settings', '--namespcae', 'system']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      code: 'USAGE',
      message: expect.stringContaining('--namespcae. Did you mean --namespace?') as unknown,
    });
    expect(received().length).toBe(before);
  });

  it('refuses an invalid value with INVALID_ARGUMENTS before anything is sent', async () => {
    const before = received().length;
    const run = await cli(['android', 'settings', '--namespace', 'vendor']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ code: 'INVALID_ARGUMENTS' });
    expect(received().length).toBe(before);
  });

  it('names an unknown verb with a suggestion', async () => {
    const run = await cli(['android', 'setings']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      code: 'UNKNOWN_COMMAND',
      message: expect.stringContaining('Did you mean settings?') as unknown,
    });
  });

  it("lists the verbs and a verb's flags in --help", async () => {
    const verbs = await cli(['android', '--help']);
    expect(verbs.code).toBe(0);
    expect(verbs.stdout).toMatch(/^ {2}settings +Reads Android settings/m);
    const flags = await cli(['android', 'settings', '--help']);
    expect(flags.code).toBe(0);
    expect(flags.stdout).toMatch(/--namespace system\|secure\|global\s+Settings table to read \(required\)/);
    expect(flags.stdout).toMatch(/--key <string> +One key/);
    expect(flags.stdout).toMatch(/--device <serial> +Target device/);
    const top = await cli(['--help']);
    expect(top.stdout).toContain('android|trace|ui <verb>');
  });
});
