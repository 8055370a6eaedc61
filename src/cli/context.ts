// What every command handler receives.
import type { Result } from '../shared/errors';
import type { CommonOptions } from './args';
import type { CliBackend, DeviceTarget } from './backend';
import type { Logger } from './log';
import type { HoldIo } from './sequenceHold';

/** Time and randomness, injectable so tests can pin command ids. */
export interface Clock {
  now(): number;
  /** A number in [0, 1). */
  random(): number;
}

export interface CommandContext {
  backend: CliBackend;
  common: CommonOptions;
  target: DeviceTarget;
  cwd: string;
  clock: Clock;
  log: Logger;
  /** Writes one line of output at once, for long-running commands that report progress (`simulator start`). */
  emitLine(value: unknown): void;
  /** Where `sequence --hold` reads Enter / q and tells what the hold does (default stdin and stderr). */
  holdIo?: HoldIo;
}

/** A command's JSON output, or the error object to print instead. */
export type CommandHandler = (args: readonly string[], context: CommandContext) => Promise<Result<unknown>>;
