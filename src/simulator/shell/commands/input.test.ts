import { describe, expect, it } from 'vitest';
import { navigationOf } from '../../device/navigation';
import { DeviceState } from '../../device/state';
import { setUiSource, type UiNode } from '../../device/uiTree';
import { runShell } from '../../../test-support/runShell';

describe('input', () => {
  it('records taps, swipes, text and key events in order', async () => {
    const state = new DeviceState();
    const emitted: unknown[] = [];
    state.on('input', (event) => emitted.push(event));
    await runShell(
      "input tap 100 200 && input swipe 1 2 3 4 && input touchscreen swipe 1 2 3 4 500 && input text 'hello%sworld' && input keyevent KEYCODE_ENTER 67",
      { state },
    );
    const expected = [
      { kind: 'tap', x: 100, y: 200 },
      { kind: 'swipe', x1: 1, y1: 2, x2: 3, y2: 4, durationMs: 300 },
      { kind: 'swipe', x1: 1, y1: 2, x2: 3, y2: 4, durationMs: 500 },
      { kind: 'text', text: 'hello world' },
      { kind: 'keyevent', keyCode: 66, name: 'KEYCODE_ENTER' },
      { kind: 'keyevent', keyCode: 67, name: 'KEYCODE_DEL' },
    ];
    expect(state.inputHistory()).toEqual(expected);
    expect(emitted).toEqual(expected);
  });

  it('HOME shows the launcher; BACK leaves an app', async () => {
    const state = new DeviceState({
      packages: [{ packageName: 'com.example.app', launchActivity: '.Main' }],
    });
    state.setForeground({ packageName: 'com.example.app', activity: '.Main' });
    await runShell('input keyevent KEYCODE_HOME', { state });
    expect(state.foreground.packageName).toBe('com.android.launcher3');
    state.setForeground({ packageName: 'com.example.app', activity: '.Main' });
    await runShell('input keyevent 4', { state });
    expect(state.foreground.packageName).toBe('com.android.launcher3');
    state.setForeground({ packageName: 'com.example.app', activity: '.Main' });
    await runShell('input keyevent HOME', { state });
    expect(state.foreground.packageName).toBe('com.android.launcher3');
  });

  it('rejects malformed commands without recording anything', async () => {
    const state = new DeviceState();
    for (const line of [
      'input',
      'input tap 1',
      'input tap x y',
      'input swipe 1 2 3',
      'input text',
      'input keyevent',
      'input fly 1 2',
    ]) {
      expect((await runShell(line, { state })).status, line).toBe(1);
    }
    expect(await runShell('input keyevent KEYCODE_WARP', { state })).toMatchObject({
      status: 1,
      stderr: 'Error: Unknown keycode: KEYCODE_WARP\n',
    });
    expect(state.inputHistory()).toEqual([]);
  });

  it('a tap clicks the topmost clickable node under it; labels inside a row click the row', async () => {
    const state = new DeviceState({
      packages: [{ packageName: 'com.example.app', launchActivity: '.Main' }],
    });
    state.setForeground({ packageName: 'com.example.app', activity: '.Main' });
    const node = (bounds: [number, number, number, number], facts: Partial<UiNode> = {}): UiNode => ({
      className: 'android.view.View',
      packageName: 'com.example.app',
      bounds: { left: bounds[0], top: bounds[1], right: bounds[2], bottom: bounds[3] },
      drawingOrder: 1,
      children: [],
      ...facts,
    });
    const root = node([0, 0, 1000, 2000], {
      children: [
        node([0, 100, 1000, 300], {
          clickable: true,
          action: { kind: 'open', page: 'row' },
          children: [
            node([20, 120, 400, 160], { text: 'label' }),
            node([900, 120, 980, 200], { clickable: true }),
          ],
        }),
        node([0, 310, 1000, 390], {
          clickable: true,
          enabled: false,
          action: { kind: 'open', page: 'disabled' },
        }),
        node([0, 400, 1000, 500], { clickable: true, action: { kind: 'focus', field: 'query' } }),
        node([0, 600, 1000, 1600], {
          scroll: { key: 'list', maxPx: 250 },
          children: [node([0, 600, 1000, 700], { clickable: true, action: { kind: 'open', page: 'item' } })],
        }),
      ],
    });
    setUiSource(state, () => Promise.resolve({ rotation: 0, root }));
    const pages = (): string[] =>
      navigationOf(state)
        .pages('com.example.app')
        .map((page) => page.name);
    // The star at the row's end is clickable without a handler: nothing happens, the row is not clicked either;
    // a disabled button takes the tap and does nothing; a tap off the window does nothing.
    await runShell('input tap 950 150', { state });
    await runShell('input tap 500 350', { state });
    await runShell('input tap 1500 150', { state });
    expect(pages()).toEqual(['root']);
    await runShell('input tap 100 140', { state });
    expect(pages()).toEqual(['root', 'row']);
    await runShell('input keyevent BACK && input tap 500 450 && input text hi%sthere', { state });
    await runShell('input swipe 500 1200 500 800 && input swipe 500 1200 500 1100', { state });
    const [page] = navigationOf(state).pages('com.example.app');
    expect(page).toMatchObject({ focused: 'query', fields: { query: 'hi there' }, scroll: { list: 250 } });
    // A swipe that starts outside any list scrolls nothing.
    await runShell('input swipe 500 450 500 50', { state });
    expect(navigationOf(state).pages('com.example.app')[0]?.scroll).toEqual({ list: 250 });
  });
});
