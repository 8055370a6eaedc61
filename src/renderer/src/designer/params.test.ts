import { describe, expect, it } from 'vitest';
import { INITIAL_DESIGN, setContent, setField, setMode, type Design, type DesignField } from './design';
import { checkDesign, designToParams, fieldMessage } from './params';

function withFields(fields: Partial<Record<DesignField, string>>, base: Design = INITIAL_DESIGN): Design {
  return Object.entries(fields).reduce(
    (design, [field, value]) => setField(design, { field: field as DesignField, value }),
    base,
  );
}

describe('designToParams', () => {
  it('omits empty fields and puts the content under the mode key', () => {
    expect(designToParams(INITIAL_DESIGN)).toEqual({ text: INITIAL_DESIGN.content });
    expect(designToParams(setMode(INITIAL_DESIGN, 'template'))).toEqual({ template: INITIAL_DESIGN.content });
  });

  it('reads numbers with the CLI grammar after trimming, zero included', () => {
    const design = withFields({ topOffsetDp: ' 0 ', widthDp: '2.8e2', fontSizeSp: '12.0', ttlMs: '1e3' });
    expect(designToParams(design)).toMatchObject({
      topOffsetDp: 0,
      widthDp: 280,
      fontSizeSp: 12,
      ttlMs: 1000,
    });
  });

  it('passes a token that is not a number on as typed, for the validator to reject', () => {
    expect(designToParams(withFields({ widthDp: '12px', edgeOffsetDp: '0x10' }))).toMatchObject({
      widthDp: '12px',
      edgeOffsetDp: '0x10',
    });
  });

  it('keeps text content verbatim (no trimming)', () => {
    expect(designToParams(setContent(INITIAL_DESIGN, '  a\n\tb  ')).text).toBe('  a\n\tb  ');
  });
});

describe('checkDesign', () => {
  it('returns normalized params for a valid design', () => {
    const check = checkDesign(withFields({ textColor: '#a1b2c3', anchor: 'right', widthDp: '600' }));
    expect(check.issueCount).toBe(0);
    expect(check.params).toEqual({
      text: INITIAL_DESIGN.content,
      textColor: '#FFA1B2C3',
      anchor: 'right',
      widthDp: 600,
    });
  });

  it('reports one message per broken field and counts the fields', () => {
    const design = withFields(
      { widthDp: '79', textColor: 'red', ttlMs: '1.5' },
      setContent(INITIAL_DESIGN, ' '),
    );
    const check = checkDesign(design);
    expect(check.params).toBeNull();
    expect(check.issueCount).toBe(4);
    // Issue 14 defect 9: the labels the form shows, one range notation.
    expect(check.issues.widthDp).toBe('Width must be between 80 and 600 dp');
    expect(check.issues.textColor).toBe('Text colour must be exactly #RRGGBB or #AARRGGBB');
    expect(check.issues.ttlMs).toBe('TTL must be a whole number between 1,000 and 3,600,000 ms');
    expect(check.issues.content).toBe('Panel text must include a non-whitespace character');
  });

  it('reports template grammar errors on the content field', () => {
    const check = checkDesign(setMode(setContent(INITIAL_DESIGN, '{{unknown}}'), 'template'));
    expect(check.issues.content).toMatch(/^Template: \{\{unknown\}\} is not a placeholder; use one of \{\{/);
    const unclosed = checkDesign(setMode(setContent(INITIAL_DESIGN, 'ab {{device.model'), 'template'));
    expect(unclosed.issues.content).toBe(
      'Template: the {{ at character 4 is never closed with }}; write {{{{ for a literal {{',
    );
  });

  it('reports an empty box and text over 2048 units', () => {
    expect(checkDesign(setContent(INITIAL_DESIGN, '')).issues.content).toBe(
      'Panel text must be between 1 and 2,048 characters (UTF-16 code units) long',
    );
    expect(checkDesign(setContent(INITIAL_DESIGN, 'x'.repeat(2049))).issueCount).toBe(1);
    expect(checkDesign(setContent(INITIAL_DESIGN, 'x'.repeat(2048))).issueCount).toBe(0);
  });

  it('is memoized per design object', () => {
    const design = withFields({ widthDp: '100' });
    expect(checkDesign(design)).toBe(checkDesign(design));
    expect(checkDesign({ ...design })).not.toBe(checkDesign(design));
  });
});

describe('fieldMessage', () => {
  it('drops the canonical subject and capitalizes', () => {
    expect(fieldMessage('set_on_screen_log params.widthDp must be in [80, 600]')).toBe(
      'Must be in [80, 600]',
    );
    expect(fieldMessage('Invalid template placeholder; x')).toBe('Invalid template placeholder; x');
  });
});
