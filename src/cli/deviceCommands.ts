// Device commands: devices, screenshot, snapshot, sequence and simulator start, all through the CliBackend.
import { checkScreenshotPathSyntax } from '../main/screenshot/paths';
import { ok } from '../shared/errors';
import { DEFAULT_TIMEOUT_MS } from '../shared/execution/limits';
import { EXPECTED_FORMAT, SNAPSHOT, TAKE_SCREENSHOT } from '../shared/execution/types';
import { validateExecution } from '../shared/execution/validateExecution';
import type { CommandContext, CommandHandler } from './context';
import { newCommandId, OVERWRITE_FLAG, validateThen } from './executions';
import { parseFlags, type FlagSpec } from './flags';
import { buildOnScreenLogExecution, inFlagWords, PANEL_FLAG_SPECS, panelParamsFrom } from './onScreenLog';
import { usageError } from './usage';
import { didYouMean } from './didYouMean';
import { HOLD_MAX_CAPTURES } from '../shared/api/sequence';
import { holdCommands, holdReporter, maxCapturesOf, PROCESS_HOLD_IO } from './sequenceHold';
import { parseNumericToken } from '../shared/cli/numericToken';

const PATH_FLAG: FlagSpec = { name: '--path', aliases: ['--file'], kind: 'value' };

function observeExecution(prefix: string, action: unknown, context: CommandContext) {
  return {
    commandId: newCommandId(prefix, context.clock),
    taskId: `cli-${prefix}`,
    source: 'androperator-observe',
    expectedFormat: EXPECTED_FORMAT,
    timeoutMs: context.common.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    mode: 'direct',
    actions: [action],
  };
}

/** `--path`, blank refused as usage; its rules (absolute, .png, no `..`) are checked by checkScreenshotPathSyntax. */
function pathFlag(path: string | undefined): string | undefined {
  if (path !== undefined && path.trim() === '') usageError('--path requires a non-blank file path');
  return path;
}

/** A take_screenshot execution; the path goes as given (relative paths are refused, never resolved). */
function screenshotExecution(path: string | undefined, context: CommandContext) {
  const params = path === undefined ? {} : { path };
  return observeExecution('screenshot', { id: 'shot', type: TAKE_SCREENSHOT, params }, context);
}

export const devicesCommand: CommandHandler = async (args, context) => {
  parseFlags(args, [], { context: 'devices' });
  const listed = await context.backend.listDevices({
    ...(context.common.timeoutMs === undefined ? {} : { timeoutMs: context.common.timeoutMs }),
    noDaemon: context.target.noDaemon,
  });
  return listed.ok ? ok({ devices: listed.value.devices, source: listed.value.source }) : listed;
};

export const snapshotCommand: CommandHandler = async (args, context) => {
  parseFlags(args, [], { context: 'snapshot' });
  return validateThen(observeExecution('snapshot', { id: 'snap', type: SNAPSHOT }, context), 'run', context);
};

export const screenshotCommand: CommandHandler = async (args, context) => {
  const flags = parseFlags(args, [PATH_FLAG, OVERWRITE_FLAG], { context: 'screenshot' });
  const path = pathFlag(flags.values.get('--path'));
  // Refused before anything runs; the runner checks again, with the file system (symlink, existing file).
  const syntax = path === undefined ? null : checkScreenshotPathSyntax(path);
  if (syntax !== null && !syntax.ok) return syntax;
  return validateThen(screenshotExecution(path, context), 'run', context, {
    overwrite: flags.switches.has('--overwrite'),
  });
};

const LABEL_FLAG: FlagSpec = { name: '--label', kind: 'value' };
const HOLD_FLAG: FlagSpec = { name: '--hold', kind: 'boolean' };
const MAX_CAPTURES_FLAG: FlagSpec = { name: '--max-captures', kind: 'value' };

/** Every flag `sequence` accepts besides the common options (its help lists each). */
export const SEQUENCE_FLAG_SPECS: readonly FlagSpec[] = [
  ...PANEL_FLAG_SPECS,
  PATH_FLAG,
  LABEL_FLAG,
  OVERWRITE_FLAG,
  HOLD_FLAG,
  MAX_CAPTURES_FLAG,
];

