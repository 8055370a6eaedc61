// Common options, accepted before or after the command; everything else is left for the command to parse.
import { parseNumericToken } from '../shared/cli/numericToken';
import { scanFlags } from './flagTokens';
import { isLogLevel, type LogLevel } from './log';
import { usageError } from './usage';

export const DEFAULT_OPERATOR_PACKAGE = 'com.androperator.operator';
export const OPERATOR_PACKAGE_ENV = 'ANDROPERATOR_OPERATOR_PACKAGE';
export const NO_DAEMON_ENV = 'ANDROPERATOR_NO_DAEMON';

export type OutputFormat = 'json' | 'pretty';

export interface CommonOptions {
  deviceId?: string;
  /** Resolved: the flag, else a non-blank ANDROPERATOR_OPERATOR_PACKAGE, else com.androperator.operator. */
  operatorPackage: string;
  timeoutMs?: number;
  output: OutputFormat;
  noDaemon: boolean;
  logLevel: LogLevel;
  help: boolean;
  version: boolean;
}

const VALUE_FLAGS: Readonly<Record<string, string>> = {
  '--device': '--device',
  '--device-id': '--device',
  '--operator-package': '--operator-package',
  '--receiver-package': '--operator-package',
  '--timeout': '--timeout',
  '--timeout-ms': '--timeout',
  '--output': '--output',
  '--format': '--output',
  '--log-level': '--log-level',
};

const SWITCHES = ['--json', '--no-daemon', '--verbose', '--help', '--version'] as const;

/** Every spelling of a common option, for "Did you mean" suggestions. */
export const COMMON_FLAG_NAMES: readonly string[] = [...Object.keys(VALUE_FLAGS), ...SWITCHES];

function interpret(flag: string, token: string, value: string, options: CommonOptions): void {
  if (flag === '--device') {
    if (value.trim() === '') usageError(`${token} requires a non-blank device serial`);
    options.deviceId = value;
  } else if (flag === '--operator-package') {
    if (value.trim() === '') usageError(`${token} requires a non-blank package name`);
    if (value.startsWith('-')) usageError(`${token} requires a package name, got ${JSON.stringify(value)}`);
    options.operatorPackage = value;
  } else if (flag === '--timeout') {
    const timeoutMs = parseNumericToken(value);
    if (timeoutMs === null) {
      usageError(`${token} requires an integral number of milliseconds, got ${JSON.stringify(value)}`);
    }
    options.timeoutMs = timeoutMs;
  } else if (flag === '--output') {
    if (value !== 'json' && value !== 'pretty')
      usageError(`${token} must be json or pretty, got ${JSON.stringify(value)}`);
    options.output = value;
  } else {
    if (!isLogLevel(value))
      usageError(`${token} must be debug, info, warn or error, got ${JSON.stringify(value)}`);
    options.logLevel = value;
  }
}

/**
 * Pulls the common options out of argv. `<flag> -- <value>` pairs are passed through untouched, so a command flag's
 * literal value such as `--text -- --device` never reads as a common option.
 */
export function extractCommonOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): { options: CommonOptions; rest: string[] } {
  const envPackage = env[OPERATOR_PACKAGE_ENV]?.trim();
  const options: CommonOptions = {
    operatorPackage: envPackage !== undefined && envPackage !== '' ? envPackage : DEFAULT_OPERATOR_PACKAGE,
    output: 'json',
    noDaemon: env[NO_DAEMON_ENV] === '1',
    logLevel: 'warn',
    help: false,
    version: false,
  };
  const rest: string[] = [];
  const seen = new Set<string>();
  let json = false;
  let verbose = false;
  const names = { values: Object.keys(VALUE_FLAGS), switches: SWITCHES };
  for (const token of scanFlags(argv, names)) {
    if (token.kind === 'separator') {
      rest.push('--', ...(token.following === undefined ? [] : [token.following]));
    } else if (token.kind === 'other') {
      rest.push(token.text);
    } else if (token.kind === 'value') {
      const flag = VALUE_FLAGS[token.flag] ?? token.flag;
      const value = token.value;
      if (value === undefined || (!token.escaped && value.startsWith('--')))
        usageError(`${token.flag} requires a value`);
      if (seen.has(flag)) usageError(`${token.flag} must be supplied only once`);
      seen.add(flag);
      interpret(flag, token.flag, value, options);
    } else if (token.flag === '--json') json = true;
    else if (token.flag === '--no-daemon') options.noDaemon = true;
    else if (token.flag === '--verbose') verbose = true;
    else if (token.flag === '--version') options.version = true;
    else options.help = true;
  }
  if (json && options.output === 'pretty') usageError('--json conflicts with --output pretty');
  if (verbose && !seen.has('--log-level')) options.logLevel = 'debug';
  return { options, rest };
}
