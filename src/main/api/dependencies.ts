// What the console API is built from: the device hub, the runners, the stores and the event bus.
import type { ConsoleSettings } from '../../shared/api/contract';
import type { Result } from '../../shared/errors';
import type { AdbServerStatus } from '../devices/hub';
import type { DeviceInfo, OperatorStatus, ResolvedDevice } from '../devices/types';
import type { EvidenceStore } from '../evidence/evidenceStore';
import type { InFlightRegistry } from '../execution/inFlight';
import { runExecution } from '../execution/runExecution';
import type { Clock } from '../execution/types';
import { callAgent } from '../operator/agentClient';
import { captureScreen } from '../screenshot/capture';
import { runSequence } from '../sequence/runSequence';
import type { SequenceHostPorts } from '../sequence/ports';
import type { ConsoleApprover } from './consoleApprover';
import type { ConsoleEventBus } from './events';
import type { HeldRuns } from './heldRuns';
import type { LogcatFollows } from './logcatApiFollows';
import type { PresetsStore } from './presetsStore';
import type { SettingsStore } from './settingsStore';

/** The part of AdbHub the console API uses. */
export interface DeviceHubPort {
  list(): Promise<Result<DeviceInfo[]>>;
  resolve(deviceId?: string): Promise<Result<ResolvedDevice>>;
  servers(): AdbServerStatus[];
  addServer(address: string): Promise<Result<AdbServerStatus>>;
  removeServer(address: string): Promise<boolean>;
  setServerEnabled(address: string, enabled: boolean): Promise<boolean>;
  setOperatorPackage(operatorPackage: string): Result<void>;
  /** Reads the Operator status now and updates the device list (and so devices:changed) with it. */
  operatorStatus(serial: string): Promise<Result<OperatorStatus>>;
}

/** The effects that talk to devices; unit tests replace them. */
export interface ConsoleRunners {
  runExecution: typeof runExecution;
  runSequence: typeof runSequence;
  captureScreen: typeof captureScreen;
  callAgent: typeof callAgent;
}

export const REAL_RUNNERS: ConsoleRunners = { runExecution, runSequence, captureScreen, callAgent };

export interface ConsoleDependencies {
  app: {
    version: string;
    shell: 'electron' | 'web';
    platform: string;
    /** The Operator APK built in this checkout, looked up when asked (undefined when there is none). */
    builtOperatorApk?: () => string | undefined;
  };
  hub: DeviceHubPort;
  /** Shared by every surface of this process: one execution (or sequence) per device at a time. */
  inFlight: InFlightRegistry;
  evidence: EvidenceStore;
  settings: SettingsStore;
  presets: PresetsStore;
  events: ConsoleEventBus;
  /** Reacts to a stored settings change (e.g. the simulated phone); its failure does not undo the change. */
  onSettingsChanged?: (next: ConsoleSettings, previous: ConsoleSettings) => Promise<void>;
  runners?: Partial<ConsoleRunners>;
  /** How sequences reach devices and check captures; default adbSequencePorts with this API's own measurer. */
  sequencePorts?: SequenceHostPorts;
  clock?: Clock;
  /** The live logcat follows (services.ts closes them on shutdown); default a registry of this API's own. */
  logcatFollows?: LogcatFollows;
  /** The approval dialog's main side; default one over `events`. */
  approvals?: ConsoleApprover;
  /** Held sequence runs (services.ts releases them on shutdown); default a registry of this API's own. */
  holds?: HeldRuns;
}

/** The dependencies with every runner filled in. */
export type ResolvedDependencies = ConsoleDependencies & {
  run: ConsoleRunners;
  clock: Clock;
  approvals: ConsoleApprover;
};
