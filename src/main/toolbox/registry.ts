// The one list of Android tools that MCP, the CLI and the console serve (src/main/android/tool.ts).
import { UI_TOOLS } from '../ui/tools';
import { UI_ACTION_TOOLS } from '../ui/actions';
import { VISION_TOOLS } from '../ui/visionTools';
import type { AndroidTool } from '../android/tool';
import { androidSettings } from '../diagnostics/settings';
import { analyzeSystemTrace } from '../traces/analyzeTool';
import { SYSTEM_TRACE_TOOLS } from '../traces/capture';
import { systemTraceStatus } from '../traces/statusTool';
import { androidCrashReport, androidNetstats, androidNotification } from '../diagnostics/aggregates/filtered';
import { androidConnectivity, androidWifiEth } from '../diagnostics/aggregates/network';
import { androidPermissionAudit } from '../diagnostics/aggregates/permissionAudit';
import { androidStorage } from '../diagnostics/aggregates/storage';
import { androidDoze, androidThermalPower } from '../diagnostics/aggregates/thermalPower';
import { androidDumpsys } from '../diagnostics/dumpsys';
import { inspectAndroidEnvironment } from '../diagnostics/environment';
import { inspectAndroidApp } from '../diagnostics/app';
import { listAndroidApps, topAndroidApps } from '../diagnostics/apps';
import { androidContentQuery } from '../diagnostics/contentQuery';
import { androidLogcat } from '../logcat/logcat';
import { androidBackgroundWork } from '../diagnostics/backgroundWork';

export const ANDROID_TOOLS: readonly AndroidTool[] = [
  inspectAndroidEnvironment,
  inspectAndroidApp,
  listAndroidApps,
  topAndroidApps,
  androidDumpsys,
  androidSettings,
  androidLogcat,
  androidContentQuery,
  androidNotification,
  androidCrashReport,
  androidThermalPower,
  androidNetstats,
  androidStorage,
  androidWifiEth,
  androidDoze,
  androidPermissionAudit,
  androidConnectivity,
  androidBackgroundWork,
  ...SYSTEM_TRACE_TOOLS,
  analyzeSystemTrace,
  systemTraceStatus,
  ...UI_TOOLS,
  ...UI_ACTION_TOOLS,
  ...VISION_TOOLS,
];

/** The tool with this MCP name. */
export function toolNamed(name: string): AndroidTool | undefined {
  return ANDROID_TOOLS.find((tool) => tool.name === name);
}

/** The tool behind `androperator <command> <verb>`. */
export function toolForCli(command: string, verb: string): AndroidTool | undefined {
  return ANDROID_TOOLS.find((tool) => tool.cli.command === command && tool.cli.verb === verb);
}
