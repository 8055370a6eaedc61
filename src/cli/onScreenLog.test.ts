import { describe, expect, it } from 'vitest';
import { buildOnScreenLogExecution, PANEL_FLAGS, parseOnScreenLogArgs } from './onScreenLog';
import { thrownError } from '../test-support/cliTesting';

const NUMERIC_FLAGS = PANEL_FLAGS.filter((entry) => entry.kind === 'number').map((entry) => entry.flag);
const FIXED_CLOCK = { now: () => 1767225600000, random: () => 0.5 };

function setParams(...tokens: string[]) {
  return parseOnScreenLogArgs(['set', ...tokens]).params;
}

function usageMessage(tokens: string[]): string {
  const error = thrownError(() => parseOnScreenLogArgs(tokens));
  expect(error.code).toBe('USAGE');
  return error.message;
}

describe('parseOnScreenLogArgs: set', () => {
  it('maps all 11 flags to raw fields', () => {
    expect(
      setParams(
        '--text',
        'FLOW-001',
        '--anchor',
        'right',
        '--text-align',
        'left',
        '--top-offset-dp',
        '24',
        '--edge-offset-dp',
        '12',
        '--width-dp',
        '280',
        '--font-size-sp',
        '12',
        '--text-color',
        '#FFFFFFFF',
        '--background-color',
        '#B3000000',
        '--ttl-ms',
        '300000',
      ),
    ).toEqual({
      text: 'FLOW-001',
      anchor: 'right',
      textAlign: 'left',
      topOffsetDp: 24,
      edgeOffsetDp: 12,
      widthDp: 280,
      fontSizeSp: 12,
      textColor: '#FFFFFFFF',
      backgroundColor: '#B3000000',
      ttlMs: 300000,
    });
    expect(setParams('--template', '{{device.model}}')).toEqual({ template: '{{device.model}}' });
  });

  it('preserves whitespace and newlines in text', () => {
    expect(setParams('--text', '  line one\n\tline two  \n')).toEqual({ text: '  line one\n\tline two  \n' });
  });

  it('parses integral JSON number tokens and preserves zero offsets', () => {
    expect(
      setParams(
        '--text',
        'x',
        '--top-offset-dp',
        '0',
        '--edge-offset-dp',
        '0.0',
        '--width-dp',
        '2.8e2',
        '--font-size-sp',
        '12.0',
        '--ttl-ms',
        '1e3',
      ),
    ).toEqual({ text: 'x', topOffsetDp: 0, edgeOffsetDp: 0, widthDp: 280, fontSizeSp: 12, ttlMs: 1000 });
  });

  it('keeps only the flags given: set --text default is exactly {text:"default"}', () => {
    expect(setParams('--text', 'default')).toEqual({ text: 'default' });
  });

  it('passes a template through unresolved, with its styles', () => {
    const template =
      '{{foreground_app.icon}} {{foreground_app.package_name}}\n{{system.language_tag}} {{{{literal}}}}';
    expect(setParams('--template', template, '--anchor', 'right', '--font-size-sp', '16')).toEqual({
      template,
      anchor: 'right',
      fontSizeSp: 16,
    });
  });

  it('accepts a value starting with a single dash and a literal --value after --', () => {
    expect(setParams('--text', '-5 degrees')).toEqual({ text: '-5 degrees' });
    expect(setParams('--text', '--', '--not-a-flag')).toEqual({ text: '--not-a-flag' });
    expect(setParams('--text', 'x', '--top-offset-dp', '-5')).toEqual({ text: 'x', topOffsetDp: -5 });
  });

  it('leaves ranges to the validator: --width-dp 601 parses', () => {
    expect(setParams('--text', 'x', '--width-dp', '601')).toEqual({ text: 'x', widthDp: 601 });
  });

  it.each(PANEL_FLAGS.map((entry) => entry.flag))('%s without a value is a usage error', (flag) => {
    const base = flag === '--text' ? ['--template', 't'] : ['--text', 't'];
    expect(usageMessage(['set', ...base, flag])).toBe(`${flag} requires a value`);
    expect(usageMessage(['set', flag, '--anchor', 'left', ...base])).toBe(`${flag} requires a value`);
  });

  it.each(PANEL_FLAGS.map((entry) => entry.flag))(
    '%s given twice is a usage error, even with equal values',
    (flag) => {
      const value = PANEL_FLAGS.find((entry) => entry.flag === flag)?.kind === 'number' ? '100' : 'v';
      const base = flag === '--text' ? [] : ['--text', 't'];
      expect(usageMessage(['set', ...base, flag, value, flag, value])).toBe(
        `${flag} must be supplied only once`,
      );
    },
  );

  describe.each(NUMERIC_FLAGS)('%s', (flag) => {
    it.each(['', ' ', '0x10', '12px', '1.5', 'NaN', 'Infinity', '1e999', '1e-3', '012', '+5'])(
      'rejects the token %j',
      (token) => {
        expect(usageMessage(['set', '--text', 'x', flag, token])).toBe(
          `${flag} requires an integral JSON number, got ${JSON.stringify(token)}`,
        );
      },
    );
  });

  it.each([
    [['set'], 'on-screen-log set requires exactly one of --text or --template'],
    [['set', '--anchor', 'left'], 'on-screen-log set requires exactly one of --text or --template'],
    [
      ['set', '--text', 'a', '--template', 'b'],
      'on-screen-log set requires exactly one of --text or --template',
    ],
    [['set', 'label'], 'Unexpected argument for on-screen-log set: label'],
    [['set', '--text', 'a', 'extra'], 'Unexpected argument for on-screen-log set: extra'],
    [['set', '--text', 'a', '--bogus'], 'Unexpected argument for on-screen-log set: --bogus'],
    [
      ['set', '--text', 'a', '--widht-dp', '9'],
      'Unexpected argument for on-screen-log set: --widht-dp. Did you mean --width-dp?',
    ],
    [['set', '--txt', 'a'], 'Unexpected argument for on-screen-log set: --txt. Did you mean --text?'],
    [['set', '--', 'a'], 'Unexpected argument for on-screen-log set: --'],
  ])('rejects %j', (tokens, message) => {
    expect(usageMessage(tokens)).toBe(message);
  });
});

