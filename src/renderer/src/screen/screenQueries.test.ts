import { describe, expect, it } from 'vitest';
import type { ScreenFindAnswer, ScreenWaitAnswer } from '../../../shared/api/screenSchemas';
import { SCREEN_CHANNEL_ANSWERS } from '../../../test-support/screenAnswers';
import { createFakeClient, createTestStore, settle } from '../../../test-support/rendererStore';

const TREE = SCREEN_CHANNEL_ANSWERS['screen:tree'];
const OK_NODE = TREE.nodes[0]!;
const FOUND: ScreenFindAnswer = {
  serial: 'emulator-5554',
  query: { text: 'OK', bounds: null },
  node: { ...OK_NODE, index: 3 },
  tree: {
    ...TREE,
    nodes: [...TREE.nodes, { ...OK_NODE, index: 3, text: 'Other' }, { ...OK_NODE, index: 3 }],
  },
};

/** A deferred answer: the test decides when the main side answers. */
function later<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function followed(handlers: Parameters<typeof createFakeClient>[0]) {
  const client = createFakeClient(handlers);
  const { store, clock } = createTestStore(client);
  store.getState().screenFollow('emulator-5554', false);
  return { client, store, clock };
}

describe('Find in the screen slice', () => {
  it('shows the found node and selects it in the tree it was found in', async () => {
    const { client, store } = followed({ 'screen:find': () => ({ ok: true, value: FOUND }) });
    await store.getState().screenFind('emulator-5554', { text: 'OK' });
    expect(client.callsTo('screen:find')).toEqual([{ serial: 'emulator-5554', text: 'OK' }]);
    const screen = store.getState().screen;
    expect(screen.tree).toBe(FOUND.tree);
    expect(screen.selected).toBe(3);
    expect(screen.find).toMatchObject({ status: 'found', selected: true, error: null });
  });

  it('in a frozen view keeps the tree and selects the node only where the shown tree has it', async () => {
    const { store } = followed({
      'screen:tree': () => ({ ok: true, value: TREE }),
      'screen:find': () => ({ ok: true, value: FOUND }),
    });
    await store.getState().screenLoadTree('emulator-5554');
    store.getState().screenFreeze(true);
    await store.getState().screenFind('emulator-5554', { text: 'OK' });
    // The frozen tree has the same node (same identity) at index 0.
    expect(store.getState().screen).toMatchObject({ tree: TREE, selected: 0, find: { selected: true } });
    // A frozen tree of another screen does not have it: found, but not selected there.
    store.setState({
      screen: {
        ...store.getState().screen,
        tree: { ...TREE, nodes: [{ ...OK_NODE, bounds: '[1,1][2,2]' }] },
      },
    });
    await store.getState().screenFind('emulator-5554', { text: 'OK' });
    expect(store.getState().screen.find).toMatchObject({ status: 'found', selected: false });
    store.getState().screenFreeze(false);
  });

  it('shows the refusal as a value; an older find answering late is dropped', async () => {
    const first = later<{ ok: false; error: { code: 'UI_TARGET_AMBIGUOUS'; message: string } }>();
    let calls = 0;
    const { store } = followed({
      'screen:find': () => {
        calls += 1;
        return calls === 1
          ? first.promise
          : { ok: false, error: { code: 'UI_TARGET_NOT_FOUND', message: 'node not found', hint: 'check' } };
      },
    });
    const slow = store.getState().screenFind('emulator-5554', { text: 'OK' });
    expect(store.getState().screen.find.status).toBe('finding');
    await store.getState().screenFind('emulator-5554', { text: 'Nope' });
    first.resolve({ ok: false, error: { code: 'UI_TARGET_AMBIGUOUS', message: 'two' } });
    await slow;
    expect(store.getState().screen.find).toMatchObject({
      status: 'failed',
      error: { code: 'UI_TARGET_NOT_FOUND', hint: 'check' },
    });
  });
});

