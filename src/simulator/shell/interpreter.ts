import type { CommandDevice, OutputSink } from './commandTable';
import {
  parseScript,
  type AndOr,
  type Command,
  type CommandList,
  type Pipeline,
  type Redirect,
} from './parse';

/** Where a whole command line writes and when it must stop. */
export interface ShellIo {
  stdout: OutputSink;
  stderr: OutputSink;
  signal: AbortSignal;
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

const SHELL = '/system/bin/sh';
const BINARY_DIRECTORIES = ['/system/bin/', '/system/xbin/', '/vendor/bin/', '/bin/'];
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const discard: OutputSink = () => undefined;

interface Streams {
  stdin: Buffer;
  stdout: OutputSink;
  stderr: OutputSink;
}

/** Parses and runs a command line like `sh -c`; resolves to the exit status of the last command. */
export async function runCommandLine(
  commandLine: string,
  io: ShellIo,
  device: CommandDevice,
): Promise<number> {
  const script = parseScript(commandLine);
  if (!script.ok) {
    io.stderr(`${SHELL}: ${script.error.message}\n`);
    return SHELL_STATUS.syntaxError;
  }
  return new Interpreter(device, io.signal).list(script.value, {
    stdin: Buffer.alloc(0),
    stdout: io.stdout,
    stderr: io.stderr,
  });
}

class Interpreter {
  constructor(
    private readonly device: CommandDevice,
    private readonly signal: AbortSignal,
  ) {}

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

  /** Stages run one after another; each stage's stdout is buffered and becomes the next stage's stdin. */
  private async pipeline(pipeline: Pipeline, streams: Streams): Promise<number> {
    let stdin = streams.stdin;
    let status = 0;
    for (const [index, command] of pipeline.commands.entries()) {
      const last = index === pipeline.commands.length - 1;
      const collected: Buffer[] = [];
      const stdout: OutputSink = last ? streams.stdout : (chunk) => collected.push(Buffer.from(chunk));
      status = await this.command(command, { stdin, stdout, stderr: streams.stderr });
      stdin = Buffer.concat(collected);
    }
    if (pipeline.negated) return status === 0 ? 1 : 0;
    return status;
  }

  private async command(command: Command, outer: Streams): Promise<number> {
    const streams = this.redirect(command.redirects, outer);
    if (typeof streams === 'number') return streams;
    if (command.kind === 'simple') return this.simple(command.words, streams);
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
        streams.stderr(`${SHELL}: loop stopped after ${limit} iterations (simulator limit)\n`);
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

  /** Applies redirections in order; only /dev/null and fd duplication are supported (no file system). */
  private redirect(redirects: readonly Redirect[], outer: Streams): Streams | number {
    const streams: Streams = { ...outer };
    for (const { fd, operator, target } of redirects) {
      if (operator === '<' || operator === '<&') {
        if (operator === '<' && target !== '/dev/null') {
          streams.stderr(`${SHELL}: can't open ${target}: No such file or directory\n`);
          return SHELL_STATUS.redirectFailed;
        }
        if (fd === 0) streams.stdin = Buffer.alloc(0);
        continue;
      }
      let sink: OutputSink;
      if (operator === '>&') {
        if (target === '1') sink = streams.stdout;
        else if (target === '2') sink = streams.stderr;
        else if (target === '-') sink = discard;
        else {
          streams.stderr(`${SHELL}: ${target}: bad file descriptor\n`);
          return SHELL_STATUS.redirectFailed;
        }
      } else if (target === '/dev/null') {
        sink = discard;
      } else {
        streams.stderr(`${SHELL}: can't create ${target}: files are not supported by the simulator\n`);
        return SHELL_STATUS.redirectFailed;
      }
      if (fd === 1) streams.stdout = sink;
      else if (fd === 2) streams.stderr = sink;
    }
    return streams;
  }

  private async simple(words: readonly string[], streams: Streams): Promise<number> {
    let start = 0;
    while (start < words.length && ASSIGNMENT.test(words[start] as string)) start += 1;
    const word = words[start];
    if (word === undefined) return 0;
    const name = commandName(word);
    const handler = name === undefined ? undefined : this.device.commands.get(name);
    if (!handler || name === undefined) {
      streams.stderr(`${SHELL}: ${word}: inaccessible or not found\n`);
      return SHELL_STATUS.notFound;
    }
    try {
      return await handler({
        name,
        args: words.slice(start + 1),
        ...streams,
        signal: this.signal,
        device: this.device,
      });
    } catch (error) {
      streams.stderr(
        `${SHELL}: ${name}: simulator error: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      return SHELL_STATUS.internalError;
    }
  }
}

/** `getprop` and `/system/bin/getprop` name the same command; other paths name nothing. */
function commandName(word: string): string | undefined {
  if (!word.includes('/')) return word;
  const directory = BINARY_DIRECTORIES.find((prefix) => word.startsWith(prefix));
  const rest = directory ? word.slice(directory.length) : '';
  return rest && !rest.includes('/') ? rest : undefined;
}
