import type { DeviceState } from '../device/state';
import type { HostInput } from './hostInput';

/** Supplies the current screen as PNG bytes (a later module renders it; tests inject a fixed PNG). */
export type CaptureScreen = () => Promise<Uint8Array>;

/** Where a command writes: text is UTF-8 encoded, bytes pass unchanged. */
export type OutputSink = (chunk: Uint8Array | string) => void;

/** The device a command runs on. */
export interface CommandDevice {
  state: DeviceState;
  /** Absent: `screencap` fails like a device without a display. */
  captureScreen: CaptureScreen | undefined;
  commands: CommandTable;
  /** Upper bound for one `sleep`, in milliseconds. */
  sleepCapMs: number;
  /** Iterations after which a loop is stopped; default MAX_LOOP_ITERATIONS. */
  maxLoopIterations?: number;
}

/** One invocation of a command: `name` as typed (basename of a path), `args` after it. */
export interface CommandContext {
  name: string;
  args: readonly string[];
  /** Output of the previous pipeline stage, or empty. */
  stdin: Buffer;
  /** The host's input on the adb stream, when the command is the first of the line and the service passes it. */
  hostInput?: HostInput;
  stdout: OutputSink;
  stderr: OutputSink;
  /** Exported shell variables plus the command's own `NAME=value` prefixes. */
  environment: Readonly<Record<string, string>>;
  /** Aborted when the adb stream closes; long-running commands (sleep, logcat -T) must stop. */
  signal: AbortSignal;
  device: CommandDevice;
}

/** Runs one command and resolves to its exit status. */
export type CommandHandler = (context: CommandContext) => number | Promise<number>;

/** Named commands the shell can run; other modules register their own (e.g. a simulated `cmd`). */
export class CommandTable {
  private readonly handlers = new Map<string, CommandHandler>();

  constructor(entries: Iterable<[string, CommandHandler]> = []) {
    for (const [name, handler] of entries) this.handlers.set(name, handler);
  }

  /** Adds or replaces a command. */
  register(name: string, handler: CommandHandler): void {
    this.handlers.set(name, handler);
  }

  unregister(name: string): boolean {
    return this.handlers.delete(name);
  }

  get(name: string): CommandHandler | undefined {
    return this.handlers.get(name);
  }

  has(name: string): boolean {
    return this.handlers.has(name);
  }

  names(): string[] {
    return [...this.handlers.keys()].sort();
  }
}

/** Prints a usage or error line to stderr and returns the status, for terse error paths. */
export function failWith(context: CommandContext, message: string, status = 1): number {
  context.stderr(message.endsWith('\n') ? message : `${message}\n`);
  return status;
}
