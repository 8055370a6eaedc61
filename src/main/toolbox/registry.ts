// The one list of Android tools that MCP, the CLI and the console serve (src/main/android/tool.ts).
import type { AndroidTool } from '../android/tool';
import { androidSettings } from '../diagnostics/settings';
import { SYSTEM_TRACE_TOOLS } from '../traces/capture';

export const ANDROID_TOOLS: readonly AndroidTool[] = [androidSettings, ...SYSTEM_TRACE_TOOLS];

/** The tool with this MCP name. */
export function toolNamed(name: string): AndroidTool | undefined {
  return ANDROID_TOOLS.find((tool) => tool.name === name);
}

/** The tool behind `androperator <command> <verb>`. */
export function toolForCli(command: string, verb: string): AndroidTool | undefined {
  return ANDROID_TOOLS.find((tool) => tool.cli.command === command && tool.cli.verb === verb);
}
