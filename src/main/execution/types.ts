// Contract of the execution runner: what it needs, what it returns.
import type { ResultEnvelope } from '../../shared/envelope';
import type { DeviceResolver } from '../devices/types';
import type { InFlightRegistry } from './inFlight';

/** Wall-clock milliseconds since the epoch (injectable for tests). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Which device and which Operator build an execution goes to. */
export interface ExecutionTarget {
  /** adb serial; optional when exactly one device is connected. */
  deviceId?: string;
  operatorPackage: string;
  /** take_screenshot may replace an existing regular file at its caller path (never a symbolic link). */
  overwrite?: boolean;
}

export interface ExecutionDependencies {
  resolver: DeviceResolver;
  inFlight: InFlightRegistry;
  /** Directory of runtime-managed take_screenshot files; default os.tmpdir(). */
  screenshotDirectory?: string;
  clock?: Clock;
}

/** A completed execution (its envelope may still report failed steps). */
export interface ExecutionResult {
  ok: true;
  deviceId: string;
  terminalSource: 'androperator_result';
  envelope: ResultEnvelope;
}
