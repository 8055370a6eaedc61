// Splits command-line tokens into flags and other arguments with node:util parseArgs, under the CLI's grammar.
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** One argument as the CLI grammar sees it, in command-line order. */
export type FlagToken =
  /** A known value flag as written (`--text`); `value` undefined when none follows; `escaped` after `<flag> --`. */
  | { kind: 'value'; flag: string; value: string | undefined; escaped: boolean }
  /** A known boolean flag as written. */
  | { kind: 'switch'; flag: string }
  /** A bare `--` that is not a flag's escape, with the argument after it (if any). */
  | { kind: 'separator'; following: string | undefined }
  /** Anything else exactly as written: a positional, an unknown flag, `--flag=value`, `-x`. */
  | { kind: 'other'; text: string };

export interface FlagNames {
  /** Every spelling (with dashes) of the flags that take a value. */
  values: readonly string[];
  /** Every spelling (with dashes) of the boolean flags. */
  switches: readonly string[];
}

type Options = NonNullable<ParseArgsConfig['options']>;

function optionsFor(names: FlagNames): Options {
  const options: Options = {};
  for (const name of names.values) options[name.slice(2)] = { type: 'string' };
  for (const name of names.switches) options[name.slice(2)] = { type: 'boolean' };
  return options;
}

/**
 * Tokens of `args`. parseArgs reads each stretch in loose mode (unknown flags and every value kept); where the
 * CLI's grammar differs from its POSIX conventions (`<flag> -- <value>` is an escape, a bare `--` does not end
 * the flags, `--flag=value` and `-x` are plain arguments) this walk decides and restarts parseArgs after it.
 */
export function scanFlags(args: readonly string[], names: FlagNames): FlagToken[] {
  const options = optionsFor(names);
  const known = new Set([...names.values, ...names.switches]);
  const found: FlagToken[] = [];
  let start = 0;
  while (start < args.length) {
    const stretch = args.slice(start);
    const { tokens } = parseArgs({
      args: stretch,
      options,
      strict: false,
      allowPositionals: true,
      tokens: true,
    });
    let resume = args.length;
    let lastOther = -1;
    for (const token of tokens) {
      const at = start + token.index;
      if (token.kind === 'option-terminator') {
        found.push({ kind: 'separator', following: args[at + 1] });
        resume = at + 2;
        break;
      }
      if (token.kind === 'option' && known.has(token.rawName) && token.inlineValue !== true) {
        if (token.value === '--') {
          found.push({ kind: 'value', flag: token.rawName, value: args[at + 2], escaped: true });
          resume = at + 3;
          break;
        }
        found.push(
          names.switches.includes(token.rawName)
            ? { kind: 'switch', flag: token.rawName }
            : { kind: 'value', flag: token.rawName, value: token.value, escaped: false },
        );
      } else if (at !== lastOther) {
        // Short-option groups (`-ab`) come back as one token per letter, all at the same index.
        found.push({ kind: 'other', text: args[at] ?? '' });
        lastOther = at;
      }
    }
    start = resume;
  }
  return found;
}
