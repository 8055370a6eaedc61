// What a sequence run needs from the world, as ports: the composition passes real ones, unit tests fakes.
import type { ResultEnvelope } from '../../shared/envelope';
import type { HostFailure, Result } from '../../shared/errors';
import type { Execution, ScreenshotScale, SetOnScreenLogParams } from '../../shared/execution/types';
import type { Rect } from '../../shared/geometry/types';
import type { CaptureCheck, CaptureCheckInput } from '../capture/types';
import type { ResolvedDevice } from '../devices/types';
import type { RunDevice, RunRecord } from '../evidence/types';
import type { Capture } from '../screenshot/capture';

/** The Operator of one run's device, over one agent stream: requests go strictly in turn, never twice. */
export interface OperatorPort {
  execute(execution: Execution): Promise<Result<ResultEnvelope, HostFailure>>;
}

/** The host's screen capture of the run's device (adb screencap). */
export interface ScreenPort {
  capture(scale: ScreenshotScale): Promise<Result<Capture>>;
}

/** Whether a capture shows the panel at its reported bounds. */
export interface CaptureCheckPort {
  check(input: CaptureCheckInput): Promise<Result<CaptureCheck>>;
}

/** The run's folder: run.json and the screenshot; `durable` writes are flushed to disk before they answer. */
export interface EvidencePort {
  writeRecord(record: RunRecord, options: { durable: boolean }): Promise<Result<void>>;
  writeScreenshot(png: Uint8Array): Promise<Result<{ path: string }>>;
}

/** What the device says it is (hello) and where the design's panel should land on it. */
export interface DeviceDescription {
  device: RunDevice;
  predictedBounds?: Rect;
}

/** Asks the device to describe itself; never fails (a silent device leaves only the resolved facts). */
export interface DescriptionPort {
  describe(design: SetOnScreenLogParams, waitMs: number): Promise<DeviceDescription>;
}

/** Everything one run talks to. */
export interface SequencePorts {
  operator: OperatorPort;
  screen: ScreenPort;
  captureCheck: CaptureCheckPort;
  evidence: EvidencePort;
  description: DescriptionPort;
}

/** One device's connection for a run: its ports and the end of its agent stream. */
export interface DeviceConnection {
  operator: OperatorPort;
  screen: ScreenPort;
  description: DescriptionPort;
  /** Ends the run's agent stream (a request still waiting is reported lost). */
  close(): void;
}

/** What the composition provides once per process: how to reach a device, and the capture check. */
export interface SequenceHostPorts {
  connect(device: ResolvedDevice, operatorPackage: string): DeviceConnection;
  captureCheck: CaptureCheckPort;
}
