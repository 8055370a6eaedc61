import { describe, expect, it } from 'vitest';
import { loadProfile } from '../profiles/loadProfile';
import type { DeviceProfile, ProfileDisplay } from '../profiles/types';
import { navigationBarPosition, screenInputFromProfile } from './fromProfile';

function profile(name: string): DeviceProfile {
  const result = loadProfile(name);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const tabletDisplay = profile('tablet').display;

describe('navigationBarPosition', () => {
  it.each([
    ['portrait', { ...tabletDisplay, widthPx: 1600, heightPx: 2560, navBarCanMove: true }, 'bottom'],
    ['landscape, bar cannot move', tabletDisplay, 'bottom'],
    ['landscape, unknown', { ...tabletDisplay, navBarCanMove: null }, 'bottom'],
    ['landscape at rotation 90', { ...tabletDisplay, navBarCanMove: true, rotation: 90 }, 'right'],
    ['landscape at rotation 270', { ...tabletDisplay, navBarCanMove: true, rotation: 270 }, 'left'],
  ] as Array<[string, ProfileDisplay, string]>)('%s', (_name, display, position) => {
    expect(navigationBarPosition(display)).toBe(position);
  });
});

describe('screenInputFromProfile', () => {
  it('copies the display, bars and cutout and shows the boot foreground app', () => {
    const input = screenInputFromProfile(profile('cutout28'), { clockText: '10:00', dateText: 'Mon, Jun 2' });
    expect(input).toMatchObject({
      widthPx: 1080,
      heightPx: 2280,
      densityDpi: 440,
      sdk: 28,
      statusBarPx: 88,
      navigationBar: { sizePx: 132, position: 'bottom', mode: 'threeButton' },
      cutout: { shape: 'notch', insets: { left: 0, top: 88, right: 0, bottom: 0 } },
      clockText: '10:00',
      dateText: 'Mon, Jun 2',
      foregroundApp: {
        packageName: 'com.shoply.android',
        label: 'Shoply',
        brandColor: '#E65100',
        kind: 'shop',
      },
      panel: null,
    });
    expect(input.homeApps.map((app) => app.kind)).toEqual(['launcher', 'settings', 'shop', 'mail', 'maps']);
  });

  it('shows the requested app, and the launcher for a package that is not installed', () => {
    const phone = profile('phone');
    expect(
      screenInputFromProfile(phone, { clockText: '1:00', foregroundPackage: 'com.atlasmaps.app' })
        .foregroundApp.kind,
    ).toBe('maps');
    const missing = screenInputFromProfile(phone, {
      clockText: '1:00',
      foregroundPackage: 'com.example.gone',
    });
    expect(missing.foregroundApp.kind).toBe('launcher');
    expect('dateText' in missing).toBe(false);
  });
});
