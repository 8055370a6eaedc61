import { describe, expect, it } from 'vitest';
import { propertiesFrom } from './deviceProperties';

describe('propertiesFrom', () => {
  it('picks manufacturer, model, API level, release and the simulator profile', () => {
    expect(
      propertiesFrom({
        'ro.product.manufacturer': 'Google',
        'ro.product.model': 'Pixel 9',
        'ro.build.version.sdk': '35',
        'ro.build.version.release': '15',
        'ro.androperator.simulator': 'phone',
        'ro.product.device': 'ignored',
      }),
    ).toEqual({
      manufacturer: 'Google',
      model: 'Pixel 9',
      apiLevel: 35,
      release: '15',
      simulatedProfile: 'phone',
    });
  });

  it('leaves out empty values and a non-numeric SDK', () => {
    expect(
      propertiesFrom({
        'ro.product.model': ' ',
        'ro.build.version.sdk': 'S',
        'ro.build.version.release': '12',
      }),
    ).toEqual({
      release: '12',
    });
  });
});
