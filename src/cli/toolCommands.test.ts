// `androperator <command> <verb>` for test-only tools through the real adb backend on a simulated phone: flag
// conversion, and approval (no terminal, --yes, a terminal's answers) judged by what the phone received.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppErrorException, ok, type Result } from '../shared/errors';
import { shellQuote } from '../shared/android/shellQuote';
import { commandAnswer } from '../main/android/outcome';
import { defineTool, type AndroidTool } from '../main/android/tool';
import { ANDROID_TOOLS } from '../main/toolbox/registry';
import { startTestLab, type TestLab } from '../test-support/testLab';
import { COMMON_FLAG_NAMES, extractCommonOptions } from './args';
import { createAdbBackend } from './adbBackend';
import type { CommandContext } from './context';
import { toolCommand, type Prompter } from './toolCommands';
import { COMMON_TIMEOUT_PROPERTY, toolFlags, YES_FLAG } from './toolFlags';

function writeTool(verb: string, strength: 'normal' | 'strong'): AndroidTool {
  return defineTool({
    name: `test_${verb}`,
    cli: { command: 'android', verb },
    description: 'Test only: writes system font_scale.',
    risk: strength === 'strong' ? 'dangerous' : 'mutating',
    arguments: z.strictObject({ value: z.string() }),
    async run(context, args) {
      const command = `settings put system font_scale ${shellQuote(args.value)}`;
      const approved = await context.approve({
        tool: `test_${verb}`,
        device: context.device?.serial ?? '',
        preview: command,
        strength,
      });
      if (!approved.ok) return approved;
      return commandAnswer('settings', command, await context.run(command));
    },
  });
}

/** Answers with what it was given, so the conversion of each flag is visible. */
const echo = defineTool({
  name: 'test_echo',
  cli: { command: 'trace', verb: 'echo' },
  description: 'Test only: returns its arguments.',
  risk: 'read_only',
  device: 'none',
  arguments: z.strictObject({
    since_secs: z.number().int().optional(),
    ratio: z.number().optional(),
    follow: z.boolean().optional(),
    mode: z.enum(['fast', 'slow']).optional(),
    tags: z.array(z.string()).optional(),
    counts: z.array(z.number().int()).optional(),
    timeout_ms: z.number().int().optional(),
  }),
  run: (_context, args) => Promise.resolve(ok(args)),
});

const TOOLS = [writeTool('write', 'normal'), writeTool('wipe', 'strong'), echo];

let lab: TestLab;
let phone = '';

beforeAll(async () => {
  lab = await startTestLab(1);
  phone = lab.serials[0] ?? '';
});

afterAll(async () => {
  await lab?.stop();
});

function scripted(interactive: boolean, answers: string[] = []): Prompter & { questions: string[] } {
  const questions: string[] = [];
  return {
    interactive,
    questions,
    ask(question) {
      questions.push(question);
      return Promise.resolve(answers.shift() ?? '');
    },
  };
}

/** Runs `argv` (common options included) through the command's handler; USAGE errors come back as results. */
async function run(argv: string[], prompter: Prompter = scripted(false)): Promise<Result<unknown>> {
  const { options: common, rest } = extractCommonOptions(argv, lab.env);
  const [command, ...args] = rest;
  const context: CommandContext = {
    backend: createAdbBackend({ ...lab.env, ANDROPERATOR_NO_DAEMON: '1' }),
    common,
    target: {
      ...(common.deviceId === undefined ? {} : { deviceId: common.deviceId }),
      operatorPackage: common.operatorPackage,
      noDaemon: true,
    },
    cwd: process.cwd(),
    clock: { now: Date.now, random: Math.random },
    log: () => undefined,
    emitLine: () => undefined,
  };
  try {
    return await toolCommand(command as 'android' | 'trace', TOOLS, prompter)(args, context);
  } catch (error) {
    if (error instanceof AppErrorException) return { ok: false, error: error.error };
    throw error;
  }
}

const sentPut = (value: string) =>
  lab.phones[0]?.device
    .received()
    .some((entry) => entry.service.endsWith(`settings put system font_scale '${value}'`)) === true;