/**
 * set -> screenshot -> clear as three separate, awaited executions, so the screenshot is taken while the panel is
 * shown; the run is kept as evidence with a capture check. The set payload is validated here, before any device work.
 */
export const sequenceCommand: CommandHandler = async (args, context) => {
  const flags = parseFlags(args, SEQUENCE_FLAG_SPECS, { context: 'sequence' });
  const params = panelParamsFrom(flags.values, 'sequence');
  const timeoutMs = context.common.timeoutMs;
  const raw = buildOnScreenLogExecution({ operation: 'set', params }, timeoutMs, context.clock);
  const set = inFlagWords(validateExecution(raw), raw);
  if (!set.ok) return set;
  const action = set.value.actions[0];
  if (action?.type !== 'set_on_screen_log') return set;
  const path = pathFlag(flags.values.get('--path'));
  const syntax = path === undefined ? null : checkScreenshotPathSyntax(path);
  if (syntax !== null && !syntax.ok) return syntax;
  const label = flags.values.get('--label');
  const request = {
    design: action.params,
    ...(path === undefined ? {} : { path }),
    ...(flags.switches.has('--overwrite') ? { overwrite: true } : {}),
    ...(label === undefined ? {} : { label }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  };
  const held = flags.switches.has('--hold');
  const maxCaptures = maxCapturesOf(flags.values.get('--max-captures'), HOLD_MAX_CAPTURES);
  if (!held && maxCaptures !== undefined)
    usageError('--max-captures needs --hold', { flag: '--max-captures' });
  if (!held) {
    const outcome = await context.backend.runSequence(request, context.target);
    return outcome.ok ? ok(outcome.value) : outcome;
  }
  const io = context.holdIo ?? PROCESS_HOLD_IO;
  const input = holdCommands(io);
  try {
    const hold = {
      commands: input.commands,
      onChanged: holdReporter(io),
      ...(maxCaptures === undefined ? {} : { maxCaptures }),
    };
    const outcome = await context.backend.runSequence({ ...request, hold }, context.target);
    return outcome.ok ? ok(outcome.value) : outcome;
  } finally {
    input.close();
  }
};

const SIMULATOR_FLAGS = ['--profile', '--count', '--mode'] as const;

/** `simulator start [--profile NAME]... [--count N] [--mode connect|emulator]`: --profile may repeat. */
function parseSimulatorArgs(tokens: readonly string[]): {
  profiles: string[];
  count: number | undefined;
  mode: 'connect' | 'emulator';
} {
  const profiles: string[] = [];
  let count: number | undefined;
  let mode: 'connect' | 'emulator' = 'connect';
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] ?? '';
    if (!(SIMULATOR_FLAGS as readonly string[]).includes(token)) {
      usageError(`Unexpected argument for simulator start: ${token}.${didYouMean(token, SIMULATOR_FLAGS)}`, {
        argument: token,
      });
    }
    const value = tokens[index + 1];
    if (value === undefined || value.startsWith('--'))
      usageError(`${token} requires a value`, { flag: token });
    index += 1;
    if (token === '--profile') profiles.push(value);
    else if (token === '--count') {
      if (count !== undefined) usageError('--count must be supplied only once', { flag: token });
      const parsed = parseNumericToken(value);
      if (parsed === null || parsed < 1 || parsed > 16)
        usageError(`--count must be an integer in 1..16, got "${value}"`, { flag: token, value });
      count = parsed;
    } else if (value === 'connect' || value === 'emulator') mode = value;
    else usageError(`--mode must be connect or emulator, got "${value}"`, { flag: token, value });
  }
  return { profiles, count, mode };
}

export const simulatorCommand: CommandHandler = async (args, context) => {
  const [operation, ...rest] = args;
  if (operation !== 'start') usageError('simulator requires the subcommand start');
  const parsed = parseSimulatorArgs(rest);
  const profiles = parsed.profiles.length > 0 ? parsed.profiles : ['phone'];
  const options = {
    profiles,
    count: parsed.count ?? profiles.length,
    mode: parsed.mode,
    operatorPackage: context.target.operatorPackage,
  };
  const finished = await context.backend.runSimulators(options, (device) => context.emitLine(device));
  // Each device was already printed as its own line; a clean stop prints nothing more.
  return finished.ok ? ok('') : finished;
};
