import { DeviceState, type DeviceStateOptions } from '../simulator/device/state';
import type { CaptureScreen, CommandTable } from '../simulator/shell/commandTable';
import { createDefaultCommandTable } from '../simulator/shell/defaultCommands';
import { runCommandLine } from '../simulator/shell/interpreter';

/** What one in-process command line produced: separate streams, their interleaving, and the exit status. */
export interface ShellRun {
  stdout: Buffer;
  stderr: string;
  /** stdout and stderr interleaved in write order, as legacy `shell:` delivers them. */
  output: Buffer;
  status: number;
}

export interface ShellRunOptions {
  state?: DeviceState | DeviceStateOptions;
  captureScreen?: CaptureScreen;
  commands?: CommandTable;
  sleepCapMs?: number;
  maxLoopIterations?: number;
  signal?: AbortSignal;
}

/** Runs a command line against a device state without any transport (for unit tests of commands). */
export async function runShell(commandLine: string, options: ShellRunOptions = {}): Promise<ShellRun> {
  const state = options.state instanceof DeviceState ? options.state : new DeviceState(options.state);
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  const output: Buffer[] = [];
  const status = await runCommandLine(
    commandLine,
    {
      stdout: (chunk) => {
        stdout.push(Buffer.from(chunk));
        output.push(Buffer.from(chunk));
      },
      stderr: (chunk) => {
        stderr.push(Buffer.from(chunk));
        output.push(Buffer.from(chunk));
      },
      signal: options.signal ?? new AbortController().signal,
    },
    {
      state,
      captureScreen: options.captureScreen,
      commands: options.commands ?? createDefaultCommandTable(),
      sleepCapMs: options.sleepCapMs ?? 10_000,
      maxLoopIterations: options.maxLoopIterations,
    },
  );
  return {
    stdout: Buffer.concat(stdout),
    stderr: Buffer.concat(stderr).toString('utf8'),
    output: Buffer.concat(output),
    status,
  };
}
