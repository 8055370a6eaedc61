import { describe, expect, it } from 'vitest';
import { DEFAULT_OPERATOR_PACKAGE, extractCommonOptions } from './args';
import { thrownError } from '../test-support/cliTesting';

const NO_ENV = {};

describe('extractCommonOptions', () => {
  it('has defaults when no common option is given', () => {
    expect(extractCommonOptions(['exec', 'a.json'], NO_ENV)).toEqual({
      options: {
        operatorPackage: DEFAULT_OPERATOR_PACKAGE,
        output: 'json',
        noDaemon: false,
        logLevel: 'warn',
        help: false,
        version: false,
      },
      rest: ['exec', 'a.json'],
    });
  });

  it('reads every option and alias before or after the command', () => {
    const { options, rest } = extractCommonOptions(
      [
        '--device-id',
        'emulator-5554',
        'on-screen-log',
        '--receiver-package',
        'com.androperator.operator.dev',
        'set',
        '--timeout-ms',
        '4321',
        '--text',
        'hi',
        '--format',
        'pretty',
        '--no-daemon',
        '--log-level',
        'info',
      ],
      NO_ENV,
    );
    expect(rest).toEqual(['on-screen-log', 'set', '--text', 'hi']);
    expect(options).toMatchObject({
      deviceId: 'emulator-5554',
      operatorPackage: 'com.androperator.operator.dev',
      timeoutMs: 4321,
      output: 'pretty',
      noDaemon: true,
      logLevel: 'info',
    });
  });

  it('leaves a command flag and its literal -- value alone', () => {
    const { options, rest } = extractCommonOptions(
      ['on-screen-log', 'set', '--text', '--', '--device'],
      NO_ENV,
    );
    expect(rest).toEqual(['on-screen-log', 'set', '--text', '--', '--device']);
    expect(options.deviceId).toBeUndefined();
  });

  it('accepts a literal -- value for a common option', () => {
    expect(extractCommonOptions(['--device', '--', '--odd'], NO_ENV).options.deviceId).toBe('--odd');
  });

  it('resolves the operator package: flag, then non-blank env, then the default', () => {
    const env = { ANDROPERATOR_OPERATOR_PACKAGE: 'com.example.env' };
    expect(
      extractCommonOptions(['--operator-package', 'com.example.flag'], env).options.operatorPackage,
    ).toBe('com.example.flag');
    expect(extractCommonOptions([], env).options.operatorPackage).toBe('com.example.env');
    expect(extractCommonOptions([], { ANDROPERATOR_OPERATOR_PACKAGE: '  ' }).options.operatorPackage).toBe(
      DEFAULT_OPERATOR_PACKAGE,
    );
  });

  it('reads ANDROPERATOR_NO_DAEMON=1, --json, --verbose, --help and --version', () => {
    expect(extractCommonOptions([], { ANDROPERATOR_NO_DAEMON: '1' }).options.noDaemon).toBe(true);
    const { options } = extractCommonOptions(['--json', '--verbose', '--help', '--version'], NO_ENV);
    expect(options).toMatchObject({ output: 'json', logLevel: 'debug', help: true, version: true });
    expect(extractCommonOptions(['--verbose', '--log-level', 'error'], NO_ENV).options.logLevel).toBe(
      'error',
    );
  });

  it('parses --timeout with the numeric token grammar and leaves the range to the validator', () => {
    expect(extractCommonOptions(['--timeout', '1e3'], NO_ENV).options.timeoutMs).toBe(1000);
    expect(extractCommonOptions(['--timeout', '-5'], NO_ENV).options.timeoutMs).toBe(-5);
  });

  it.each([
    [['--device'], '--device requires a value'],
    [['--device', '--json'], '--device requires a value'],
    [['--device', ' '], '--device requires a non-blank device serial'],
    [['--device', 'a', '--device-id', 'b'], '--device-id must be supplied only once'],
    [['--operator-package', ''], '--operator-package requires a non-blank package name'],
    [['--operator-package', '-x'], '--operator-package requires a package name, got "-x"'],
    [['--receiver-package', '  '], '--receiver-package requires a non-blank package name'],
    [['--timeout', '12px'], '--timeout requires an integral number of milliseconds, got "12px"'],
    [['--timeout', '1.5'], '--timeout requires an integral number of milliseconds, got "1.5"'],
    [['--output', 'yaml'], '--output must be json or pretty, got "yaml"'],
    [['--format', 'JSON'], '--format must be json or pretty, got "JSON"'],
    [['--log-level', 'trace'], '--log-level must be debug, info, warn or error, got "trace"'],
    [['--json', '--output', 'pretty'], '--json conflicts with --output pretty'],
  ])('rejects %j', (argv, message) => {
    expect(thrownError(() => extractCommonOptions(argv, NO_ENV))).toEqual({ code: 'USAGE', message });
  });
});
