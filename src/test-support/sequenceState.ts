// The sequence step function's state just after a run starts (the set step about to go out), for tests of
// stepSequence; hold tests add their `hold` and `captures` through `extra`.
import type { SequenceState } from '../main/sequence/machine';
import { sequencePayloads } from '../main/sequence/payloads';
import { initialSteps } from '../main/sequence/steps';

export const SEQUENCE_DESIGN = { text: 'FLOW-1' };

export function initialSequenceState(extra: Partial<SequenceState> = {}): SequenceState {
  const payloads = sequencePayloads('run-1', SEQUENCE_DESIGN);
  if (!payloads.ok) throw new Error(payloads.error.message);
  return {
    phase: 'setting',
    serial: 'sim-phone',
    runPath: '/e/run-1',
    payloads: payloads.value,
    helloWaitMs: 2000,
    record: {
      runId: 'run-1',
      startedAt: '2026-01-01T00:00:00.000Z',
      design: SEQUENCE_DESIGN,
      steps: initialSteps(),
      status: 'running',
      device: { serial: 'sim-phone' },
    },
    setData: {},
    describing: 'not_asked',
    checking: false,
    logs: 'not_asked',
    ...extra,
  };
}
