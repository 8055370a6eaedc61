// Contract of the ordered sequence set -> screenshot -> clear, with its capture check and evidence.
import type { EvidenceStore } from '../evidence/evidenceStore';
import type { ExecutionDependencies } from '../execution/types';
import type { SequenceHoldState, SequenceProgress } from '../../shared/api/sequence';
import type { SequenceHostPorts } from './ports';

export type * from '../../shared/api/sequence';
export {
  captureStepName,
  HOLD_MAX_CAPTURES,
  HOLD_MAX_MS,
  holdEndText,
  isCaptureStep,
} from '../../shared/api/sequence';

export interface SequenceDependencies extends ExecutionDependencies {
  evidence: Pick<EvidenceStore, 'createRun'>;
  /** How to reach a device and check a capture (adbSequencePorts in production, fakes in unit tests). */
  ports: SequenceHostPorts;
  /** Called synchronously for every step event; a listener that throws is ignored. */
  onProgress?: (event: SequenceProgress) => void;
  /** A held run's control and its changes (request.hold). */
  hold?: HoldListeners;
}

/** How the console drives a held run: another capture, or release (the console closing ends it as 'closed'). */
export interface HoldControl {
  runId: string;
  capture(): void;
  release(reason?: 'user' | 'closed'): void;
}

/** What a held run tells its caller besides progress. */
export interface HoldListeners {
  /** The run folder exists and the run is on its way: capture and release go through `control` from now on. */
  onStarted?: (control: HoldControl) => void;
  /** After every change of the hold (a capture taken, checked, observed; the hold ended). */
  onChanged?: (view: SequenceHoldState) => void;
}
