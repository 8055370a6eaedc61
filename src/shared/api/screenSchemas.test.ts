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
