import { describe, expect, it } from 'vitest';
import {
  INITIAL_DESIGN,
  insertPlaceholder,
  loadParams,
  parseDesign,
  placeholderToken,
  resetFields,
  setContent,
  setField,
  setMode,
  type Design,
} from './design';

const design: Design = { ...INITIAL_DESIGN, content: 'abc' };

describe('designer edits', () => {
  it('return the same design when nothing changes (no empty undo steps)', () => {
    expect(setMode(design, 'text')).toBe(design);
    expect(setContent(design, 'abc')).toBe(design);
    expect(setField(design, { field: 'widthDp', value: '' })).toBe(design);
    expect(resetFields(design)).toBe(design);
  });

  it('change one thing and leave the input untouched', () => {
    const next = setField(design, { field: 'widthDp', value: '320' });
    expect(next.fields.widthDp).toBe('320');
    expect(design.fields.widthDp).toBe('');
    expect(setMode(next, 'template')).toMatchObject({ mode: 'template', content: 'abc' });
    expect(resetFields(next).fields.widthDp).toBe('');
    expect(resetFields(next).content).toBe('abc');
  });

  it('insert a placeholder at the cursor or over the selection, in template mode', () => {
    expect(insertPlaceholder(design, { name: 'device.model', start: 1, end: 1 })).toMatchObject({
      mode: 'template',
      content: 'a{{device.model}}bc',
    });
    expect(insertPlaceholder(design, { name: 'system.language_tag', start: 2, end: 0 }).content).toBe(
      '{{system.language_tag}}c',
    );
  });

  it('clamp a cursor outside the content to its ends', () => {
    expect(insertPlaceholder(design, { name: 'device.model', start: 99, end: 120 }).content).toBe(
      'abc{{device.model}}',
    );
    expect(insertPlaceholder(design, { name: 'device.model', start: -5, end: -1 }).content).toBe(
      '{{device.model}}abc',
    );
  });

  it('spell placeholder tokens with double braces', () => {
    expect(placeholderToken('foreground_app.icon')).toBe('{{foreground_app.icon}}');
  });

  it('load params exactly: omitted params become empty fields, zero stays zero', () => {
    const loaded = loadParams(design, {
      template: '{{device.model}}',
      topOffsetDp: 0,
      textColor: '#FF00FF00',
    });
    expect(loaded.mode).toBe('template');
    expect(loaded.content).toBe('{{device.model}}');
    expect(loaded.fields.topOffsetDp).toBe('0');
    expect(loaded.fields.textColor).toBe('#FF00FF00');
    expect(loaded.fields.widthDp).toBe('');
    expect(loadParams(design, { text: 'x', anchor: 'right' })).toMatchObject({ mode: 'text', content: 'x' });
  });
});

describe('parseDesign', () => {
  it('reads back a stored design, filling missing fields with empty ones', () => {
    const stored = JSON.parse(JSON.stringify(setField(design, { field: 'ttlMs', value: '5000' })));
    delete stored.fields.anchor;
    const parsed = parseDesign(stored);
    expect(parsed?.fields.ttlMs).toBe('5000');
    expect(parsed?.fields.anchor).toBe('');
  });

  it.each([
    null,
    'text',
    { mode: 'html', content: '', fields: {} },
    { mode: 'text', content: 5, fields: {} },
    { mode: 'text', content: '', fields: [] },
    { mode: 'text', content: '', fields: { widthDp: 320 } },
  ])('rejects %j', (value) => {
    expect(parseDesign(value)).toBeNull();
  });
});
