// An Android tool, declared once and served by MCP, the CLI (`androperator <command> <verb>`) and the console.
import type { z } from 'zod';
import type { Result } from '../../shared/errors';
import type { CommandResult, DeviceCommandOptions } from '../../node/adb/deviceCommand';
import type { Approver } from '../approval/approval';
import type { ResolvedDevice } from '../devices/types';

/** The reference's risk floors (section 1.2): read_only runs at once; the others need approval. */
export type ToolRisk = 'read_only' | 'mutating' | 'dangerous';

/** What a tool's run gets: its device, a command runner bound to it, cancellation and the surface's approver. */
export interface AndroidToolContext {
  /** Absent only for tools declared with `device: 'none'` (e.g. analysing a host file). */
  device: ResolvedDevice | undefined;
  /** Runs a command on the context's device with the call's signal; quote every value with shellQuote. */
  run(command: string, options?: Omit<DeviceCommandOptions, 'signal'>): Promise<Result<CommandResult>>;
  signal: AbortSignal;
  approve: Approver;
  now(): number;
}

export interface AndroidTool<S extends z.ZodType = z.ZodType> {
  /** The seed's MCP name, e.g. `android_logcat`, `android.screen_dump`. */
  name: string;
  /** CLI: `androperator <command> <verb>`, e.g. { command: 'android', verb: 'logcat' }. */
  cli: { command: 'android' | 'trace' | 'ui'; verb: string };
  /** One or two sentences for tools/list and --help, including the caveats a caller must know. */
  description: string;
  risk: ToolRisk;
  /** `required` (default): the call resolves a device (its `device` argument, or the only one); `none`: no device;
   * `optional`: the device named, or the only one when one is connected, else none (the tool says when it needs one). */
  device?: 'required' | 'none' | 'optional';
  /** A zod strictObject from src/shared; `device` is added by the surfaces and must not be declared here. */
  arguments: S;
  run(context: AndroidToolContext, args: z.output<S>): Promise<Result<unknown>>;
}

/** Declares a tool with its argument type inferred from its schema. */
export function defineTool<S extends z.ZodType>(tool: AndroidTool<S>): AndroidTool {
  return tool as unknown as AndroidTool;
}
