import { describe, expect, it } from 'vitest';
import type { DeviceInfo } from '../../../shared/api/devices';
import { operatorChecks, platformText, stateText } from './deviceStatus';

const base: DeviceInfo = { serial: 's', state: 'device', server: 'local' };

describe('device status words', () => {
  it('words adb states with a tone', () => {
    expect(stateText('device')).toEqual({ text: 'online', tone: 'good' });
    expect(stateText('offline').tone).toBe('bad');
    expect(stateText('unauthorized').tone).toBe('warn');
  });

  it('lists the three Operator checks, or none when unknown', () => {
    expect(operatorChecks(base)).toEqual([]);
    expect(
      operatorChecks({
        ...base,
        operator: { packageName: 'p', installed: true, serviceEnabled: false, reachable: false },
      }),
    ).toEqual([
      { label: 'installed', ok: true },
      { label: 'service disabled', ok: false },
      { label: 'unreachable', ok: false },
    ]);
  });

  it('says the API level and release when known', () => {
    expect(platformText({ ...base, apiLevel: 35, release: '15' })).toBe('API 35 \u00b7 Android 15');
    expect(platformText({ ...base, apiLevel: 22 })).toBe('API 22');
    expect(platformText(base)).toBe('');
  });
});
