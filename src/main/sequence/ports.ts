// What a sequence run needs from the world, as ports: the composition passes real ones, unit tests fakes.
import type { PanelTransition } from '../../shared/agent/lease';
import type { HostForegroundObservation, RunLease } from '../../shared/api/evidence';
import type { ResultEnvelope } from '../../shared/envelope';
import type { AppError, HostFailure, Result } from '../../shared/errors';
import type { Execution, ScreenshotScale, SetOnScreenLogParams } from '../../shared/execution/types';
import type { Rect } from '../../shared/geometry/types';
import type { CaptureCheck, CaptureCheckInput } from '../capture/types';
import type { ResolvedDevice } from '../devices/types';
import type { RunContext, RunDevice, RunRecord } from '../evidence/types';
import type { LogExcerptRead } from '../logcat/excerpt';
import type { Capture } from '../screenshot/capture';

/** One execution's answer: the envelope, and the panel generation before and after it (absent: older Operator). */
export interface OperatorAnswer {
  envelope: ResultEnvelope;
  panel?: PanelTransition;
}

/** The Operator of one run's device, over one agent stream: requests go strictly in turn, never twice. */
export interface OperatorPort {
  execute(execution: Execution): Promise<Result<OperatorAnswer, HostFailure>>;
}

/** The host's screen capture of the run's device (adb screencap). */
export interface ScreenPort {
  /** Bounded by `timeoutMs`: a screencap that never answers ends in EVIDENCE_CAPTURE_FAILED. */
  capture(scale: ScreenshotScale, timeoutMs: number): Promise<Result<Capture>>;
}

/** Whether a capture shows the panel at its reported bounds. */
export interface CaptureCheckPort {
  check(input: CaptureCheckInput): Promise<Result<CaptureCheck>>;
}

/** The run's folder: run.json and the screenshot; `durable` writes are flushed to disk before they answer. */
export interface EvidencePort {
  writeRecord(record: RunRecord, options: { durable: boolean }): Promise<Result<void>>;
  /** Stores a capture as `<name>.png` (default the run's screenshot; a held panel's later captures capture-N). */
  writeScreenshot(png: Uint8Array, name?: string): Promise<Result<{ path: string }>>;
  /** Stores the log excerpt's text and answers the file name (LOG_EXCERPT_FILE). */
  writeLogExcerpt(text: string): Promise<Result<{ file: string }>>;
}

/** The device log around the run, read once clear has answered; never fails (a failed read says why). */
export interface LogsPort {
  read(sinceMs: number): Promise<LogExcerptRead>;
}

/** The foreground app as the host sees it at a held capture (dumpsys); never fails (a failed read says why). */
export interface ForegroundPort {
  observe(): Promise<HostForegroundObservation>;
}

/** The device's adb state while a panel is held ('device', 'absent', 'offline', ...; 'unknown': adb silent). */
export interface PresencePort {
  state(): Promise<string>;
}

/** What the device says it is (hello) and where the design's panel should land on it. */
export interface DeviceDescription {
  device: RunDevice;
  context?: RunContext;
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
  logs: LogsPort;
  foreground: ForegroundPort;
  presence: PresencePort;
}

/** One device's connection for a run: its ports, its lease, and the end of its agent stream. */
export interface DeviceConnection {
  operator: OperatorPort;
  screen: ScreenPort;
  description: DescriptionPort;
  logs: LogsPort;
  foreground: ForegroundPort;
  presence: PresencePort;
  /**
   * Asks the device to hold itself for this run (before set): held, or unsupported (an older Operator; the warning
   * goes into run.json), or refused: another owner holds it (EXECUTION_CONFLICT_IN_FLIGHT naming the holder).
   */
  lease(owner: string): Promise<Result<RunLease, HostFailure>>;
  /** Called once if the device later refuses to renew the lease (the run's evidence is then not to be trusted). */
  onInterference(listener: (error: AppError) => void): void;
  /** Releases the lease and ends the run's agent stream (a request still waiting is reported lost). */
  close(): Promise<void> | void;
}

/** What the composition provides once per process: how to reach a device, and the capture check. */
export interface SequenceHostPorts {
  connect(device: ResolvedDevice, operatorPackage: string): DeviceConnection;
  captureCheck: CaptureCheckPort;
}
