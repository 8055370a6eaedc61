// Device commands: devices, screenshot, snapshot, sequence and simulator start, all through the CliBackend.
import { isAbsolute, resolve } from 'node:path';
import { ok } from '../shared/errors';
import { DEFAULT_TIMEOUT_MS } from '../shared/execution/limits';
import { EXPECTED_FORMAT, SNAPSHOT, TAKE_SCREENSHOT } from '../shared/execution/types';
import { validateExecution } from '../shared/execution/validateExecution';
import type { Clock, CommandContext, CommandHandler } from './context';
import { newCommandId, validateThen } from './executions';
import { parseFlags, type FlagSpec } from './flags';
import { buildOnScreenLogExecution, PANEL_FLAG_SPECS, panelParamsFrom } from './onScreenLog';
import { usageError } from './usage';

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

/**
 * A take_screenshot execution. Why the path is made absolute here: the capture may run in another process
 * (the console or a daemon) whose working directory is not the caller's.
 */
function screenshotExecution(path: string | undefined, context: CommandContext) {
  if (path !== undefined && path.trim() === '') usageError('--path requires a non-blank file path');
  const params = path === undefined ? {} : { path: isAbsolute(path) ? path : resolve(context.cwd, path) };
  return observeExecution('screenshot', { id: 'shot', type: TAKE_SCREENSHOT, params }, context);
}

export const devicesCommand: CommandHandler = async (args, context) => {
  parseFlags(args, [], { context: 'devices' });
  const devices = await context.backend.listDevices({ timeoutMs: context.common.timeoutMs });
  return devices.ok ? ok({ devices: devices.value }) : devices;
};

export const snapshotCommand: CommandHandler = async (args, context) => {
  parseFlags(args, [], { context: 'snapshot' });
  return validateThen(observeExecution('snapshot', { id: 'snap', type: SNAPSHOT }, context), 'run', context);
};

export const screenshotCommand: CommandHandler = async (args, context) => {
  const flags = parseFlags(args, [PATH_FLAG], { context: 'screenshot' });
  return validateThen(screenshotExecution(flags.values.get('--path'), context), 'run', context);
};

function clearExecution(clock: Clock, timeoutMs: number | undefined) {
  return buildOnScreenLogExecution({ operation: 'clear' }, timeoutMs, clock);
}

/** set -> screenshot -> clear as three separate executions, so the screenshot is taken while the panel is shown. */
export const sequenceCommand: CommandHandler = async (args, context) => {
  const flags = parseFlags(args, [...PANEL_FLAG_SPECS, PATH_FLAG], { context: 'sequence' });
  const params = panelParamsFrom(flags.values, 'sequence');
  const timeoutMs = context.common.timeoutMs;
  const set = validateExecution(
    buildOnScreenLogExecution({ operation: 'set', params }, timeoutMs, context.clock),
  );
  if (!set.ok) return set;
  const screenshot = validateExecution(screenshotExecution(flags.values.get('--path'), context));
  if (!screenshot.ok) return screenshot;
  const clear = validateExecution(clearExecution(context.clock, timeoutMs));
  if (!clear.ok) return clear;
  const request = { set: set.value, screenshot: screenshot.value, clear: clear.value };
  const outcome = await context.backend.runSequence(request, context.target);
  return outcome.ok ? ok(outcome.value) : outcome;
};

export const simulatorCommand: CommandHandler = async (args, context) => {
  const [operation, ...rest] = args;
  if (operation !== 'start') usageError('simulator requires the subcommand start');
  parseFlags(rest, [], { context: 'simulator start' });
  const started = await context.backend.startSimulator({ timeoutMs: context.common.timeoutMs });
  return started.ok ? ok(started.value) : started;
};
