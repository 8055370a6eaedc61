import { describe, expect, it } from 'vitest';
import { deviceKey, InFlightRegistry } from './inFlight';

describe('InFlightRegistry', () => {
  it('keys devices by adb server and serial', () => {
    expect(deviceKey({ host: '127.0.0.1', port: 5037 }, 'emulator-5554')).toBe(
      '127.0.0.1:5037/emulator-5554',
    );
    expect(deviceKey({ host: '127.0.0.1', port: 5038 }, 'emulator-5554')).not.toBe(
      deviceKey({ host: '127.0.0.1', port: 5037 }, 'emulator-5554'),
    );
  });

  it('refuses a second holder and reports what runs', () => {
    const registry = new InFlightRegistry();
    const first = registry.acquire('k', { commandId: 'a' }, Date.UTC(2025, 0, 1));
    expect(first.ok).toBe(true);
    expect(registry.acquire('k', { commandId: 'b' })).toEqual({
      ok: false,
      error: { commandId: 'a', since: '2025-01-01T00:00:00.000Z' },
    });
    expect(registry.acquire('other', { commandId: 'b' }).ok).toBe(true);
  });

  it('tracks what a lease runs now, and frees the device on release', () => {
    const registry = new InFlightRegistry();
    const held = registry.acquire('k', {});
    if (!held.ok) throw new Error('not acquired');
    expect(registry.running('k')).not.toHaveProperty('commandId');
    held.value.update({ commandId: 'run-1-set', runId: 'run-1' });
    expect(registry.running('k')).toMatchObject({ commandId: 'run-1-set', runId: 'run-1' });
    held.value.release();
    expect(registry.running('k')).toBeUndefined();
    expect(registry.acquire('k', { commandId: 'next' }).ok).toBe(true);
  });

  it('ignores a second release of an old lease once someone else holds the device', () => {
    const registry = new InFlightRegistry();
    const old = registry.acquire('k', { commandId: 'old' });
    if (!old.ok) throw new Error('not acquired');
    old.value.release();
    const current = registry.acquire('k', { commandId: 'current' });
    expect(current.ok).toBe(true);
    old.value.release();
    expect(registry.running('k')?.commandId).toBe('current');
  });
});
