import { filesOf } from '../device/files';
import type { AndOr, Command, CommandList, Pipeline, SimpleCommand } from './ast';
import { BUILTINS, type BuiltinContext } from './builtins';
import type { CommandDevice, OutputSink } from './commandTable';
import type { HostInput } from './hostInput';
import { expandFields, expandText, type Expander } from './expand';
import { parseScript } from './parse';
import { applyRedirects, type ExpandedRedirect, type Streams } from './redirect';
import { ShellExit, ShellState } from './shellState';

/** Where a whole command line writes and when it must stop. */
export interface ShellIo {
  stdout: OutputSink;
  stderr: OutputSink;
  signal: AbortSignal;
  /** What the host sends on the stream, for services that pass it on (`exec:`, `abb_exec:`, shell v2 stdin). */
  hostInput?: HostInput;
}

/** Statuses the shell itself produces. */
export const SHELL_STATUS = {
  notFound: 127,
  syntaxError: 1,
  redirectFailed: 1,
  interrupted: 130,
  internalError: 1,
} as const;
/** A loop stops after this many iterations (a safety net; every iteration also yields to the event loop). */
export const MAX_LOOP_ITERATIONS = 100_000;

const BINARY_DIRECTORIES = ['/system/bin/', '/system/xbin/', '/vendor/bin/', '/bin/'];

/** Runs a command line as adbd does (`/system/bin/sh -c <line>`); resolves to the shell's exit status. */
export async function runCommandLine(
  commandLine: string,
  io: ShellIo,
  device: CommandDevice,
): Promise<number> {
  const streams: Streams = { stdin: Buffer.alloc(0), stdout: io.stdout, stderr: io.stderr };
  if (io.hostInput) streams.hostInput = io.hostInput;
  return runShellProcess(commandLine, ShellState.login(device.state), device, io.signal, streams);
}

/** One shell process: `exit` ends it, and its EXIT trap runs at the end with `$?` set to the exit status. */
async function runShellProcess(
  source: string,
  shell: ShellState,
  device: CommandDevice,
  signal: AbortSignal,
  streams: Streams,
): Promise<number> {
  const interpreter = new Interpreter(device, signal, shell);
  const status = await untilExit(() => interpreter.script(source, streams));
  return runExitTrap(interpreter, shell, status, streams);
}

/** Runs and clears the EXIT trap; the status stays unless the trap itself exits. */
async function runExitTrap(
  interpreter: Interpreter,
  shell: ShellState,
  status: number,
  streams: Streams,
): Promise<number> {
  const trap = shell.exitTrap;
  if (trap === undefined) return status;
  shell.exitTrap = undefined;
  shell.status = status;
  return untilExit(async () => {
    await interpreter.script(trap, streams);
    return status;
  });
}

/** An interactive `adb shell`: one shell process reading one command line at a time. */
export interface ShellSession {
  /** Runs one line; `exited` when it ran `exit` or `exec` (the session then ends with `status`). */
  run(line: string): Promise<{ status: number; exited: boolean }>;
  /** Ends the session (runs the EXIT trap) and resolves to the final status. */
  end(status: number): Promise<number>;
}

/** Starts the shell process of an interactive session; variables, `$$` and traps last across its lines. */
export function openShellSession(io: ShellIo, device: CommandDevice): ShellSession {
  const shell = ShellState.login(device.state);
  const streams = { stdin: Buffer.alloc(0), stdout: io.stdout, stderr: io.stderr };
  const interpreter = new Interpreter(device, io.signal, shell);
  return {
    run: async (line) => {
      try {
        return { status: await interpreter.script(line, streams), exited: false };
      } catch (error) {
        if (error instanceof ShellExit) return { status: error.status, exited: true };
        throw error;
      }
    },
    end: (status) => runExitTrap(interpreter, shell, status, streams),
  };
}

async function untilExit(run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ShellExit) return error.status;
    throw error;
  }
}

class Interpreter {
  constructor(
    private readonly device: CommandDevice,
    private readonly signal: AbortSignal,
    private readonly shell: ShellState,
  ) {}

