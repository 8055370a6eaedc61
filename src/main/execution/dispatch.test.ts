import { describe, expect, it } from 'vitest';
import type { Execution } from '../../shared/execution/types';
import { envelopeWaitMs } from './dispatch';

describe('envelopeWaitMs', () => {
  it("is the execution's timeoutMs plus the 5000 ms envelope-write buffer", () => {
    expect(envelopeWaitMs({ timeoutMs: 1000 } as Execution)).toBe(6000);
    expect(envelopeWaitMs({ timeoutMs: 120000 } as Execution)).toBe(125000);
  });
});
