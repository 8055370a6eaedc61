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
      running: { commandId: 'a', since: '2025-01-01T00:00:00.000Z' },
    });
    expect(registry.acquire('other', { commandId: 'b' }).ok).toBe(true);
  });

  it('tracks what a lease runs now, and frees the device on release', () => {
    const registry = new InFlightRegistry();
    const held = registry.acquire('k', { commandId: 'pending' });
    if (!held.ok) throw new Error('not acquired');
    held.lease.update({ commandId: 'run-1-set', runId: 'run-1' });
    expect(registry.running('k')).toMatchObject({ commandId: 'run-1-set', runId: 'run-1' });
    held.lease.release();
    expect(registry.running('k')).toBeUndefined();
    expect(registry.acquire('k', { commandId: 'next' }).ok).toBe(true);
  });

  it('ignores a second release of an old lease once someone else holds the device', () => {
    const registry = new InFlightRegistry();
    const old = registry.acquire('k', { commandId: 'old' });
    if (!old.ok) throw new Error('not acquired');
    old.lease.release();
    const current = registry.acquire('k', { commandId: 'current' });
    expect(current.ok).toBe(true);
    old.lease.release();
    expect(registry.running('k')?.commandId).toBe('current');
  });
});
