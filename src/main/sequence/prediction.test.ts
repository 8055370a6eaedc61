import { describe, expect, it } from 'vitest';
import { testDescription } from '../../test-support/testDescription';
import { predictPanelBounds } from './prediction';
import { createRobotoMeasurer as createHostRobotoMeasurer } from '../../node/fonts/robotoMeasurer';

// The live API 35 numbers of the reference (1080x2400, 420 dpi, usable top 136): defaults -> [21,157][756,236].

const description = testDescription({
  locale: { tag: 'en-US', code: 'en', name: 'English' },
  foregroundApp: { packageName: 'com.example.shop', label: 'Shop', versionCode: '7', versionName: '7.2.0' },
});

describe('predictPanelBounds', () => {
  const measurer = createHostRobotoMeasurer();

  it('matches the reference device for the defaults and for a right-anchored panel', () => {
    expect(predictPanelBounds({ text: 'FLOW-001: Observe settings' }, description, measurer)).toEqual({
      left: 21,
      top: 157,
      right: 756,
      bottom: 236,
    });
    expect(
      predictPanelBounds(
        { text: 'FLOW-001', anchor: 'right', edgeOffsetDp: 12, topOffsetDp: 24 },
        description,
        measurer,
      ),
    ).toEqual({ left: 313, top: 199, right: 1048, bottom: 278 });
  });

  it('grows with wrapped lines and expands templates from the hello metadata', () => {
    const oneLine = predictPanelBounds({ text: 'short' }, description, measurer);
    const wrapped = predictPanelBounds({ text: 'word '.repeat(60) }, description, measurer);
    expect(wrapped && oneLine && wrapped.bottom - oneLine.bottom).toBeGreaterThan(100);
    const template = predictPanelBounds(
      { template: '{{foreground_app.package_name}}' },
      description,
      measurer,
    );
    expect(template).toEqual(predictPanelBounds({ text: 'com.example.shop' }, description, measurer));
  });

  it('gives null without a usable area or when the panel does not fit', () => {
    const noUsable = {
      ...description,
      display: { ...description.display, usable: null, usableError: 'cutout' },
    };
    expect(predictPanelBounds({ text: 'x' }, noUsable, measurer)).toBeNull();
    expect(
      predictPanelBounds({ text: 'x', widthDp: 600, edgeOffsetDp: 1000 }, description, measurer),
    ).toBeNull();
  });
});
