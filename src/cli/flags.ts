// Command flag parsing shared by every command: values, aliases, the `--` escape, repeats and unknown flags.
import { didYouMean } from './didYouMean';
import { usageError } from './usage';

export interface FlagSpec {
  /** Canonical name including the dashes, e.g. `--text`. */
  name: string;
  aliases?: readonly string[];
  kind: 'value' | 'boolean';
}

export interface ParsedFlags {
  /** Values by canonical flag name. */
  values: Map<string, string>;
  /** Canonical names of the boolean flags given. */
  switches: Set<string>;
  positionals: string[];
}

export interface ParseFlagsOptions {
  /** Names the command in error messages, e.g. `on-screen-log set`. */
  context: string;
  maxPositionals?: number;
}

function lookup(specs: readonly FlagSpec[], token: string): FlagSpec | undefined {
  return specs.find((spec) => spec.name === token || spec.aliases?.includes(token) === true);
}

function unexpected(context: string, token: string, specs: readonly FlagSpec[]): never {
  const names = specs.flatMap((spec) => [spec.name, ...(spec.aliases ?? [])]);
  const suggestion = token.startsWith('-') ? didYouMean(token, names) : '';
  const message = `Unexpected argument for ${context}: ${token}`;
  return usageError(suggestion === '' ? message : `${message}.${suggestion}`, { argument: token });
}

/**
 * Parses command tokens left to right. A value flag takes the next token unless it starts with `--`
 * (`<flag> requires a value`); `<flag> -- <value>` passes a literal value that starts with `--`, while a value
 * starting with a single `-` is taken as is. Each value flag may appear once, whichever alias spells it.
 */
export function parseFlags(
  tokens: readonly string[],
  specs: readonly FlagSpec[],
  options: ParseFlagsOptions,
): ParsedFlags {
  const parsed: ParsedFlags = { values: new Map(), switches: new Set(), positionals: [] };
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index] ?? '';
    const spec = token.startsWith('--') ? lookup(specs, token) : undefined;
    if (token.startsWith('--') && spec === undefined) unexpected(options.context, token, specs);
    if (spec === undefined) {
      if (parsed.positionals.length >= (options.maxPositionals ?? 0))
        unexpected(options.context, token, specs);
      parsed.positionals.push(token);
      index += 1;
    } else if (spec.kind === 'boolean') {
      parsed.switches.add(spec.name);
      index += 1;
    } else {
      const escaped = tokens[index + 1] === '--';
      const value = tokens[index + (escaped ? 2 : 1)];
      if (value === undefined || (!escaped && value.startsWith('--')))
        usageError(`${token} requires a value`);
      if (parsed.values.has(spec.name)) {
        const alias = token === spec.name ? '' : ` (an alias of ${spec.name})`;
        usageError(`${token}${alias} must be supplied only once`);
      }
      parsed.values.set(spec.name, value);
      index += escaped ? 3 : 2;
    }
  }
  return parsed;
}
