// The CLI's front door: common options, help, version, command routing, output and exit code.
import type { HoldIo } from './sequenceHold';
import { AppErrorException, fail, type Result } from '../shared/errors';
import { COMMON_FLAG_NAMES, extractCommonOptions, type OutputFormat } from './args';
import type { CliBackend } from './backend';
import type { Clock, CommandContext, CommandHandler } from './context';
import {
  devicesCommand,
  screenshotCommand,
  sequenceCommand,
  simulatorCommand,
  snapshotCommand,
} from './deviceCommands';
import { closestMatch, didYouMean } from './didYouMean';
import { execCommand } from './exec';
import { mcpCommand } from './mcpCommand';
import { helpFor, TOP_LEVEL_HELP } from './help';
import { createLogger, type Logger, type TextSink } from './log';
import { onScreenLogCommand } from './onScreenLog';
import { serveCommand } from './serveCommand';
import { exitCodeFor, inCliWords, renderJson } from './output';
import { toolCommand } from './toolCommands';
import { usageError } from './usage';
import { CLI_VERSION } from './version';

export interface RunCliOptions {
  backend: CliBackend;
  stdout: TextSink;
  stderr: TextSink;
  env: Readonly<Record<string, string | undefined>>;
  /** Resolves relative payload and screenshot paths; defaults to process.cwd(). */
  cwd?: string;
  clock?: Clock;
  /** `sequence --hold`'s input and status lines; default stdin and stderr. */
  holdIo?: HoldIo;
}

const COMMANDS: Readonly<Record<string, CommandHandler>> = {
  exec: execCommand,
  'on-screen-log': onScreenLogCommand,
  devices: devicesCommand,
  screenshot: screenshotCommand,
  snapshot: snapshotCommand,
  sequence: sequenceCommand,
  simulator: simulatorCommand,
  serve: serveCommand,
  mcp: mcpCommand,
  android: toolCommand('android'),
  trace: toolCommand('trace'),
  ui: toolCommand('ui'),
};

const SYNONYMS: Readonly<Record<string, string>> = {
  execute: 'exec',
  'take-screenshot': 'screenshot',
  take_screenshot: 'screenshot',
  'capture-screenshot': 'screenshot',
};

const COMMAND_NAMES = [...Object.keys(COMMANDS), ...Object.keys(SYNONYMS), 'help'];

const SYSTEM_CLOCK: Clock = { now: () => Date.now(), random: () => Math.random() };

function canonicalCommand(name: string): string | undefined {
  if (name in COMMANDS) return name;
  return SYNONYMS[name];
}

function unknownCommand(name: string): Result<never> {
  return fail(
    'UNKNOWN_COMMAND',
    `Unknown command: ${name}.${didYouMean(name, COMMAND_NAMES)} Run androperator --help for the commands.`,
    { command: name },
  );
}

/** Help text for `[command, subcommand]`, or an UNKNOWN_COMMAND error. */
function help(tokens: readonly string[]): Result<string> {
  const [name, subcommand] = tokens;
  if (name === undefined) return { ok: true, value: TOP_LEVEL_HELP };
  const command = canonicalCommand(name);
  const text = command === undefined ? undefined : helpFor(command, subcommand);
  return text === undefined ? unknownCommand(name) : { ok: true, value: text };
}

async function dispatch(rest: readonly string[], context: CommandContext): Promise<Result<unknown>> {
  const [name, ...args] = rest;
  if (name === undefined) return { ok: true, value: TOP_LEVEL_HELP };
  if (name.startsWith('-')) {
    const suggestion = closestMatch(name, COMMON_FLAG_NAMES);
    usageError(`Unknown option: ${name}.${suggestion === undefined ? '' : ` Did you mean ${suggestion}?`}`, {
      argument: name,
    });
  }
  if (name === 'help') return help(args);
  const command = canonicalCommand(name);
  const handler = command === undefined ? undefined : COMMANDS[command];
  return handler === undefined ? unknownCommand(name) : handler(args, context);
}

function describeThrown(error: unknown, log: Logger): Result<never> {
  // Unexpected exceptions never reach stdout with a stack; --log-level debug shows it on stderr for diagnosis.
  if (error instanceof Error && error.stack !== undefined) log('debug', error.stack);
  const detail = error instanceof Error ? error.message : String(error);
  return fail('INTERNAL_ERROR', `Unexpected internal error: ${detail}`);
}

/**
 * Runs one CLI invocation: prints exactly one JSON document (or help text / version) on stdout and returns the exit
 * code (0 success, help, version; 1 for any error object, failed envelope or failed step).
 */
export async function runCli(argv: readonly string[], options: RunCliOptions): Promise<number> {
  let format: OutputFormat = 'json';
  let log: Logger = createLogger(options.stderr, 'warn');
  let result: Result<unknown>;
  try {
    const { options: common, rest } = extractCommonOptions(argv, options.env);
    format = common.output;
    log = createLogger(options.stderr, common.logLevel);
    if (common.help) result = help(rest.filter((token) => !token.startsWith('-')));
    else if (common.version) result = { ok: true, value: `${CLI_VERSION}\n` };
    else {
      const target = {
        ...(common.deviceId === undefined ? {} : { deviceId: common.deviceId }),
        operatorPackage: common.operatorPackage,
        noDaemon: common.noDaemon,
      };
      const context: CommandContext = {
        backend: options.backend.withLogger?.(log) ?? options.backend,
        common,
        target,
        cwd: options.cwd ?? process.cwd(),
        clock: options.clock ?? SYSTEM_CLOCK,
        log,
        emitLine: (value) => options.stdout.write(renderJson(value, 'json')),
        ...(options.holdIo === undefined ? {} : { holdIo: options.holdIo }),
      };
      log('debug', `target ${JSON.stringify(target)}`);
      result = await dispatch(rest, context);
    }
  } catch (error) {
    result =
      error instanceof AppErrorException ? { ok: false, error: error.error } : describeThrown(error, log);
  }
  if (!result.ok) {
    options.stdout.write(renderJson(inCliWords(result.error), format));
    return 1;
  }
  if (typeof result.value === 'string') {
    options.stdout.write(result.value);
    return 0;
  }
  options.stdout.write(renderJson(result.value, format));
  return exitCodeFor(result.value);
}
