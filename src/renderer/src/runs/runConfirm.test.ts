// The run actions ask before a run the preview knows will fail, and the background capture refuses a panel.
import { describe, expect, it } from 'vitest';
import type { DeviceInfo } from '../../../shared/api/devices';
import { testDescription } from '../../../test-support/testDescription';
import { createFakeClient, createTestStore, settle } from '../../../test-support/rendererStore';

const operator = {
  packageName: 'com.androperator.operator',
  installed: true,
  serviceEnabled: false,
  reachable: true,
};
const disabled: DeviceInfo = { serial: 's1', state: 'device', server: 'local', model: 'Pixel 7', operator };

describe('a run the preview knows will fail', () => {
  it('is not sent until "Run anyway"; Cancel sends nothing', async () => {
    const client = createFakeClient({
      'sequence:run': () => ({ ok: false, error: { code: 'INTERNAL_ERROR', message: 'x' } }),
      'evidence:list': () => ({ ok: true, value: { runs: [], skipped: [] } }),
    });
    const { store } = createTestStore(client);
    store.getState().devicesChanged([disabled]);
    await store.getState().runSequence();
    expect(client.callsTo('sequence:run')).toEqual([]);
    expect(store.getState().runConfirm?.action).toBe('sequence');
    expect(store.getState().runConfirm?.problems.map((problem) => problem.kind)).toEqual([
      'service-disabled',
    ]);
    store.getState().cancelRun();
    expect(store.getState().runConfirm).toBeNull();
    expect(client.callsTo('sequence:run')).toEqual([]);

    await store.getState().setPanel();
    expect(store.getState().runConfirm?.action).toBe('set');
    await store.getState().confirmRun();
    await settle();
    expect(client.callsTo('execution:run')).toHaveLength(1);
    expect(store.getState().runConfirm).toBeNull();
    // A screenshot needs no service: it is not asked about.
    await store.getState().takeScreenshot();
    expect(store.getState().runConfirm).toBeNull();
  });
});

describe('captureBackground', () => {
  it('keeps a capture only when the Operator shows no panel before and after it', async () => {
    let panel = { visible: true, generation: 4 };
    const client = createFakeClient({
      'devices:describe': () => ({ ok: true, value: testDescription({ panel }) }),
      'execution:run': () => {
        panel = { visible: false, generation: 4 };
        return { ok: false, error: { code: 'INTERNAL_ERROR', message: 'not asserted' } };
      },
      'screenshot:capture': () => ({
        ok: true,
        value: {
          runId: 'bg1',
          widthPx: 1080,
          heightPx: 2400,
          capturedAt: '2026-12-02T05:00:00.000Z',
          step: { name: 'screenshot', status: 'succeeded' },
        },
      }),
      'evidence:image': () => ({
        ok: true,
        value: { mimeType: 'image/png', base64: 'AA', widthPx: 1080, heightPx: 2400 },
      }),
      'evidence:list': () => ({ ok: true, value: { runs: [], skipped: [] } }),
    });
    const { store } = createTestStore(client);
    store.getState().devicesChanged([{ ...disabled, operator: { ...operator, serviceEnabled: true } }]);

    await store.getState().captureBackground('s1');
    expect(store.getState().backgrounds.s1).toEqual({ attempt: { status: 'panel-shown' } });
    expect(client.callsTo('screenshot:capture')).toEqual([]);

    // Clearing failed as a call: nothing is captured.
    await store.getState().captureBackground('s1', { clearFirst: true });
    expect(store.getState().backgrounds.s1?.attempt.status).toBe('failed');
    expect(client.callsTo('screenshot:capture')).toEqual([]);

    client.handlers['execution:run'] = () => {
      panel = { visible: false, generation: 4 };
      return {
        ok: true,
        value: {
          deviceId: 's1',
          terminalSource: 'androperator_result',
          envelope: { commandId: 'c', taskId: 't', status: 'success', stepResults: [], error: null },
        },
      };
    };
    panel = { visible: true, generation: 4 };
    await store.getState().captureBackground('s1', { clearFirst: true });
    await settle();
    expect(client.callsTo('screenshot:capture')).toEqual([
      { serial: 's1', label: 'Preview background (no panel)' },
    ]);
    expect(store.getState().backgrounds.s1?.capture?.runId).toBe('bg1');
    expect(store.getState().images['screenshot:bg1']?.status).toBe('ready');

    // A panel set during the capture (the generation moved) spoils it: the earlier capture stays.
    client.handlers['screenshot:capture'] = () => {
      panel = { visible: false, generation: 5 };
      return {
        ok: true,
        value: {
          runId: 'bg2',
          widthPx: 1080,
          heightPx: 2400,
          capturedAt: '2026-12-02T05:01:00.000Z',
          step: { name: 'screenshot', status: 'succeeded' },
        },
      };
    };
    await store.getState().captureBackground('s1');
    expect(store.getState().backgrounds.s1?.attempt).toMatchObject({
      status: 'failed',
      error: { code: 'EVIDENCE_PANEL_REPLACED' },
    });
    expect(store.getState().backgrounds.s1?.capture?.runId).toBe('bg1');
  });
});
