import { describe, expect, it } from 'vitest';
import { applyPanelDefaults } from './defaults';

describe('applyPanelDefaults', () => {
  it('fills every omitted field with the reference default', () => {
    expect(applyPanelDefaults({ text: 'default' })).toEqual({
      content: { kind: 'text', value: 'default' },
      anchor: 'left',
      textAlign: 'left',
      topOffsetDp: 8,
      edgeOffsetDp: 8,
      widthDp: 280,
      fontSizeSp: 12,
      textColor: '#FFFFFFFF',
      backgroundColor: '#B3000000',
      ttlMs: 300000,
    });
  });

  it('keeps supplied values, including zero offsets, and marks templates', () => {
    const spec = applyPanelDefaults({
      template: '{{device.model}}',
      anchor: 'right',
      textAlign: 'right',
      topOffsetDp: 0,
      edgeOffsetDp: 0,
      widthDp: 600,
      fontSizeSp: 24,
      textColor: '#FF000000',
      backgroundColor: '#00FFFFFF',
      ttlMs: 1000,
    });
    expect(spec).toEqual({
      content: { kind: 'template', value: '{{device.model}}' },
      anchor: 'right',
      textAlign: 'right',
      topOffsetDp: 0,
      edgeOffsetDp: 0,
      widthDp: 600,
      fontSizeSp: 24,
      textColor: '#FF000000',
      backgroundColor: '#00FFFFFF',
      ttlMs: 1000,
    });
  });

  it('does not patch from an earlier spec: each call starts from the defaults', () => {
    applyPanelDefaults({ text: 'first', textColor: '#FF00FF00' });
    expect(applyPanelDefaults({ text: 'second' }).textColor).toBe('#FFFFFFFF');
  });
});
