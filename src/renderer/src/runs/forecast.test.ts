import { describe, expect, it } from 'vitest';
import type { DeviceInfo } from '../../../shared/api/devices';
import { createFixedAdvanceMeasurer, ROBOTO_LIKE_METRICS } from '../../../shared/geometry/fixedMeasurer';
import { testDescription } from '../../../test-support/testDescription';
import { INITIAL_DESIGN, setField } from '../designer/design';
import { checkDesign } from '../designer/params';
import { ENABLE_SERVICE_ADVICE, NO_USABLE_AREA_ADVICE } from './errorAdvice';
import {
  forecastHint,
  forecastLabel,
  forecastRun,
  type ForecastDevice,
  type ForecastInput,
} from './forecast';

const measurer = createFixedAdvanceMeasurer(ROBOTO_LIKE_METRICS);
const operator = {
  packageName: 'com.androperator.operator',
  installed: true,
  serviceEnabled: true,
  reachable: true,
};
const phone: DeviceInfo = { serial: 'p', state: 'device', server: 'local', model: 'Pixel 7', operator };
const phoneTarget: ForecastDevice = {
  serial: 'p',
  deviceName: 'Pixel 7 (p)',
  device: phone,
  description: testDescription(),
  enableServiceShown: false,
};
const valid = checkDesign(INITIAL_DESIGN).params;

function forecast(overrides: Partial<ForecastInput>) {
  return forecastRun({ action: 'sequence', params: valid, devices: [phoneTarget], measurer, ...overrides });
}

describe('forecastRun', () => {
  it('knows nothing against a design that fits an enabled Operator', () => {
    expect(forecast({})).toEqual([]);
    expect(forecastLabel(forecast({}), 1)).toBeNull();
    expect(forecastHint(forecast({}))).toBeNull();
  });

  it('says a panel wider than the usable area will fail set and sequence, not clear or screenshot', () => {
    // 420 dp at 2.625 is 1103 px (+ 21 px edge) on a 1080 px usable width.
    const params = checkDesign(setField(INITIAL_DESIGN, { field: 'widthDp', value: '420' })).params;
    const problems = forecast({ params });
    expect(problems.map((problem) => problem.kind)).toEqual(['panel-too-wide']);
    expect(problems[0]?.message).toMatch(/does not fit the usable width/);
    expect(forecastLabel(problems, 1)).toBe('will fail: panel too wide');
    expect(forecast({ params, action: 'set' })).toHaveLength(1);
    expect(forecast({ params, action: 'clear' })).toEqual([]);
    expect(forecast({ params, action: 'screenshot' })).toEqual([]);
    expect(forecastHint(problems)).toMatch(
      /^The preview says this will fail on Pixel 7 \(p\): The panel does not fit/,
    );
  });

  it('on a display without usable area (Android 9 with a cutout) says to use another device, measurer or not', () => {
    const description = testDescription({
      display: {
        ...testDescription().display,
        usable: null,
        usableError: 'Android 9 (API 28) declares a cutout.',
      },
    });
    for (const withMeasurer of [measurer, null]) {
      const problems = forecast({ devices: [{ ...phoneTarget, description }], measurer: withMeasurer });
      expect(problems.map((problem) => problem.kind)).toEqual(['no-usable-area']);
      expect(problems[0]?.advice).toBe(NO_USABLE_AREA_ADVICE);
      expect(problems[0]?.advice).not.toMatch(/Reduce/);
    }
  });

  it('says a disabled service fails set, sequence and clear, pointing at the button when it is shown', () => {
    const disabled = { ...phone, operator: { ...operator, serviceEnabled: false } };
    const shown = forecast({ devices: [{ ...phoneTarget, device: disabled, enableServiceShown: true }] });
    expect(shown.map((problem) => problem.kind)).toEqual(['service-disabled']);
    expect(shown[0]?.advice).toBe(ENABLE_SERVICE_ADVICE);
    const hidden = forecast({ devices: [{ ...phoneTarget, device: disabled }], action: 'clear' });
    expect(hidden[0]?.advice).toMatch(/Settings > Accessibility/);
    expect(forecast({ devices: [{ ...phoneTarget, device: disabled }], action: 'screenshot' })).toEqual([]);
    // Not installed is a different problem (Install APK), not this one.
    const missing = { ...phone, operator: { ...operator, installed: false, serviceEnabled: false } };
    expect(forecast({ devices: [{ ...phoneTarget, device: missing }] })).toEqual([]);
  });

  it('counts the failing devices of a multi-device run on the button', () => {
    const disabled = { ...phone, serial: 'q', operator: { ...operator, serviceEnabled: false } };
    const problems = forecast({
      devices: [phoneTarget, { ...phoneTarget, serial: 'q', deviceName: 'Pixel 7 (q)', device: disabled }],
    });
    expect(forecastLabel(problems, 2)).toBe('will fail on 1 of 2 devices');
  });
});
