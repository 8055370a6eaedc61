// "Copy as CLI command": the design as one `androperator on-screen-log set ...` line for a POSIX shell.
import { DEFAULT_TIMEOUT_MS } from '../../../shared/execution/limits';
import type { SetOnScreenLogParams } from '../../../shared/execution/types';

export const DEFAULT_OPERATOR_PACKAGE = 'com.androperator.operator';

const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * Quotes one argument for a POSIX shell: plain words stay bare, anything else goes in single quotes with each
 * `'` written as `'\''`. Newlines, tabs, `$`, backquotes and `!` are literal inside single quotes.
 */
export function shellQuote(value: string): string {
  if (SAFE_WORD.test(value)) return value;
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** `flag value`, with the CLI's `--` escape when the value itself starts with `--`. */
function option(flag: string, value: string | number): string {
  const text = String(value);
  return text.startsWith('--') ? `${flag} -- ${shellQuote(text)}` : `${flag} ${shellQuote(text)}`;
}

const FLAGS: [keyof SetOnScreenLogParams, string][] = [
  ['text', '--text'],
  ['template', '--template'],
  ['anchor', '--anchor'],
  ['textAlign', '--text-align'],
  ['topOffsetDp', '--top-offset-dp'],
  ['edgeOffsetDp', '--edge-offset-dp'],
  ['widthDp', '--width-dp'],
  ['fontSizeSp', '--font-size-sp'],
  ['textColor', '--text-color'],
  ['backgroundColor', '--background-color'],
  ['ttlMs', '--ttl-ms'],
];

export interface CommandTarget {
  serial?: string | null;
  operatorPackage?: string;
  timeoutMs?: number;
}

/** The CLI line for validated params: omitted params stay omitted; --device, and non-default package/timeout. */
export function cliCommand(params: SetOnScreenLogParams, target: CommandTarget = {}): string {
  const parts = ['androperator', 'on-screen-log', 'set'];
  for (const [key, flag] of FLAGS) {
    const value = params[key];
    if (value !== undefined) parts.push(option(flag, value));
  }
  if (target.serial) parts.push(option('--device', target.serial));
  if (target.operatorPackage !== undefined && target.operatorPackage !== DEFAULT_OPERATOR_PACKAGE) {
    parts.push(option('--operator-package', target.operatorPackage));
  }
  if (target.timeoutMs !== undefined && target.timeoutMs !== DEFAULT_TIMEOUT_MS) {
    parts.push(option('--timeout', target.timeoutMs));
  }
  return parts.join(' ');
}
