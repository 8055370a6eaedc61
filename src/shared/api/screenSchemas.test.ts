import { describe, expect, it } from 'vitest';
import { dangerousLabels, screenChannelSchemas } from './screenSchemas';

describe('dangerous labels', () => {
  it('names restore defaults, erase, factory reset and upgrade, each once, and nothing else', () => {
    expect(
      dangerousLabels([
        'Restore defaults',
        'Restore to factory defaults',
        'Erase all data',
        'Factory data reset',
        'Upgrade now',
        'Upgrade now',
        'Settings',
        'Eraser tool',
        'Reset zoom',
      ]),
    ).toEqual([
      'Restore defaults',
      'Restore to factory defaults',
      'Erase all data',
      'Factory data reset',
      'Upgrade now',
    ]);
  });
});

describe('screen:act input', () => {
  it('accepts a tap and refuses a negative coordinate or an unknown key', () => {
    const schema = screenChannelSchemas['screen:act'];
    expect(schema.safeParse({ serial: 'emulator-5554', action: { kind: 'tap', x: 1, y: 2 } }).success).toBe(
      true,
    );
    expect(schema.safeParse({ serial: 'emulator-5554', action: { kind: 'tap', x: -1, y: 2 } }).success).toBe(
      false,
    );
    expect(schema.safeParse({ serial: 'emulator-5554', action: { kind: 'key', key: 'menu' } }).success).toBe(
      false,
    );
  });

  it('accepts launch_app and stop_app with a package and scroll with a direction, refusing unknown fields', () => {
    const schema = screenChannelSchemas['screen:act'];
    const parses = (action: unknown): boolean =>
      schema.safeParse({ serial: 'emulator-5554', action }).success;
    expect(parses({ kind: 'launch_app', package: 'com.shoply.android' })).toBe(true);
    expect(parses({ kind: 'stop_app', package: 'com.shoply.android' })).toBe(true);
    expect(parses({ kind: 'scroll', direction: 'down' })).toBe(true);
    expect(parses({ kind: 'scroll', direction: 'up' })).toBe(true);
    // Unknown fields, a missing or malformed package, an unknown direction and scroll coordinates are refused.
    expect(parses({ kind: 'launch_app', package: 'com.shoply.android', activity: '.Main' })).toBe(false);
    expect(parses({ kind: 'launch_app' })).toBe(false);
    expect(parses({ kind: 'stop_app', package: 'shoply' })).toBe(false);
    expect(parses({ kind: 'stop_app', package: "com.shoply'; reboot" })).toBe(false);
    expect(parses({ kind: 'scroll', direction: 'left' })).toBe(false);
    expect(parses({ kind: 'scroll', direction: 'down', x: 10 })).toBe(false);
  });
});

describe('the node actions and queries', () => {
  const act = (action: unknown): boolean =>
    screenChannelSchemas['screen:act'].safeParse({ serial: 'emulator-5554', action }).success;

  it('accepts tap_text, tap_node and inject (tap, long_press, swipe) and refuses inject text or a bad bounds', () => {
    expect(act({ kind: 'tap_text', text: 'Mail' })).toBe(true);
    expect(act({ kind: 'tap_text', text: '' })).toBe(false);
    expect(act({ kind: 'tap_node', bounds: '[0,0][10,10]' })).toBe(true);
    expect(act({ kind: 'tap_node', bounds: '0,0,10,10' })).toBe(false);
    expect(act({ kind: 'inject', action: 'tap', bounds: '[0,0][10,10]' })).toBe(true);
    expect(act({ kind: 'inject', action: 'long_press', bounds: '[0,0][10,10]', duration_ms: 900 })).toBe(
      true,
    );
    expect(
      act({ kind: 'inject', action: 'swipe', bounds: '[0,0][10,10]', x: 1, y: 1, end_x: 8, end_y: 8 }),
    ).toBe(true);
    // Text entry has its own control (Type); inject here is pointer input only.
    expect(act({ kind: 'inject', action: 'text', bounds: '[0,0][10,10]', text: 'a' })).toBe(false);
    expect(act({ kind: 'inject', action: 'tap', bounds: '[0,0][10,10]', x: -1, y: 2 })).toBe(false);
  });

  it('screen:find needs text or bounds; screen:waitText keeps wait_text’s 100-10000 ms timeout', () => {
    const find = screenChannelSchemas['screen:find'];
    expect(find.safeParse({ serial: 's', text: 'OK' }).success).toBe(true);
    expect(find.safeParse({ serial: 's', bounds: '[0,0][1,1]' }).success).toBe(true);
    expect(find.safeParse({ serial: 's' }).success).toBe(false);
    expect(find.safeParse({ serial: 's', text: 'OK', resource_id: 'x' }).success).toBe(false);
    const wait = screenChannelSchemas['screen:waitText'];
    const waits = (timeout: number): boolean =>
      wait.safeParse({ serial: 's', text: 'OK', timeout_ms: timeout, wait_id: 'w-1' }).success;
    expect([waits(99), waits(100), waits(10_000), waits(10_001)]).toEqual([false, true, true, false]);
    expect(wait.safeParse({ serial: 's', text: 'OK', wait_id: 'w 1' }).success).toBe(false);
    expect(wait.safeParse({ serial: 's', text: 'OK' }).success).toBe(false);
  });
});
