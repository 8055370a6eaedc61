// `androperator android|trace|ui <verb>`: every Android tool of the registry as a CLI verb, run directly against the
// local adb server; approval is a y/N prompt on a terminal (stderr) or --yes.
import { createInterface } from 'node:readline/promises';
import { fail, ok } from '../shared/errors';
import type { Approver } from '../main/approval/approval';
import { APPROVE_ALL } from '../main/approval/approval';
import type { AndroidTool } from '../main/android/tool';
import { ANDROID_TOOLS } from '../main/toolbox/registry';
import type { CommandHandler } from './context';
import { didYouMean } from './didYouMean';
import { COMMON_TIMEOUT_PROPERTY, commandHelp, parseToolFlags, toolFlags, verbHelp } from './toolFlags';
import { usageError } from './usage';

export type ToolCommandName = AndroidTool['cli']['command'];

/** How the CLI asks: `interactive` when stdin and stderr are terminals; `ask` prints the question and reads a line. */
export interface Prompter {
  interactive: boolean;
  ask(question: string): Promise<string>;
}

/** The process's terminal: the question on stderr (stdout carries the JSON), the answer from stdin. */
export const TERMINAL_PROMPTER: Prompter = {
  get interactive() {
    return process.stdin.isTTY && process.stderr.isTTY;
  },
  async ask(question) {
    const terminal = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return await terminal.question(question);
    } finally {
      terminal.close();
    }
  },
};

/**
 * The CLI approver: --yes approves everything; on a terminal, y/N (a strong request then wants the serial typed);
 * otherwise APPROVAL_UNAVAILABLE, and nothing is sent.
 */
export function cliApprover(yes: boolean, prompter: Prompter): Approver {
  if (yes) return APPROVE_ALL;
  return async (request) => {
    const details = { tool: request.tool, device: request.device, preview: request.preview };
    if (!prompter.interactive)
      return fail(
        'APPROVAL_UNAVAILABLE',
        `${request.tool} changes the device and needs approval, but there is no terminal to ask: run it again with --yes to approve ${request.preview}`,
        details,
      );
    const answer = await prompter.ask(
      `${request.tool} will run on ${request.device}:\n  ${request.preview}\nApprove? [y/N] `,
    );
    if (!/^y(es)?$/i.test(answer.trim()))
      return fail('APPROVAL_REFUSED', `${request.tool} was not approved; nothing was sent`, details);
    if (request.strength === 'normal') return ok(undefined);
    const typed = await prompter.ask(
      `This is a dangerous action. Type the device serial ${request.device} to confirm: `,
    );
    return typed.trim() === request.device
      ? ok(undefined)
      : fail(
          'APPROVAL_REFUSED',
          `${request.tool}: the typed serial did not match; nothing was sent`,
          details,
        );
  };
}

/** The handler of one tool command; `tools` and `prompter` are injectable for tests. */
export function toolCommand(
  command: ToolCommandName,
  tools: readonly AndroidTool[] = ANDROID_TOOLS,
  prompter: Prompter = TERMINAL_PROMPTER,
): CommandHandler {
  return async (args, context) => {
    const mine = tools.filter((tool) => tool.cli.command === command);
    const verbs = mine.map((tool) => tool.cli.verb);
    const [verb, ...rest] = args;
    if (verb === undefined || verb.startsWith('-'))
      usageError(
        `${command} requires a verb: ${verbs.length === 0 ? '(none yet)' : verbs.join(', ')}. Run androperator ${command} --help for their descriptions.`,
      );
    const tool = mine.find((candidate) => candidate.cli.verb === verb);
    if (tool === undefined)
      return fail(
        'UNKNOWN_COMMAND',
        `Unknown ${command} verb: ${verb}.${didYouMean(verb, verbs)} Run androperator ${command} --help for the verbs.`,
        { command, verb },
      );
    const parsed = parseToolFlags(tool, rest);
    const { yes } = parsed;
    const timeout = context.common.timeoutMs;
    const toolArgs =
      timeout !== undefined && toolFlags(tool).some((flag) => flag.property === COMMON_TIMEOUT_PROPERTY)
        ? { ...parsed.args, [COMMON_TIMEOUT_PROPERTY]: timeout }
        : parsed.args;
    const deviceId = context.target.deviceId;
    const call =
      tool.device === 'none' || deviceId === undefined ? toolArgs : { ...toolArgs, device: deviceId };
    if (context.backend.runAndroidTool === undefined)
      return fail('ADB_SERVER_UNAVAILABLE', `This build of androperator cannot run ${command} ${verb}`);
    return context.backend.runAndroidTool(tool, call, cliApprover(yes, prompter), context.target);
  };
}

/** `androperator <command> [verb] --help`, or undefined when `command` is not a tool command. */
export function toolHelpFor(command: string, verb: string | undefined): string | undefined {
  if (command !== 'android' && command !== 'trace' && command !== 'ui') return undefined;
  const tool = ANDROID_TOOLS.find(
    (candidate) => candidate.cli.command === command && candidate.cli.verb === verb,
  );
  return tool === undefined ? commandHelp(command, ANDROID_TOOLS) : verbHelp(tool);
}
