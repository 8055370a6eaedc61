// Contract of the ordered sequence set -> screenshot -> clear, with its capture check and evidence.
import type { EvidenceStore } from '../evidence/evidenceStore';
import type { ExecutionDependencies } from '../execution/types';
import type { SequenceProgress } from '../../shared/api/sequence';

export type * from '../../shared/api/sequence';

export interface SequenceDependencies extends ExecutionDependencies {
  evidence: Pick<EvidenceStore, 'createRun'>;
  /** Called synchronously for every step event; a listener that throws is ignored. */
  onProgress?: (event: SequenceProgress) => void;
}
