// The diagnostics slice on a fake console client: runs, refreshes that cancel the run in flight, explicit cancels,
// refused arguments and device failures, as the cards then hold them.
import { describe, expect, it } from 'vitest';
import type { AndroidToolRun, ApiResult } from '../../../shared/api/contract';
import { createFakeClient, createTestStore } from '../../../test-support/rendererStore';
import { cardKey } from './diagnosticsSlice';

const SERIAL = 'emulator-5554';

/** An android:run answer the test releases when it wants, per run_id. */
function deferredRuns() {
  const pending = new Map<string, (answer: ApiResult<AndroidToolRun>) => void>();
  const client = createFakeClient({
    'android:run': (input) =>
      new Promise((resolve) => {
        pending.set(input.run_id ?? '', resolve);
      }),
    'android:cancel': ({ run_id }) => {
      const release = pending.get(run_id);
      if (release === undefined) return { ok: true, value: { cancelled: false } };
      pending.delete(run_id);
      release({ ok: false, error: { code: 'COMMAND_CANCELLED', message: 'cancelled; streams closed' } });
      return { ok: true, value: { cancelled: true } };
    },
  });
  const answer = (runId: string, result: unknown): void => {
    const release = pending.get(runId);
    if (release === undefined) throw new Error(`no run ${runId} in flight`);
    pending.delete(runId);
    release({ ok: true, value: { tool: 't', device: SERIAL, taken_at: '2026-12-02T16:00:00.000Z', result } });
  };
  const fail = (runId: string, error: ApiResult<never> & { ok: false }): void => {
    const release = pending.get(runId);
    if (release === undefined) throw new Error(`no run ${runId} in flight`);
    pending.delete(runId);
    release(error);
  };
  return { client, pending, answer, fail, ...createTestStore(client) };
}

const runIdOf = (input: unknown): string => (input as { run_id: string }).run_id;

