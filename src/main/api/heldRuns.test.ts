import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../../shared/errors';
import type { SequenceRequest } from '../sequence/types';
import type { ConsoleRunners } from './dependencies';
import { createConsoleApi } from './consoleApi';
import { PHONE, testSetup, type TestSetup } from '../../test-support/apiFakes';

// sequence:run with hold, then sequence:capture and sequence:release reaching that run (a scripted runner).

let setup: TestSetup;

afterEach(async () => {
  await setup.cleanup();
});

/** A runner that holds until released, counting the captures asked of it and reporting each as run:hold. */
function holdingRunner(log: string[]): ConsoleRunners['runSequence'] {
  return async (request: SequenceRequest, dependencies) => {
    log.push(`run hold=${JSON.stringify(request.hold)}`);
    let captures = 0;
    const view = (status: 'holding' | 'ended') => ({
      runId: 'run-1',
      status,
      maxCaptures: 20,
      maxMs: 600_000,
      capturing: false,
      queued: 0,
      captures: [],
      ...(status === 'ended' ? { endedBy: 'user' as const } : {}),
    });
    await new Promise<void>((resolve) => {
      dependencies.hold?.onStarted?.({
        runId: 'run-1',
        capture: () => {
          captures += 1;
          log.push(`capture ${captures}`);
        },
        release: (reason) => {
          log.push(`release ${reason ?? 'user'}`);
          dependencies.hold?.onChanged?.(view('ended'));
          resolve();
        },
      });
      dependencies.hold?.onChanged?.(view('holding'));
    });
    return ok({
      runId: 'run-1',
      serial: PHONE.serial,
      runPath: '/runs/run-1',
      status: 'succeeded',
      steps: [],
    });
  };
}

describe('held runs', () => {
  it('capture and release reach the held run; release lets sequence:run answer', async () => {
    setup = await testSetup();
    const log: string[] = [];
    const api = createConsoleApi({ ...setup.dependencies, runners: { runSequence: holdingRunner(log) } });
    const running = api['sequence:run']({
      serials: [PHONE.serial],
      design: { text: 'HOLD' },
      hold: { maxCaptures: 5 },
    });
    await expect.poll(() => log).toContain('run hold={"maxCaptures":5}');
    const captured = await api['sequence:capture']({});
    expect(captured).toEqual({ ok: true, value: { runs: [{ serial: PHONE.serial, runId: 'run-1' }] } });
    await api['sequence:capture']({ serials: [PHONE.serial] });
    expect(await api['sequence:release']({})).toMatchObject({ ok: true });
    const answered = await running;
    expect(answered.ok && answered.value[0]?.result.ok).toBe(true);
    expect(log).toEqual(['run hold={"maxCaptures":5}', 'capture 1', 'capture 2', 'release user']);
    const holds = setup.events.filter((event) => event.event === 'run:hold');
    expect(holds.map((event) => event.payload)).toMatchObject([
      { serial: PHONE.serial, status: 'holding' },
      { serial: PHONE.serial, status: 'ended', endedBy: 'user' },
    ]);
    // Once the run has answered nothing holds: a capture is a structured error, not a silent no-op.
    expect(await api['sequence:capture']({})).toMatchObject({
      ok: false,
      error: { code: 'SEQUENCE_NOT_HELD' },
    });
  });

  it('answers SEQUENCE_NOT_HELD for a device without a held run', async () => {
    setup = await testSetup();
    const api = createConsoleApi(setup.dependencies);
    const answer = await api['sequence:release']({ serials: ['emulator-9999'] });
    expect(answer).toMatchObject({ ok: false, error: { code: 'SEQUENCE_NOT_HELD' } });
    if (!answer.ok) expect(answer.error.message).toContain('emulator-9999');
  });
});
