// Command flag parsing shared by every command: values, aliases, the `--` escape, repeats and unknown flags.
import { didYouMean } from './didYouMean';
import { scanFlags } from './flagTokens';
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

function canonical(specs: readonly FlagSpec[], flag: string): FlagSpec | undefined {
  return specs.find((spec) => spec.name === flag || spec.aliases?.includes(flag) === true);
}

function spellings(specs: readonly FlagSpec[], kind: FlagSpec['kind']): string[] {
  return specs.filter((spec) => spec.kind === kind).flatMap((spec) => [spec.name, ...(spec.aliases ?? [])]);
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
  const names = { values: spellings(specs, 'value'), switches: spellings(specs, 'boolean') };
  for (const token of scanFlags(tokens, names)) {
    if (token.kind === 'separator') unexpected(options.context, '--', specs);
    else if (token.kind === 'other') {
      if (token.text.startsWith('--') || parsed.positionals.length >= (options.maxPositionals ?? 0))
        unexpected(options.context, token.text, specs);
      parsed.positionals.push(token.text);
    } else {
      const spec = canonical(specs, token.flag);
      if (spec === undefined) unexpected(options.context, token.flag, specs);
      if (token.kind === 'switch') parsed.switches.add(spec.name);
      else {
        const value = token.value;
        if (value === undefined || (!token.escaped && value.startsWith('--')))
          usageError(`${token.flag} requires a value`);
        if (parsed.values.has(spec.name)) {
          const alias = token.flag === spec.name ? '' : ` (an alias of ${spec.name})`;
          usageError(`${token.flag}${alias} must be supplied only once`);
        }
        parsed.values.set(spec.name, value);
      }
    }
  }
  return parsed;
}
