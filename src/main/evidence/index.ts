// Public surface of the evidence store.
export { EvidenceStore, type EvidenceStoreOptions } from './evidenceStore';
export { RunHandle } from './runHandle';
export { watchRuns, type RunsWatcher } from './watchRuns';
export { isRunId } from './runId';
export { parseRunRecord } from './parseRunRecord';
export type * from './types';
export { RUN_SCHEMA_VERSION } from './types';
