import { describe, expect, it } from 'vitest';
import { DeviceState } from '../../device/state';
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
});