  /** Parses and runs a script in this shell; a syntax error fails it with status 1. */
  async script(source: string, streams: Streams): Promise<number> {
    const script = parseScript(source);
    if (!script.ok) {
      streams.stderr(`${this.shell.name}: ${script.error.message}\n`);
      this.shell.status = SHELL_STATUS.syntaxError;
      return SHELL_STATUS.syntaxError;
    }
    return this.list(script.value, streams);
  }

  async list(list: CommandList, streams: Streams): Promise<number> {
    let status = 0;
    for (const item of list.items) {
      if (this.signal.aborted) return SHELL_STATUS.interrupted;
      status = await this.andOr(item, streams);
    }
    return status;
  }

  private async andOr(item: AndOr, streams: Streams): Promise<number> {
    let status = await this.pipeline(item.first, streams);
    for (const { connector, pipeline } of item.rest) {
      if (this.signal.aborted) return SHELL_STATUS.interrupted;
      if ((connector === '&&') === (status === 0)) status = await this.pipeline(pipeline, streams);
    }
    return status;
  }

  /**
   * Stages run one after another; each stage's stdout is buffered and becomes the next stage's stdin. Every stage
   * but the last runs in a subshell (as in mksh, the last one runs in the current shell); the status is the last's.
   */
  private async pipeline(pipeline: Pipeline, streams: Streams): Promise<number> {
    let stdin = streams.stdin;
    let status = 0;
    for (const [index, command] of pipeline.commands.entries()) {
      const last = index === pipeline.commands.length - 1;
      const collected: Buffer[] = [];
      const stdout: OutputSink = last ? streams.stdout : (chunk) => collected.push(Buffer.from(chunk));
      const stageStreams: Streams = { stdin, stdout, stderr: streams.stderr };
      if (index === 0 && streams.hostInput) stageStreams.hostInput = streams.hostInput;
      status = last
        ? await this.command(command, stageStreams)
        : await this.subshell((child) => child.command(command, stageStreams));
      stdin = Buffer.concat(collected);
    }
    if (pipeline.negated) status = status === 0 ? 1 : 0;
    this.shell.status = status;
    return status;
  }

  private subshell(run: (child: Interpreter) => Promise<number>): Promise<number> {
    const child = new Interpreter(this.device, this.signal, this.shell.subshell());
    return untilExit(() => run(child));
  }

  private async command(command: Command, outer: Streams): Promise<number> {
    if (command.kind === 'simple') return this.simple(command, outer);
    const expander = this.expander(outer);
    const redirects: ExpandedRedirect[] = [];
    for (const { fd, operator, target } of command.redirects)
      redirects.push({ fd, operator, target: await expandText(target, expander) });
    const streams = this.redirect(redirects, outer);
    if (typeof streams === 'number') return streams;
    if (command.kind === 'group') {
      return command.subshell
        ? this.subshell((child) => child.list(command.body, streams))
        : this.list(command.body, streams);
    }
    if (command.kind === 'for') {
      const values: string[] = [];
      if (command.words === undefined) values.push(...this.shell.positional);
      else for (const word of command.words) values.push(...(await expandFields(word, expander)));
      let status = 0;
      for (const value of values) {
        if (this.signal.aborted) return SHELL_STATUS.interrupted;
        this.shell.set(command.name, value);
        status = await this.list(command.body, streams);
      }
      return status;
    }
    if (command.kind === 'if') {
      for (const branch of command.branches) {
        if ((await this.list(branch.condition, streams)) === 0) return this.list(branch.body, streams);
      }
      return command.otherwise ? this.list(command.otherwise, streams) : 0;
    }
    let status = 0;
    const limit = this.device.maxLoopIterations ?? MAX_LOOP_ITERATIONS;
    for (let iteration = 0; ; iteration += 1) {
      if (iteration >= limit) {
        streams.stderr(`${this.shell.name}: loop stopped after ${limit} iterations (simulator limit)\n`);
        return 1;
      }
      // Yield so a loop without sleep cannot starve the event loop (and the stream close that aborts it).
      await new Promise((resolve) => setImmediate(resolve));
      if (this.signal.aborted) return SHELL_STATUS.interrupted;
      const conditionStatus = await this.list(command.condition, streams);
      if ((conditionStatus === 0) === command.until) return status;
      status = await this.list(command.body, streams);
    }
  }