describe('parseOnScreenLogArgs: subcommand and clear', () => {
  it.each([[[]], [['append']], [['SET']], [['--text', 'x']]])(
    '%j needs the subcommand set or clear',
    (tokens) => {
      expect(usageMessage(tokens)).toBe('on-screen-log requires the subcommand set or clear');
    },
  );

  it('parses clear without params', () => {
    expect(parseOnScreenLogArgs(['clear'])).toEqual({ operation: 'clear', switches: new Set() });
  });

  it.each(PANEL_FLAGS.map((entry) => entry.flag))('clear rejects the panel flag %s', (flag) => {
    expect(usageMessage(['clear', flag, '1'])).toBe(
      `Unexpected argument for on-screen-log clear: ${flag}. clear takes no panel flags`,
    );
  });

  it('clear rejects positionals and unknown flags', () => {
    expect(usageMessage(['clear', 'extra'])).toBe('Unexpected argument for on-screen-log clear: extra');
    expect(usageMessage(['clear', '--all'])).toBe('Unexpected argument for on-screen-log clear: --all');
  });

  it('reads --validate-only and --dry-run, but not both', () => {
    expect(parseOnScreenLogArgs(['clear', '--dry-run']).switches).toEqual(new Set(['--dry-run']));
    expect(parseOnScreenLogArgs(['set', '--validate-only', '--text', 'x']).switches).toEqual(
      new Set(['--validate-only']),
    );
  });
});

describe('buildOnScreenLogExecution', () => {
  it('builds a set execution with one action a1 and the CLI identity', () => {
    const execution = buildOnScreenLogExecution(
      { operation: 'set', params: { text: 'x' } },
      undefined,
      FIXED_CLOCK,
    );
    expect(execution).toEqual({
      commandId: `on-screen-log-set-1767225600000-${Math.floor(0.5 * 36 ** 7).toString(36)}`,
      taskId: 'cli-on-screen-log-set',
      source: 'androperator-cli',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 30000,
      actions: [{ id: 'a1', type: 'set_on_screen_log', params: { text: 'x' } }],
    });
  });

  it('builds a clear execution without params and honours --timeout', () => {
    const execution = buildOnScreenLogExecution({ operation: 'clear' }, 4321, {
      now: () => 5,
      random: () => 0,
    });
    expect(execution.commandId).toBe('on-screen-log-clear-5-0000000');
    expect(execution.timeoutMs).toBe(4321);
    expect(execution.actions).toEqual([{ id: 'a1', type: 'clear_on_screen_log' }]);
  });

  it('uses 7 base36 characters of randomness', () => {
    const ids = [0, 0.123456, 0.999999].map(
      (random) =>
        buildOnScreenLogExecution({ operation: 'set', params: {} }, undefined, {
          now: () => 1,
          random: () => random,
        }).commandId,
    );
    for (const id of ids) expect(id).toMatch(/^on-screen-log-set-1-[0-9a-z]{7}$/);
    expect(new Set(ids).size).toBe(3);
  });
});