describe('diagnostics slice', () => {
  it('runs a probe with a run_id and keeps the answer with its tool and arguments', async () => {
    const { client, store, answer } = deferredRuns();
    const running = store.getState().runAndroidTool(SERIAL, 'android_doze', {});
    const card = () => store.getState().toolCards[cardKey(SERIAL, 'android_doze')];
    expect(card()).toMatchObject({ running: true, tool: 'android_doze', args: {} });
    const [call] = client.callsTo('android:run');
    expect(call).toMatchObject({ tool: 'android_doze', device: SERIAL, arguments: {} });
    answer(runIdOf(call), { kind: 'doze', status: 'complete' });
    await running;
    expect(card()).toEqual({
      running: false,
      tool: 'android_doze',
      args: {},
      run: {
        tool: 't',
        device: SERIAL,
        taken_at: '2026-12-02T16:00:00.000Z',
        result: { kind: 'doze', status: 'complete' },
      },
    });
  });

  it('a refresh while a run is in flight cancels it; the stale answer never overwrites the new one', async () => {
    const { client, store, answer } = deferredRuns();
    const first = store.getState().runAndroidTool(SERIAL, 'android_storage', {}, 'storage');
    const second = store.getState().runAndroidTool(SERIAL, 'android_storage', {}, 'storage');
    const [one, two] = client.callsTo('android:run').map(runIdOf);
    expect(one).not.toBe(two);
    expect(client.callsTo('android:cancel')).toEqual([{ run_id: one }]);
    await first;
    const card = () => store.getState().toolCards[cardKey(SERIAL, 'storage')];
    // The first run answered COMMAND_CANCELLED, but the card waits for the second.
    expect(card()).toMatchObject({ running: true, runId: two });
    expect(card()?.cancelled).toBeUndefined();
    answer(two as string, { kind: 'storage', filesystems: [] });
    await second;
    expect(card()).toMatchObject({ running: false, run: { result: { kind: 'storage' } } });
    expect(card()?.error).toBeUndefined();
  });

  it('cancel keeps the last answer and marks the card cancelled, not failed', async () => {
    const { client, store, answer } = deferredRuns();
    const key = cardKey(SERIAL, 'inspect_android_app');
    const first = store.getState().runAndroidTool(SERIAL, 'inspect_android_app', {});
    answer(runIdOf(client.callsTo('android:run')[0]), { kind: 'android_app', package: 'com.a' });
    await first;
    const second = store.getState().runAndroidTool(SERIAL, 'inspect_android_app', { package: 'com.b' });
    await store.getState().cancelAndroidTool(SERIAL, 'inspect_android_app');
    await second;
    expect(client.callsTo('android:cancel')).toEqual([{ run_id: runIdOf(client.callsTo('android:run')[1]) }]);
    const card = store.getState().toolCards[key];
    expect(card).toMatchObject({
      running: false,
      cancelled: true,
      args: { package: 'com.b' },
      run: { result: { package: 'com.a' } },
    });
    expect(card?.error).toBeUndefined();
    // Nothing in flight: a second cancel asks nothing.
    await store.getState().cancelAndroidTool(SERIAL, 'inspect_android_app');
    expect(client.callsTo('android:cancel')).toHaveLength(1);
  });

  it('shows a refused argument at its field and keeps the last answer; a device failure replaces neither', async () => {
    const { client, store, answer, fail } = deferredRuns();
    const key = cardKey(SERIAL, 'raw');
    const first = store.getState().runAndroidTool(SERIAL, 'android_settings', { namespace: 'system' }, 'raw');
    answer(runIdOf(client.callsTo('android:run')[0]), { kind: 'settings' });
    await first;
    const refused = store.getState().runAndroidTool(SERIAL, 'android_settings', { key: 'a;b' }, 'raw');
    fail(runIdOf(client.callsTo('android:run')[1]), {
      ok: false,
      error: {
        code: 'INVALID_ARGUMENTS',
        message: 'android_settings: key must use only letters',
        details: { field: 'key', issues: [{ field: 'key', message: 'must use only letters' }] },
      },
    });
    await refused;
    expect(store.getState().toolCards[key]).toMatchObject({
      running: false,
      fieldError: { field: 'key', message: 'key must use only letters' },
      run: { result: { kind: 'settings' } },
    });
    const failed = store.getState().runAndroidTool(SERIAL, 'android_dumpsys', { service: 'battery' }, 'raw');
    // A new run clears the field error while it runs.
    expect(store.getState().toolCards[key]?.fieldError).toBeUndefined();
    fail(runIdOf(client.callsTo('android:run')[2]), {
      ok: false,
      error: {
        code: 'ANDROID_COMMAND_REFUSED',
        message: 'android_dumpsys: dumpsys battery accepts only -a, -h and --proto',
        details: { rule: 'android-dump-options' },
      },
    });
    await failed;
    expect(store.getState().toolCards[key]).toMatchObject({
      running: false,
      tool: 'android_dumpsys',
      error: { code: 'ANDROID_COMMAND_REFUSED', details: { rule: 'android-dump-options' } },
      run: { result: { kind: 'settings' } },
    });
  });

  it('runs the probes of a dashboard side by side, each settling on its own', async () => {
    const { client, store, answer } = deferredRuns();
    const runs = ['environment', 'doze', 'storage'].map((probe) =>
      store.getState().runAndroidTool(SERIAL, `tool_${probe}`, {}, probe),
    );
    const ids = client.callsTo('android:run').map(runIdOf);
    expect(ids).toHaveLength(3);
    answer(ids[2] as string, { kind: 'storage' });
    await runs[2];
    const cards = store.getState().toolCards;
    expect(cards[cardKey(SERIAL, 'storage')]?.running).toBe(false);
    expect(cards[cardKey(SERIAL, 'environment')]?.running).toBe(true);
    expect(cards[cardKey(SERIAL, 'doze')]?.running).toBe(true);
    expect(client.callsTo('android:cancel')).toEqual([]);
  });
});
