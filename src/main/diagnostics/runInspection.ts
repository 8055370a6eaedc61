// The reads a sequence run's evidence takes after clear (src/main/evidence/inspection.ts records them):
// inspect_android_environment and inspect_android_app (the foreground app) on the run's already-resolved device,
// read-only, with the diagnostics' own bounds and a cancellation the recorder's timeout drives.
import { runDeviceCommand } from '../../node/adb/deviceCommand';
import { NO_APPROVER } from '../approval/approval';
import type { AndroidTool } from '../android/tool';
import type { ResolvedDevice } from '../devices/types';
import type { InspectionReads } from '../evidence/inspection';
import { inspectAndroidApp } from './app';
import { inspectAndroidEnvironment } from './environment';

function runOn(device: ResolvedDevice, tool: AndroidTool, signal: AbortSignal) {
  return tool.run(
    {
      device,
      run: (command, options) =>
        runDeviceCommand(device.client, device.serial, command, { ...options, signal }),
      signal,
      // Both tools are read_only: they never ask, and nothing could approve a change here.
      approve: NO_APPROVER,
      now: Date.now,
    },
    tool.arguments.parse({}),
  );
}

/** The environment and foreground-app reads of one device. */
export function runInspectionReads(device: ResolvedDevice): InspectionReads {
  return {
    environment: (signal) => runOn(device, inspectAndroidEnvironment, signal),
    app: (signal) => runOn(device, inspectAndroidApp, signal),
  };
}
