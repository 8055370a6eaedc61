import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../shared/api/contract';
import type { DeviceInfo } from '../../../shared/api/devices';
import type { RunRecord } from '../../../shared/api/evidence';
import type { DeviceSequenceResult, SequenceResult } from '../../../shared/api/sequence';
import type { ResultEnvelope } from '../../../shared/envelope';
import type { Execution } from '../../../shared/execution/types';
import { setContent } from '../designer/design';
import { connectStore } from '../store/store';
import { createFakeClient, createTestStore, settle } from '../../../test-support/rendererStore';

const device = (serial: string): DeviceInfo => ({
  serial,
  state: 'device',
  server: 'local',
  model: 'Pixel 7',
});
const BOUNDS = { left: 21, top: 157, right: 756, bottom: 236 };
const PREDICTED = { left: 20, top: 157, right: 756, bottom: 236 };

function envelope(data: Record<string, string>): ResultEnvelope {
  return {
    commandId: 'c',
    taskId: 't',
    status: 'success',
    stepResults: [{ id: 'a', actionType: 'x', success: true, data }],
    error: null,
  };
}

function sequenceResult(runId: string): SequenceResult {
  return {
    runId,
    serial: 'emulator-5554',
    runPath: `/e/${runId}`,
    status: 'succeeded',
    steps: [
      {
        step: 'set',
        status: 'succeeded',
        durationMs: 10,
        envelope: envelope({ bounds: '[21,157][756,236]' }),
      },
      { step: 'screenshot', status: 'succeeded', durationMs: 20 },
      { step: 'clear', status: 'succeeded', durationMs: 5, envelope: envelope({ visible: 'false' }) },
    ],
    screenshot: { path: `/e/${runId}/screenshot.png`, widthPx: 1080, heightPx: 2400 },
    reportedBounds: BOUNDS,
    predictedBounds: PREDICTED,
  };
}