describe('flags from the argument schema', () => {
  it('converts integers, numbers, switches, enums and repeated arrays', async () => {
    const result = await run([
      'trace',
      'echo',
      '--since-secs',
      '120',
      '--ratio',
      '0.5',
      '--follow',
      '--mode',
      'fast',
      '--tags',
      'a',
      '--tags',
      'b,c',
      '--counts',
      '3',
    ]);
    expect(result).toEqual({
      ok: true,
      value: { since_secs: 120, ratio: 0.5, follow: true, mode: 'fast', tags: ['a', 'b,c'], counts: [3] },
    });
    expect(await run(['trace', 'echo', '--no-follow'])).toEqual({ ok: true, value: { follow: false } });
  });

  it.each([
    [['--since-secs', '1.5'], '--since-secs requires an integer, got "1.5"'],
    [['--ratio', 'x'], '--ratio requires a number, got "x"'],
    [['--since-secs', '1', '--since-secs', '2'], '--since-secs must be supplied only once'],
    [['--since_secs', '1'], 'Unexpected argument for trace echo: --since_secs. Did you mean --since-secs?'],
    [['extra'], 'Unexpected argument for trace echo: extra'],
  ])('refuses %j with USAGE', async (flags, message) => {
    expect(await run(['trace', 'echo', ...flags])).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'USAGE', message }) as unknown,
    });
  });

  it('leaves enum checks to the tool schema (INVALID_ARGUMENTS)', async () => {
    expect(await run(['trace', 'echo', '--mode', 'medium'])).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENTS' },
    });
  });

  it("hands the common --timeout-ms / --timeout to a tool's own timeout_ms (the reference's name)", async () => {
    expect(await run(['trace', 'echo', '--timeout-ms', '700'])).toEqual({
      ok: true,
      value: { timeout_ms: 700 },
    });
    expect(await run(['--timeout', '900', 'trace', 'echo'])).toEqual({
      ok: true,
      value: { timeout_ms: 900 },
    });
    expect(await run(['trace', 'echo'])).toEqual({ ok: true, value: {} });
  });

  it('gives no registered tool a flag that a common option or --yes would take first', () => {
    const taken = new Set([...COMMON_FLAG_NAMES, YES_FLAG]);
    const clashes = ANDROID_TOOLS.flatMap((tool) =>
      toolFlags(tool)
        .filter((flag) => flag.property !== COMMON_TIMEOUT_PROPERTY && taken.has(flag.flag))
        .map((flag) => `${tool.name} ${flag.flag}`),
    );
    expect(clashes).toEqual([]);
  });
});

describe('approval on the CLI', () => {
  it('without a terminal and without --yes: APPROVAL_UNAVAILABLE naming --yes, nothing sent', async () => {
    const result = await run(['android', 'write', '--value', '1.1', '--device', phone]);
    expect(result).toMatchObject({ ok: false, error: { code: 'APPROVAL_UNAVAILABLE' } });
    expect(!result.ok && result.error.message).toContain('--yes');
    expect(sentPut('1.1')).toBe(false);
  });

  it('--yes approves in advance and the command is sent', async () => {
    const prompter = scripted(true);
    const result = await run(['android', 'write', '--value', '1.2', '--yes'], prompter);
    expect(result).toMatchObject({ ok: true, value: { command: "settings put system font_scale '1.2'" } });
    expect(prompter.questions).toEqual([]);
    expect(sentPut('1.2')).toBe(true);
  });

  it('on a terminal, y sends and anything else refuses; the question shows the preview', async () => {
    const yes = scripted(true, ['y']);
    expect(await run(['android', 'write', '--value', '1.3'], yes)).toMatchObject({ ok: true });
    expect(yes.questions[0]).toContain("settings put system font_scale '1.3'");
    expect(sentPut('1.3')).toBe(true);
    const no = scripted(true, ['']);
    expect(await run(['android', 'write', '--value', '1.4'], no)).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL_REFUSED' },
    });
    expect(sentPut('1.4')).toBe(false);
  });

  it('a dangerous action also wants the serial typed out', async () => {
    const wrong = scripted(true, ['y', 'other']);
    expect(await run(['android', 'wipe', '--value', '1.5'], wrong)).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL_REFUSED' },
    });
    expect(wrong.questions).toHaveLength(2);
    expect(sentPut('1.5')).toBe(false);
    expect(await run(['android', 'wipe', '--value', '1.6'], scripted(true, ['yes', phone]))).toMatchObject({
      ok: true,
    });
    expect(sentPut('1.6')).toBe(true);
  });
});
