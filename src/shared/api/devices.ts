// Device descriptions as the console API reports them (shared by main, renderer, CLI and HTTP clients).

export type DeviceState =
  'device' | 'offline' | 'unauthorized' | 'recovery' | 'sideload' | 'bootloader' | 'unknown';

/** What the console knows about the Operator on one device. */
export interface OperatorStatus {
  packageName: string;
  /** `pm path <package>` found it. */
  installed: boolean;
  /** Its accessibility service is in secure enabled_accessibility_services and accessibility_enabled is 1. */
  serviceEnabled: boolean;
  /** It answered hello on its agent socket. */
  reachable: boolean;
  versionName?: string;
  /** Why it is not reachable, when it is not. */
  problem?: string;
}

/** One device as the console lists it. */
export interface DeviceInfo {
  serial: string;
  state: DeviceState;
  /** Which adb server reports it: "local" or the remote "host:port". */
  server: string;
  manufacturer?: string;
  model?: string;
  apiLevel?: number;
  release?: string;
  /** The simulator profile name when this is a simulated device (ro.androperator.simulator). */
  simulatedProfile?: string;
  operator?: OperatorStatus;
}