function ran(serial: string, runId: string): DeviceSequenceResult {
  return { serial, result: { ok: true, value: sequenceResult(runId) } };
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function setup(serials = ['s1']) {
  const client = createFakeClient({
    'evidence:image': ({ id }) => ({
      ok: true,
      value: { mimeType: 'image/png', base64: id, widthPx: 1080, heightPx: 2400 },
    }),
    'evidence:list': () => ({ ok: true, value: { runs: [], skipped: [] } }),
  });
  const { store, clock } = createTestStore(client);
  store.getState().devicesChanged(serials.map(device));
  return { client, store, clock };
}

describe('runSequence', () => {
  it('follows run:progress live, then shows the result, its screenshot and refreshes the history', async () => {
    const { client, store, clock } = setup();
    connectStore(store, client);
    const answer = deferred<ApiResult<DeviceSequenceResult[]>>();
    client.handlers['sequence:run'] = () => answer.promise;
    store.getState().setRunLabel('  FLOW-9 ');
    const running = store.getState().runSequence();
    expect(store.getState().runBusy).toBe(true);
    expect(store.getState().activeRun?.columns[0]?.steps.map((step) => step.status)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    client.emit('run:progress', { serial: 's1', runId: 'r1', step: 'set', status: 'running' });
    clock.now += 250;
    client.emit('run:progress', {
      serial: 's1',
      runId: 'r1',
      step: 'set',
      status: 'succeeded',
      durationMs: 240,
    });
    client.emit('run:progress', { serial: 's1', runId: 'other', step: 'screenshot', status: 'failed' });
    client.emit('run:progress', { serial: 's1', runId: 'r1', step: 'screenshot', status: 'running' });
    const live = store.getState().activeRun?.columns[0];
    expect(live?.steps.map((step) => step.status)).toEqual(['succeeded', 'running', 'pending']);
    expect(live?.steps[1]?.startedAt).toBe(clock.now);
    answer.resolve({ ok: true, value: [ran('s1', 'r1')] });
    await running;
    await settle();
    const state = store.getState();
    expect(client.callsTo('sequence:run')).toEqual([
      { serials: ['s1'], design: { text: 'FLOW-001: Observe settings' }, label: 'FLOW-9' },
    ]);
    expect(state.runBusy).toBe(false);
    expect(state.activeRun).toMatchObject({ kind: 'sequence', title: 'FLOW-9', status: 'finished' });
    expect(state.activeRun?.columns[0]).toMatchObject({
      runId: 'r1',
      status: 'succeeded',
      reportedBounds: BOUNDS,
    });
    expect(state.activeRun?.columns[0]?.predictedBounds).toEqual(PREDICTED);
    expect(state.lastScreenshotRun).toEqual({ s1: 'r1' });
    expect(state.images['screenshot:r1']?.status).toBe('ready');
    expect(client.callsTo('evidence:list').length).toBeGreaterThanOrEqual(2);
  });

  it('does nothing while the design is invalid or nothing is targeted', async () => {
    const { client, store } = setup();
    store.getState().editDesign(setContent, ' ');
    await store.getState().runSequence();
    await store.getState().setPanel();
    const empty = setup([]);
    await empty.store.getState().runSequence();
    await empty.store.getState().takeScreenshot();
    expect([...client.calls, ...empty.client.calls].map((call) => call.channel)).not.toContain(
      'sequence:run',
    );
    expect(store.getState().activeRun).toBeNull();
  });

  it('runs on every ticked device and shows each device in its own column', async () => {
    const { client, store } = setup(['a', 'b']);
    client.handlers['sequence:run'] = () => ({
      ok: true,
      value: [ran('b', 'rb'), ran('a', 'ra')],
    });
    store.getState().toggleTicked('b');
    store.getState().toggleTicked('a');
    await store.getState().runSequence();
    expect(client.callsTo('sequence:run')[0]).toMatchObject({ serials: ['b', 'a'] });
    expect(store.getState().activeRun?.columns.map((column) => [column.serial, column.runId])).toEqual([
      ['b', 'rb'],
      ['a', 'ra'],
    ]);
  });

  it('after a partial multi-device failure shows the run that happened and the error of the other, fetching nothing', async () => {
    const { client, store } = setup(['a', 'b']);
    client.handlers['sequence:run'] = () => ({
      ok: true,
      value: [
        ran('a', 'ra'),
        { serial: 'b', result: { ok: false, error: { code: 'DEVICE_NOT_FOUND', message: 'gone' } } },
      ],
    });
    store.getState().toggleTicked('a');
    store.getState().toggleTicked('b');
    await store.getState().runSequence();
    const [first, second] = store.getState().activeRun?.columns ?? [];
    expect(first).toMatchObject({
      serial: 'a',
      runId: 'ra',
      status: 'succeeded',
      deviceLabel: 'Pixel 7 (a)',
      predictedBounds: PREDICTED,
    });
    expect(second).toMatchObject({ serial: 'b', status: 'failed', error: { code: 'DEVICE_NOT_FOUND' } });
    expect(second?.steps.map((step) => step.status)).toEqual(['skipped', 'skipped', 'skipped']);
    expect(client.callsTo('evidence:get')).toEqual([]);
  });

  it('shows no predicted bounds the main side did not send', async () => {
    const { client, store } = setup();
    const { predictedBounds: _none, ...unpredicted } = sequenceResult('r1');
    client.handlers['sequence:run'] = () => ({
      ok: true,
      value: [{ serial: 's1', result: { ok: true, value: unpredicted } }],
    });
    await store.getState().runSequence();
    expect(store.getState().activeRun?.columns[0]?.predictedBounds).toBeUndefined();
  });

  it('fails every column with the error when the whole request fails', async () => {
    const { client, store } = setup();
    client.handlers['sequence:run'] = () => ({
      ok: false,
      error: { code: 'EXECUTION_CONFLICT_IN_FLIGHT', message: 'busy' },
    });
    await store.getState().runSequence();
    expect(store.getState().activeRun?.columns[0]).toMatchObject({
      status: 'failed',
      error: { code: 'EXECUTION_CONFLICT_IN_FLIGHT' },
    });
    expect(store.getState().runBusy).toBe(false);
  });
});

describe('setPanel, clearPanel, takeScreenshot', () => {
  it('sends validated single-action payloads and tracks the bounds the device reports', async () => {
    const { client, store, clock } = setup();
    const sent: Execution[] = [];
    client.handlers['execution:run'] = ({ execution }) => {
      sent.push(execution as Execution);
      const set = (execution as Execution).actions[0]?.type === 'set_on_screen_log';
      clock.now += 30;
      return {
        ok: true,
        value: {
          deviceId: 's1',
          terminalSource: 'androperator_result',
          envelope: envelope(set ? { visible: 'true', bounds: '[21,157][756,236]' } : { visible: 'false' }),
          // The main side predicts the bounds of a set; the renderer only shows them.
          ...(set ? { predictedBounds: PREDICTED } : {}),
        },
      };
    };
    const recordedData = {
      path: '/evidence/shot1/screenshot.png',
      captureWidthPx: '1080',
      captureHeightPx: '2400',
    };
    client.handlers['screenshot:capture'] = () => ({
      ok: true,
      value: {
        runId: 'shot1',
        widthPx: 1080,
        heightPx: 2400,
        capturedAt: '2025-01-01T00:00:00Z',
        step: { name: 'screenshot', status: 'succeeded', durationMs: 12, data: recordedData },
      },
    });
    await store.getState().setPanel();
    expect(sent[0]).toMatchObject({
      commandId: `console-set-1000000-abc1234`,
      source: 'androperator-console',
      actions: [{ id: 'set', type: 'set_on_screen_log', params: { text: 'FLOW-001: Observe settings' } }],
    });
    expect(store.getState().activeRun?.columns[0]).toMatchObject({
      status: 'succeeded',
      reportedBounds: BOUNDS,
      predictedBounds: PREDICTED,
      steps: [{ name: 'set', status: 'succeeded', durationMs: 30 }],
    });
    expect(store.getState().lastReportedBounds).toEqual({ s1: BOUNDS });

    await store.getState().takeScreenshot();
    await settle();
    expect(store.getState().activeRun?.columns[0]).toMatchObject({
      runId: 'shot1',
      screenshot: { widthPx: 1080, heightPx: 2400 },
      reportedBounds: BOUNDS,
      predictedBounds: PREDICTED,
      steps: [{ name: 'screenshot', status: 'succeeded', durationMs: 12, data: recordedData }],
    });
    expect(store.getState().lastScreenshotRun).toEqual({ s1: 'shot1' });
    expect(client.callsTo('screenshot:capture')).toEqual([{ serial: 's1', label: 'Screenshot' }]);

    await store.getState().clearPanel();
    expect(sent[1]?.actions).toEqual([{ id: 'clear', type: 'clear_on_screen_log' }]);
    expect(store.getState().lastReportedBounds).toEqual({});
    expect(store.getState().lastPredictedBounds).toEqual({});
    await store.getState().takeScreenshot();
    expect(store.getState().activeRun?.columns[0]?.reportedBounds).toBeUndefined();
    expect(store.getState().activeRun?.columns[0]?.predictedBounds).toBeUndefined();
  });

  it('shows a host failure of an execution with its code', async () => {
    const { client, store } = setup();
    client.handlers['execution:run'] = () => ({
      ok: false,
      error: { code: 'OPERATOR_NOT_ENABLED', message: 'off' },
    });
    await store.getState().clearPanel();
    expect(store.getState().activeRun?.columns[0]).toMatchObject({
      status: 'failed',
      error: { code: 'OPERATOR_NOT_ENABLED' },
      steps: [{ name: 'clear', status: 'failed' }],
    });
  });
});

describe('history runs and saving', () => {
  it('reopens a stored run with its screenshot', async () => {
    const { client, store } = setup();
    const record: RunRecord = {
      schemaVersion: 1,
      id: 'old',
      label: 'FLOW-1',
      status: 'failed',
      startedAt: 'x',
      device: { serial: 's1' },
      steps: [
        { name: 'set', status: 'failed', error: { code: 'ON_SCREEN_LOG_LAYOUT_INVALID', message: 'wide' } },
      ],
      screenshot: { file: 'screenshot.png', widthPx: 10, heightPx: 20, capturedAt: 'x' },
    };
    client.handlers['evidence:get'] = () => ({ ok: true, value: record });
    await store.getState().reopenRun('old');
    await settle();
    expect(store.getState().activeRun).toMatchObject({
      kind: 'history',
      title: 'FLOW-1',
      status: 'finished',
    });
    expect(client.callsTo('evidence:image')).toEqual([{ id: 'old', kind: 'screenshot' }]);
    client.handlers['evidence:get'] = () => ({
      ok: false,
      error: { code: 'EVIDENCE_NOT_FOUND', message: 'gone' },
    });
    await store.getState().reopenRun('old');
    expect(store.getState().notices.at(-1)).toMatchObject({ tone: 'error', text: 'Run not opened: gone' });
  });

  it('saves a screenshot to a path and says where, or why not', async () => {
    const { client, store } = setup();
    client.handlers['screenshot:save'] = ({ destination }) => ({ ok: true, value: { path: destination } });
    expect(await store.getState().saveScreenshot('r1', '/tmp/a.png')).toBe(true);
    expect(store.getState().notices.at(-1)?.text).toBe('Saved screenshot to /tmp/a.png');
    client.handlers['screenshot:save'] = () => ({
      ok: false,
      error: { code: 'INVALID_PATH', message: 'relative' },
    });
    expect(await store.getState().saveScreenshot('r1', 'a.png')).toBe(false);
    expect(store.getState().notices.at(-1)?.tone).toBe('error');
  });
});
