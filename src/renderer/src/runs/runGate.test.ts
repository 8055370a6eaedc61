import { describe, expect, it } from 'vitest';
import type { DeviceInfo } from '../../../shared/api/devices';
import { INITIAL_DESIGN, setContent } from '../designer/design';
import { checkDesign } from '../designer/params';
import { defaultRunLabel, fixFieldsText, runBlocker, type GateInput } from './runGate';

const online: DeviceInfo = { serial: 'a', state: 'device', server: 'local' };
const offline: DeviceInfo = { serial: 'b', state: 'offline', server: 'local' };
const valid = checkDesign(INITIAL_DESIGN);
const invalid = checkDesign(setContent(INITIAL_DESIGN, ''));

function gate(overrides: Partial<GateInput>): string | null {
  return runBlocker({
    action: 'sequence',
    serials: ['a'],
    devices: [online, offline],
    check: valid,
    running: false,
    ...overrides,
  });
}

describe('runBlocker', () => {
  it('lets a valid design run on an online device', () => {
    expect(gate({})).toBeNull();
  });

  it('says how many fields to fix, for set and sequence only', () => {
    expect(gate({ check: invalid })).toBe('Fix 1 field to run');
    expect(gate({ check: invalid, action: 'set' })).toBe('Fix 1 field to run');
    expect(gate({ check: invalid, action: 'clear' })).toBeNull();
    expect(gate({ check: invalid, action: 'screenshot' })).toBeNull();
    expect(fixFieldsText(2)).toBe('Fix 2 fields to run');
  });

  it('blocks while running, without devices, and on offline devices', () => {
    expect(gate({ running: true })).toBe('A run is in progress');
    expect(gate({ serials: [] })).toBe('Choose a device to run on');
    expect(gate({ serials: ['b'] })).toBe('b is not online');
    expect(gate({ serials: ['a', 'b', 'c'], devices: [online, offline, { ...offline, serial: 'c' }] })).toBe(
      '2 devices are not online',
    );
  });

  it('names a disconnected device (no longer listed) before offline ones', () => {
    expect(gate({ serials: ['gone'] })).toBe('gone is disconnected: reconnect it or choose another device');
    expect(gate({ serials: ['a', 'b', 'gone'] })).toBe(
      'gone is disconnected: reconnect it or choose another device',
    );
    expect(gate({ serials: ['gone', 'lost'] })).toBe(
      '2 devices are disconnected: reconnect them or untick them',
    );
  });
});

describe('defaultRunLabel', () => {
  it('uses the first non-blank line, shortened to 60 characters', () => {
    expect(defaultRunLabel('\n  FLOW-7: checkout  \nmore')).toBe('FLOW-7: checkout');
    expect(defaultRunLabel('x'.repeat(80))).toBe(`${'x'.repeat(59)}\u2026`);
    expect(defaultRunLabel(' \n ')).toBe('');
  });
});