describe('Wait for text in the screen slice', () => {
  it('waits under a fresh wait_id, shows the elapsed time while waiting and the result at the end', async () => {
    const answer = later<{ ok: true; value: ScreenWaitAnswer }>();
    const { client, store, clock } = followed({ 'screen:waitText': () => answer.promise });
    const waiting = store.getState().screenWaitText('emulator-5554', 'OK', 3000);
    const [call] = client.callsTo('screen:waitText') as Array<{ wait_id: string }>;
    expect(call).toEqual({
      serial: 'emulator-5554',
      text: 'OK',
      timeout_ms: 3000,
      wait_id: expect.any(String),
    });
    expect(store.getState().screen.wait).toMatchObject({
      status: 'waiting',
      id: call?.wait_id,
      timeoutMs: 3000,
    });
    // A second wait while one runs starts nothing.
    await store.getState().screenWaitText('emulator-5554', 'Other', 3000);
    expect(client.callsTo('screen:waitText')).toHaveLength(1);
    clock.now += 700;
    answer.resolve({ ok: true, value: { ...SCREEN_CHANNEL_ANSWERS['screen:waitText'], elapsed_ms: 650 } });
    await waiting;
    expect(store.getState().screen.wait).toMatchObject({ status: 'found', elapsedMs: 650, polls: 2 });
  });

  it('Cancel asks the main side to stop the poll; the wait then ends cancelled with its elapsed time', async () => {
    const answer = later<{
      ok: false;
      error: { code: 'COMMAND_CANCELLED'; message: string; details: Record<string, unknown> };
    }>();
    const { client, store } = followed({
      'screen:waitText': () => answer.promise,
      'screen:cancelWait': () => {
        answer.resolve({
          ok: false,
          error: { code: 'COMMAND_CANCELLED', message: 'cancelled', details: { elapsed_ms: 1234 } },
        });
        return { ok: true, value: { cancelled: true } };
      },
    });
    const waiting = store.getState().screenWaitText('emulator-5554', 'Never', 10_000);
    const id = store.getState().screen.wait.id;
    await store.getState().screenCancelWait();
    await waiting;
    expect(client.callsTo('screen:cancelWait')).toEqual([{ wait_id: id }]);
    expect(store.getState().screen.wait).toMatchObject({ status: 'cancelled', elapsedMs: 1234 });
    // Nothing in flight: Cancel sends nothing.
    await store.getState().screenCancelWait();
    expect(client.callsTo('screen:cancelWait')).toHaveLength(1);
  });

  it('a timeout is a failure with its polls; leaving the device cancels a wait in flight and drops its answer', async () => {
    const { store } = followed({
      'screen:waitText': () => ({
        ok: false,
        error: {
          code: 'COMMAND_TIMEOUT',
          message: 'did not appear',
          details: { polls: 4, elapsed_ms: 1000 },
        },
      }),
    });
    await store.getState().screenWaitText('emulator-5554', 'Never', 1000);
    expect(store.getState().screen.wait).toMatchObject({ status: 'failed', polls: 4, elapsedMs: 1000 });

    const answer = later<{ ok: true; value: ScreenWaitAnswer }>();
    const second = followed({
      'screen:waitText': () => answer.promise,
      'screen:cancelWait': () => ({ ok: true, value: { cancelled: true } }),
    });
    const waiting = second.store.getState().screenWaitText('emulator-5554', 'OK', 5000);
    second.store.getState().screenFollow('tv-1', false);
    await settle();
    expect(second.client.callsTo('screen:cancelWait')).toHaveLength(1);
    answer.resolve({ ok: true, value: SCREEN_CHANNEL_ANSWERS['screen:waitText'] });
    await waiting;
    expect(second.store.getState().screen.wait.status).toBe('idle');
    second.store.getState().screenFollow(null, false);
  });
});

describe('the selection across screens', () => {
  it('follows its node when the tree is read again, and is cleared when the new screen does not have it', async () => {
    let tree = TREE;
    const { store } = followed({
      'screen:tree': () => ({ ok: true, value: tree }),
      'screen:act': () => ({ ok: true, value: SCREEN_CHANNEL_ANSWERS['screen:act'] }),
      'screen:find': () => ({ ok: true, value: FOUND }),
    });
    await store.getState().screenLoadTree('emulator-5554');
    store.getState().screenSelect(0);
    // The same node at another index: still selected.
    tree = {
      ...TREE,
      nodes: [
        { ...OK_NODE, index: 0, text: 'Other' },
        { ...OK_NODE, index: 1 },
      ],
    };
    await store.getState().screenLoadTree('emulator-5554');
    expect(store.getState().screen.selected).toBe(1);
    // Another screen where index 1 is another node: nothing selected, so Tap node cannot aim at it.
    tree = {
      ...TREE,
      nodes: [
        { ...OK_NODE, text: 'Other' },
        { ...OK_NODE, index: 1, bounds: '[0,60][100,110]' },
      ],
    };
    await store.getState().screenLoadTree('emulator-5554');
    expect(store.getState().screen.selected).toBeNull();
  });

  it('an action clears the last Find (it described the screen before the action)', async () => {
    const { store } = followed({
      'screen:tree': () => ({ ok: true, value: TREE }),
      'screen:act': () => ({ ok: true, value: SCREEN_CHANNEL_ANSWERS['screen:act'] }),
      'screen:find': () => ({ ok: true, value: FOUND }),
    });
    await store.getState().screenFind('emulator-5554', { text: 'OK' });
    expect(store.getState().screen.find.status).toBe('found');
    await store.getState().screenAct('emulator-5554', { kind: 'tap_text', text: 'OK' });
    expect(store.getState().screen.find.status).toBe('idle');
    await settle();
  });
});
