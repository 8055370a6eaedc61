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
});
