// Contract of the ordered sequence set -> screenshot -> clear, with its capture check and evidence.
import type { EvidenceStore } from '../evidence/evidenceStore';
import type { ExecutionDependencies } from '../execution/types';
import type { SequenceProgress } from '../../shared/api/sequence';
import type { SequenceHostPorts } from './ports';

export type * from '../../shared/api/sequence';

export interface SequenceDependencies extends ExecutionDependencies {
  evidence: Pick<EvidenceStore, 'createRun'>;
  /** How to reach a device and check a capture (adbSequencePorts in production, fakes in unit tests). */
  ports: SequenceHostPorts;
  /** Called synchronously for every step event; a listener that throws is ignored. */
  onProgress?: (event: SequenceProgress) => void;
}
