import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChannelInput } from '../../../shared/api/contract';
import { createFakeClient, createTestStore } from '../../../test-support/rendererStore';
import { testTraceReport } from '../../../test-support/traceReports';

const SERIAL = 'emulator-5554';
const ID = 'trace-abcdefghijklmnop';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** A client whose android:run answers per tool; the store's clock is 1_000_000 ms. */
function setup(results: Record<string, unknown>, refused: readonly string[] = []) {
  const client = createFakeClient({
    'android:run': ({ tool, device }) =>
      refused.includes(tool)
        ? { ok: false, error: { code: 'APPROVAL_REFUSED', message: `${tool} refused` } }
        : { ok: true, value: { tool, device, taken_at: '2026-12-02T09:00:00.000Z', result: results[tool] } },
  });
  const { store } = createTestStore(client);
  store.setState({ targetSerial: SERIAL });
  const tools = (): string[] =>
    client.callsTo('android:run').map((input) => (input as ChannelInput<'android:run'>).tool);
  return { client, store, tools };
}

const started = {
  status: 'recording',
  trace_id: ID,
  path: `/data/misc/perfetto-traces/androperator-${ID}.pftrace`,
  // The store's clock is 1_000 s: 3 s of recording plus the tool's 5 s.
  auto_stop_deadline_unix_secs: 1_008,
  sources: ['linux.ftrace'],
  background_analysis_scheduled: false,
  next: 'stop_system_trace',
};
const list = { kind: 'system_traces', count: 0, max: 16, traces: [] };
const stop = { status: 'already_stopped', trace_id: ID, path: started.path, host_path: '/h/t', bytes: 10 };
const probed = {
  trace_id: ID,
  device: SERIAL,
  record_status: 'recording',
  deadline_unix_secs: 1_008,
  recording: false,
  on_device: 'finished',
  collected: false,
  next: 'stop_system_trace',
};

describe('traces slice', () => {
  it('records, waits for the deadline, then collects and analyses on its own', async () => {
    const report = testTraceReport();
    const { client, store, tools } = setup({
      start_system_trace: started,
      list_system_traces: list,
      system_trace_status: probed,
      stop_system_trace: stop,
      analyze_system_trace: report,
    });
    await store.getState().recordTrace(SERIAL, { package: 'com.example.app', durationSecs: 3, bufferMb: 8 });
    expect(client.callsTo('android:run')[0]).toEqual({
      tool: 'start_system_trace',
      device: SERIAL,
      arguments: { package: 'com.example.app', duration_secs: 3, buffer_mb: 8 },
    });
    expect(store.getState().traceContinuations[ID]?.phase).toBe('waiting');
    await vi.advanceTimersByTimeAsync(7_999);
    expect(tools()).not.toContain('stop_system_trace');
    expect(tools()).not.toContain('system_trace_status');
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(store.getState().traceContinuations[ID]?.phase).toBe('completed'));
    expect(tools()).toContain('analyze_system_trace');
    expect(store.getState().traceReports[ID]).toEqual({ state: 'done', report, device: SERIAL });
    expect(store.getState().traceSelected).toBe(ID);
  });

  it('sends nothing more after the countdown is cancelled: no stop, no analysis', async () => {
    const { store, tools } = setup({ start_system_trace: started, list_system_traces: list });
    await store.getState().recordTrace(SERIAL, { package: null, durationSecs: 3, bufferMb: 8 });
    store.getState().cancelContinuation(ID);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(store.getState().traceContinuations[ID]?.phase).toBe('cancelled');
    expect(tools().filter((tool) => tool === 'stop_system_trace' || tool === 'analyze_system_trace')).toEqual(
      [],
    );
  });

  it('shows a refused start and starts no continuation', async () => {
    const { store, tools } = setup({ list_system_traces: list }, ['start_system_trace']);
    await store.getState().recordTrace(SERIAL, { package: null, durationSecs: 3, bufferMb: 8 });
    expect(store.getState().traceStartError?.code).toBe('APPROVAL_REFUSED');
    expect(store.getState().traceContinuations).toEqual({});
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tools().filter((tool) => tool !== 'start_system_trace' && tool !== 'list_system_traces')).toEqual(
      [],
    );
  });

  it('never resumes a capture it did not start in this page (a reload): listing sends no stop or analysis', async () => {
    const recording = {
      id: ID,
      deadline_unix_secs: 900,
      package: null,
      sources: ['linux.ftrace'],
      device: SERIAL,
      path: started.path,
      status: 'recording',
    };
    const { store, tools } = setup({ list_system_traces: { ...list, count: 1, traces: [recording] } });
    await store.getState().loadTraceCaptures();
    expect(store.getState().traceCaptures?.traces).toEqual([recording]);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(tools()).toEqual(['list_system_traces']);
    expect(store.getState().traceContinuations).toEqual({});
  });

  it('analyses a kept capture by hand with the same arguments, and keeps a failure as a failure', async () => {
    const { store, client } = setup({}, ['analyze_system_trace']);
    await store.getState().analyzeTrace(SERIAL, ID, 'com.example.app');
    expect(client.callsTo('android:run')).toEqual([
      {
        tool: 'analyze_system_trace',
        device: SERIAL,
        arguments: { trace_id: ID, package: 'com.example.app' },
      },
    ]);
    expect(store.getState().traceReports[ID]).toMatchObject({
      state: 'failed',
      error: { code: 'APPROVAL_REFUSED' },
    });
  });
});

describe('the raw trace download', () => {
  it('asks the browser console route for the capture and names the file; without HTTP it offers nothing', async () => {
    const { client, store } = setup({});
    expect(store.getState().rawTraceDownloads()).toBe(false);
    const asked: string[] = [];
    client.download = async (path) => {
      asked.push(path);
      return { ok: true, value: new Blob([new Uint8Array([1, 2, 3])]) };
    };
    expect(store.getState().rawTraceDownloads()).toBe(true);
    const raw = await store.getState().downloadRawTrace(ID);
    expect(asked).toEqual([`/api/traces/${ID}/trace.pftrace`]);
    expect(raw?.fileName).toBe(`${ID}.pftrace`);
    expect(raw?.blob.size).toBe(3);
  });

  it('shows a refusal as an error notice and saves nothing', async () => {
    const { client, store } = setup({});
    client.download = async () => ({
      ok: false,
      error: { code: 'SYSTEM_TRACE_REFUSED', message: `${ID} is still recording` },
    });
    expect(await store.getState().downloadRawTrace(ID)).toBeNull();
    expect(JSON.stringify(store.getState())).toContain(`Raw trace not downloaded: ${ID} is still recording`);
  });
});
