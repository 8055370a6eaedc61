// The device side of the CLI: everything that needs adb goes through this interface, so tests can inject a fake.
import type { ResultEnvelope } from '../shared/envelope';
import { fail, type Result } from '../shared/errors';
import type { Execution, SetOnScreenLogParams } from '../shared/execution/types';
import type { SequenceHoldState, SequenceResult } from '../shared/api/sequence';
import type { DeviceInfo } from '../shared/api/devices';
import type { Logger } from './log';
import type { Approver } from '../main/approval/approval';
import type { AndroidTool } from '../main/android/tool';

/** Where an execution goes: the device serial (optional when exactly one is connected) and the Operator package. */
export interface DeviceTarget {
  deviceId?: string;
  operatorPackage: string;
  /** Run directly instead of through a background daemon. */
  noDaemon: boolean;
  /** take_screenshot may replace an existing regular file at its path (`--overwrite`). */
  overwrite?: boolean;
}

export interface DeviceListOptions {
  timeoutMs?: number;
  /** List the local adb server directly even when a console or serve runs (`--no-daemon`). */
  noDaemon?: boolean;
}

/**
 * The devices as the one who will run the next command sees them, and who that is: a running console/serve
 * ("the console at http://127.0.0.1:3000") or the local adb server ("the adb server on port 5037"). `set`,
 * `screenshot` and `exec` without --device choose among exactly these, so both always count the same set.
 */
export interface DeviceListing {
  devices: DeviceSummary[];
  source: string;
}

/** One adb device as `devices` reports it. */
export type DeviceSummary = DeviceInfo;

/** A completed execution: the Operator's result envelope and the device that produced it. */
export interface ExecutionOutcome {
  envelope: ResultEnvelope;
  deviceId: string;
  terminalSource: 'androperator_result';
}

/** `sequence`: the panel design (canonically validated), where to copy the screenshot, and the run's label. */
export interface SequenceRequest {
  design: SetOnScreenLogParams;
  /** Absolute path to copy the run's screenshot to (the run folder keeps its own copy). */
  path?: string;
  label?: string;
  timeoutMs?: number;
  /** The copy at `path` may replace an existing regular file (`--overwrite`). */
  overwrite?: boolean;
  /** --hold: the panel stays up for more captures; `commands` asks for them and for release (stdin). */
  hold?: {
    maxCaptures?: number;
    commands: AsyncIterable<'capture' | 'release'>;
    onChanged?: (view: SequenceHoldState) => void;
  };
}

/** The ordered run as the console reports it (set -> screenshot -> clear, capture check, evidence folder). */
export type SequenceOutcome = SequenceResult & { deviceId: string; copiedTo?: string };

export interface SimulatorRunOptions {
  /** Profile names, cycled over `count` devices. */
  profiles: string[];
  count: number;
  mode: 'connect' | 'emulator';
  operatorPackage: string;
}

/** One simulated device, printed as a JSON line as soon as the adb server shows it online. */
export interface SimulatorReady {
  serial: string;
  profile: string;
  model: string;
  port: number;
}

/** `serve` as given on the command line. */
export interface ServeRunOptions {
  host?: string;
  port?: number;
  allowRemote: boolean;
  token?: string;
  operatorPackage: string;
}

/** Printed as one JSON line once `serve` listens. */
export interface ServeListening {
  url: string;
  tokenFile: string | null;
}

/** Device operations; every method reports failures as values with a code, never by throwing. */
export interface CliBackend {
  listDevices(options: DeviceListOptions): Promise<Result<DeviceListing>>;
  /** Runs one validated execution (take_screenshot steps included) and returns its envelope. */
  runExecution(execution: Execution, target: DeviceTarget): Promise<Result<ExecutionOutcome>>;
  runSequence(request: SequenceRequest, target: DeviceTarget): Promise<Result<SequenceOutcome>>;
  /** Starts simulated devices, reports each when ready, and resolves once they are stopped (SIGINT/SIGTERM). */
  runSimulators(
    options: SimulatorRunOptions,
    onReady: (device: SimulatorReady) => void,
  ): Promise<Result<{ stopped: number }>>;
  /** The same backend reporting diagnostics (e.g. the daemon fallback note) through `log`. Optional. */
  withLogger?(log: Logger): CliBackend;
  /** `serve`: runs the Serve API until SIGINT/SIGTERM. Optional: backends without servers (test fakes) omit it. */
  runServe?(
    options: ServeRunOptions,
    onListening: (listening: ServeListening) => void,
    log: Logger,
  ): Promise<Result<{ stopped: true }>>;
  /**
   * `androperator android|trace|ui <verb>`: one Android tool call on the local adb server (never a daemon). `args`
   * include `device` when --device was given. Optional, as runServe.
   */
  runAndroidTool?(
    tool: AndroidTool,
    args: unknown,
    approve: Approver,
    target: DeviceTarget,
  ): Promise<Result<unknown>>;
  /** `mcp serve`: the MCP server on stdin/stdout until stdin closes. Optional, as runServe. */
  runMcp?(options: { operatorPackage: string; approveAll?: boolean }, log: Logger): Promise<Result<void>>;
}

const NO_DEVICE_LAYER_MESSAGE =
  'This build has no device layer yet: only exec --validate-only and --dry-run and on-screen-log validation work';
const NO_DEVICE_LAYER_HINT =
  'Check a payload without a device: androperator exec <json-or-file> --validate-only';

/** The backend of a build without the adb layer: every device operation fails with ADB_SERVER_UNAVAILABLE. */
export function createUnavailableBackend(): CliBackend {
  const unavailable = async (operation: string) =>
    fail('ADB_SERVER_UNAVAILABLE', NO_DEVICE_LAYER_MESSAGE, { operation }, NO_DEVICE_LAYER_HINT);
  return {
    listDevices: () => unavailable('devices'),
    runExecution: () => unavailable('execution'),
    runSequence: () => unavailable('sequence'),
    runSimulators: () => unavailable('simulator start'),
  };
}