  private redirect(redirects: readonly ExpandedRedirect[], outer: Streams): Streams | number {
    const applied = applyRedirects(redirects, outer, {
      files: filesOf(this.device.state),
      cwd: this.shell.workingDirectory,
      shellName: this.shell.name,
    });
    if (!('error' in applied)) return applied;
    outer.stderr(`${applied.error}\n`);
    return SHELL_STATUS.redirectFailed;
  }

  /** Expansion reads this shell; `$(...)` runs in a subshell whose stderr is the command's stderr. */
  private expander(streams: Streams, onSubstitution?: (status: number) => void): Expander {
    return {
      lookup: (name) => this.shell.get(name),
      assign: (name, value) => this.shell.set(name, value),
      substitute: async (script) => {
        const collected: Buffer[] = [];
        const status = await this.subshell((child) =>
          child.script(script, {
            stdin: Buffer.alloc(0),
            stdout: (chunk) => collected.push(Buffer.from(chunk)),
            stderr: streams.stderr,
          }),
        );
        onSubstitution?.(status);
        return Buffer.concat(collected).toString('utf8');
      },
      fail: (message) => {
        streams.stderr(`${this.shell.name}: ${message}\n`);
        throw new ShellExit(1);
      },
    };
  }

  private async simple(command: SimpleCommand, outer: Streams): Promise<number> {
    let substitutionStatus: number | undefined;
    const expander = this.expander(outer, (status) => {
      substitutionStatus = status;
    });
    const fields: string[] = [];
    for (const word of command.words) fields.push(...(await expandFields(word, expander)));
    const assignments: Record<string, string> = {};
    for (const { name, value } of command.assignments) assignments[name] = await expandText(value, expander);
    const redirects: ExpandedRedirect[] = [];
    for (const { fd, operator, target } of command.redirects)
      redirects.push({ fd, operator, target: await expandText(target, expander) });
    const streams = this.redirect(redirects, outer);
    if (typeof streams === 'number') return streams;
    if (fields.length === 0) {
      for (const [name, value] of Object.entries(assignments)) this.shell.set(name, value);
      return substitutionStatus ?? 0;
    }
    return this.run(fields, assignments, streams);
  }

  /** Runs a built-in or a device command by its expanded fields. */
  private async run(
    fields: readonly string[],
    assignments: Readonly<Record<string, string>>,
    streams: Streams,
  ): Promise<number> {
    const word = fields[0] as string;
    const name = commandName(word);
    const builtin = name === undefined ? undefined : BUILTINS.get(name);
    if (builtin) return builtin(this.builtinContext(fields.slice(1), assignments, streams));
    const handler = name === undefined ? undefined : this.device.commands.get(name);
    if (!handler || name === undefined) {
      streams.stderr(`${this.shell.name}: ${word}: inaccessible or not found\n`);
      return SHELL_STATUS.notFound;
    }
    try {
      return await handler({
        name,
        args: fields.slice(1),
        ...streams,
        environment: { ...this.shell.environment(), ...assignments },
        signal: this.signal,
        device: this.device,
      });
    } catch (error) {
      streams.stderr(
        `${this.shell.name}: ${name}: simulator error: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      return SHELL_STATUS.internalError;
    }
  }

  private builtinContext(
    args: readonly string[],
    assignments: Readonly<Record<string, string>>,
    streams: Streams,
  ): BuiltinContext {
    return {
      args,
      shell: this.shell,
      streams,
      device: this.device,
      assignments,
      runFields: (fields) => this.run(fields, assignments, streams),
      evaluate: (source) => this.script(source, streams),
      spawnShell: (source, name, positional, stdin) => {
        const child = this.shell.child(this.device.state, name, assignments);
        child.positional = [...positional];
        return runShellProcess(source, child, this.device, this.signal, { ...streams, stdin });
      },
    };
  }
}

/** `getprop` and `/system/bin/getprop` name the same command; other paths name nothing. */
function commandName(word: string): string | undefined {
  if (!word.includes('/')) return word;
  const directory = BINARY_DIRECTORIES.find((prefix) => word.startsWith(prefix));
  const rest = directory ? word.slice(directory.length) : '';
  return rest && !rest.includes('/') ? rest : undefined;
}
