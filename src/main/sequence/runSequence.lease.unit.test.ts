import { describe, expect, it } from 'vitest';
import { device, run, valueOf } from '../../test-support/sequenceFakes';

// runSequence's device lease and panel-generation check, against the same fakes.

describe('runSequence with device leases, against fakes', () => {
  it('does not start when the device is leased by another owner: no run folder, the holder named', async () => {
    const { log, result } = await run({ lease: 'refused' });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'EXECUTION_CONFLICT_IN_FLIGHT',
        details: {
          holder: { owner: 'console (pid 7 on desk)' },
          phase: 'readiness',
          dispatchState: 'not_dispatched',
          deviceId: 'sim-phone',
        },
      },
    });
    expect(log).toEqual(['lease', 'close', 'result']);
  });

  it('records the held lease and the panel generation clear found, equal to the one set drew', async () => {
    const { result, record } = await run();
    expect(valueOf(result)).toMatchObject({
      status: 'succeeded',
      lease: { status: 'held', owner: 'unit test', ttlMs: 15000 },
      panelGeneration: { set: 7, beforeClear: 7 },
    });
    expect(record).toMatchObject({ lease: { status: 'held' }, panelGeneration: { set: 7, beforeClear: 7 } });
  });

  it('fails a run whose panel was replaced between set and clear, every step succeeded', async () => {
    const { result, record } = await run({ generationBeforeClear: 9 });
    const value = valueOf(result);
    expect(value.steps.map((step) => step.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(value).toMatchObject({
      status: 'failed',
      panelGeneration: { set: 7, beforeClear: 9 },
      interference: { code: 'EVIDENCE_PANEL_REPLACED', details: { drawnGeneration: 7, shownGeneration: 9 } },
    });
    expect(record).toMatchObject({ status: 'failed', interference: { code: 'EVIDENCE_PANEL_REPLACED' } });
  });

  it('fails a run whose lease the device refused to renew, still clearing once', async () => {
    const { log, result, record } = await run({ leaseLostDuringCapture: true });
    expect(valueOf(result)).toMatchObject({ status: 'failed', interference: { code: 'DEVICE_LEASE_LOST' } });
    expect(record).toMatchObject({ status: 'failed', interference: { code: 'DEVICE_LEASE_LOST' } });
    expect(device(log).filter((line) => line === 'execute clear')).toHaveLength(1);
  });

  it('runs unleased on an Operator without leases, with the warning in the result and run.json', async () => {
    const { result, record } = await run({ lease: 'unsupported' });
    const value = valueOf(result);
    expect(value).toMatchObject({
      status: 'succeeded',
      lease: { status: 'unsupported', warning: 'The Operator does not grant device leases' },
    });
    expect(value.panelGeneration).toBeUndefined();
    expect(record).toMatchObject({ lease: { status: 'unsupported' } });
  });
});
