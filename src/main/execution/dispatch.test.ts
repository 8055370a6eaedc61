import { describe, expect, it } from 'vitest';
import { failHost } from '../../shared/errors';
import { SEED_SET_EXAMPLE } from '../../shared/execution/seedExample';
import type { Execution } from '../../shared/execution/types';
import type { AdbClient } from '../../node/adb/adbkit';
import { dispatchExecution, envelopeWaitMs } from './dispatch';

describe('envelopeWaitMs', () => {
  it("is the execution's timeoutMs plus the 5000 ms envelope-write buffer", () => {
    expect(envelopeWaitMs({ timeoutMs: 1000 } as Execution)).toBe(6000);
    expect(envelopeWaitMs({ timeoutMs: 120000 } as Execution)).toBe(125000);
  });
});

describe('dispatchExecution waiting', () => {
  it('keeps the undiagnosed failure when asking the device why would outlast the wait', async () => {
    // The agent socket did not open, and the device's shell (pm path) never answers: a wedged adb connection.
    const target = {
      client: { shell: () => new Promise<never>(() => undefined) } as unknown as AdbClient,
      serial: 'emulator-5554',
      operatorPackage: 'com.androperator.operator',
    };
    const unreachable = failHost('OPERATOR_UNREACHABLE', 'The agent socket did not open', {
      phase: 'readiness',
      dispatchState: 'not_dispatched',
    });
    const answer = await dispatchExecution(
      target,
      { ...SEED_SET_EXAMPLE, timeoutMs: 1000 },
      async () => unreachable,
      300,
    );
    expect(answer).toEqual(unreachable);
  });
});

describe('dispatchExecution bound', () => {
  it('answers RESULT_ENVELOPE_TIMEOUT (dispatch unknown) when the transport never returns at all', async () => {
    // A transport stuck before its own timer starts (opening the stream through a wedged adb server).
    const target = {
      client: {} as AdbClient,
      serial: 'emulator-5554',
      operatorPackage: 'com.androperator.operator',
    };
    const answer = await dispatchExecution(
      target,
      { ...SEED_SET_EXAMPLE, timeoutMs: 1000 },
      () => new Promise<never>(() => undefined),
      300,
    );
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'RESULT_ENVELOPE_TIMEOUT',
        details: { phase: 'result_wait', dispatchState: 'unknown' },
      },
    });
  });
});
