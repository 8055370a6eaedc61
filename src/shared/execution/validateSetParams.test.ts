import { describe, expect, it } from 'vitest';
import { INVALID_TEMPLATE_MESSAGE } from '../template/placeholders';
import { PANEL_NUMBER_FIELDS } from './limits';
import { collectSetParamsIssues, validateSetParams } from './validateSetParams';

function messageOf(params: unknown): string | undefined {
  const result = validateSetParams(params);
  return result.ok ? undefined : result.error.message;
}

function pathOf(params: unknown): unknown {
  const result = validateSetParams(params);
  return result.ok ? undefined : result.error.details?.path;
}

const NUMBER_FIELDS = Object.entries(PANEL_NUMBER_FIELDS);

describe('validateSetParams: accepted input', () => {
  it('accepts text alone and returns it unchanged (no defaults injected)', () => {
    expect(validateSetParams({ text: 'FLOW-001' })).toEqual({ ok: true, value: { text: 'FLOW-001' } });
  });

  it.each([
    ['left', 'left'],
    ['left', 'right'],
    ['right', 'left'],
    ['right', 'right'],
  ])('accepts anchor %s with textAlign %s', (anchor, textAlign) => {
    expect(validateSetParams({ text: 'x', anchor, textAlign })).toEqual({
      ok: true,
      value: { text: 'x', anchor, textAlign },
    });
  });

  it.each(
    NUMBER_FIELDS.flatMap(
      ([field, { min, max }]) =>
        [
          [field, min],
          [field, max],
        ] as const,
    ),
  )('accepts %s = %s (a boundary)', (field, value) => {
    expect(validateSetParams({ text: 'x', [field]: value })).toEqual({
      ok: true,
      value: { text: 'x', [field]: value },
    });
  });

  it('preserves zero offsets and writes -0 as 0', () => {
    const result = validateSetParams({ text: 'x', topOffsetDp: -0, edgeOffsetDp: 0 });
    expect(result.ok && Object.is(result.value.topOffsetDp, 0)).toBe(true);
    expect(result.ok && result.value.edgeOffsetDp).toBe(0);
  });

  it('preserves text verbatim, including surrounding spaces, LF and TAB', () => {
    expect(validateSetParams({ text: '  one\n\ttwo  ' })).toEqual({
      ok: true,
      value: { text: '  one\n\ttwo  ' },
    });
  });

  it('accepts exactly 2048 UTF-16 units, astral characters counting two', () => {
    expect(validateSetParams({ text: 'a'.repeat(2048) }).ok).toBe(true);
    expect(validateSetParams({ text: '😀'.repeat(1024) }).ok).toBe(true);
  });

  it('normalizes colours only when supplied and writes keys in table order', () => {
    const result = validateSetParams({
      backgroundColor: '#7f0a0b0c',
      ttlMs: 1000,
      textColor: '#a1b2c3',
      text: 'x',
    });
    expect(result.ok && JSON.stringify(result.value)).toBe(
      '{"text":"x","textColor":"#FFA1B2C3","backgroundColor":"#7F0A0B0C","ttlMs":1000}',
    );
  });

  it('keeps literal text braces unexpanded and unchecked', () => {
    expect(validateSetParams({ text: '{{unknown}}' })).toEqual({ ok: true, value: { text: '{{unknown}}' } });
  });

  it('accepts a template and does not resolve it', () => {
    const template = '{{foreground_app.icon}} {{foreground_app.package_name}}\n{{system.language_tag}}';
    expect(validateSetParams({ template })).toEqual({ ok: true, value: { template } });
  });

  it('returns a fresh object, never the caller’s', () => {
    const params = { text: 'x' };
    const result = validateSetParams(params);
    expect(result.ok && result.value).not.toBe(params);
  });

  it('treats undefined members as omitted, as JSON does', () => {
    expect(validateSetParams({ text: 'x', anchor: undefined, value: undefined })).toEqual({
      ok: true,
      value: { text: 'x' },
    });
  });
});

describe('validateSetParams: rejected input', () => {
  it.each([
    ['missing text and template', {}],
    ['both text and template', { text: 'x', template: 'y' }],
    ['omitted params', undefined],
  ])('%s -> exactly-one message', (_name, params) => {
    expect(messageOf(params)).toBe(
      'set_on_screen_log requires exactly one of params.text or params.template',
    );
    expect(pathOf(params)).toBe('params');
  });

  it.each([null, [], 'text', 42])('params %j is not an object', (params) => {
    expect(messageOf(params)).toBe('set_on_screen_log params must be a JSON object');
  });

  it.each([
    ['empty', ''],
    ['2049 units', 'a'.repeat(2049)],
    ['1024 emoji plus one unit', `${'😀'.repeat(1024)}a`],
  ])('text %s -> length message', (_name, text) => {
    expect(messageOf({ text })).toBe('set_on_screen_log params.text must contain 1..2048 UTF-16 code units');
  });

  it.each([' ', ' \n', '\t\t', '\uFEFF', '\u3000\u00a0'])('whitespace-only text %j is rejected', (text) => {
    expect(messageOf({ text })).toBe('set_on_screen_log params.text must include a non-whitespace character');
  });

  it.each(['bad\rtext', '\u0000x', 'x\u0008', 'x\u001b[0m', 'x\u007f', 'x\u0085', 'x\u009f'])(
    'control character in %j is rejected',
    (text) => {
      expect(messageOf({ text })).toBe(
        'set_on_screen_log params.text contains a control character other than LF or TAB',
      );
    },
  );

  it('applies the same content rules to templates, naming params.template', () => {
    expect(messageOf({ template: ' ' })).toBe(
      'set_on_screen_log params.template must include a non-whitespace character',
    );
    expect(messageOf({ template: 'a\rb' })).toBe(
      'set_on_screen_log params.template contains a control character other than LF or TAB',
    );
    expect(messageOf({ template: 'a'.repeat(2049) })).toBe(
      'set_on_screen_log params.template must contain 1..2048 UTF-16 code units',
    );
  });

  it.each(['{{unknown}}', '{{device.model }}', 'orphan }}', '{{device.model}'])(
    'invalid template %j gets the scanner message',
    (template) => {
      expect(messageOf({ template })).toBe(INVALID_TEMPLATE_MESSAGE);
      expect(pathOf({ template })).toBe('params.template');
    },
  );

  it.each([null, 1, ['x']])('text %j is not a string', (text) => {
    expect(messageOf({ text })).toBe('set_on_screen_log params.text must be a string');
  });

  it('rejects template: null with a type message', () => {
    expect(messageOf({ template: null })).toBe('set_on_screen_log params.template must be a string');
  });

  it.each(
    NUMBER_FIELDS.flatMap(
      ([field, { min, max }]) =>
        [
          [field, min - 1, min, max],
          [field, max + 1, min, max],
        ] as const,
    ),
  )('rejects %s = %s (just outside the range)', (field, value, min, max) => {
    expect(messageOf({ text: 'x', [field]: value })).toBe(
      `set_on_screen_log params.${field} must be in [${min}, ${max}]`,
    );
    expect(pathOf({ text: 'x', [field]: value })).toBe(`params.${field}`);
  });

  it.each(
    NUMBER_FIELDS.flatMap(([field]) =>
      ['8', 1.5, null, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, true].map(
        (value) => [field, value] as const,
      ),
    ),
  )('rejects %s = %s with a type message', (field, value) => {
    expect(messageOf({ text: 'x', [field]: value })).toBe(
      `set_on_screen_log params.${field} must be an integer`,
    );
  });

  it.each(['red', '#12345', '#1234567', '#GG0000', '#FFFFFFFFF', null, 0xffffff])(
    'rejects colour %j',
    (color) => {
      expect(messageOf({ text: 'x', textColor: color })).toBe(
        'set_on_screen_log params.textColor must be exactly #RRGGBB or #AARRGGBB',
      );
      expect(messageOf({ text: 'x', backgroundColor: color })).toBe(
        'set_on_screen_log params.backgroundColor must be exactly #RRGGBB or #AARRGGBB',
      );
    },
  );

  it.each(['LEFT', 'start', 'center', '', null, 0])('rejects anchor and textAlign %j', (side) => {
    expect(messageOf({ text: 'x', anchor: side })).toBe(
      'set_on_screen_log params.anchor must be exactly left or right',
    );
    expect(messageOf({ text: 'x', textAlign: side })).toBe(
      'set_on_screen_log params.textAlign must be exactly left or right',
    );
  });

  it.each(['unknown', 'retry', 'text_align', 'value'])('rejects the unknown key %s and lists it', (key) => {
    const result = validateSetParams({ text: 'x', [key]: 'y' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('EXECUTION_VALIDATION_FAILED');
    expect(result.error.message).toBe(`set_on_screen_log params contains unknown key(s): ${key}`);
    expect(result.error.details).toMatchObject({ path: 'params', invalidKeys: [key] });
  });

  it('does not translate value into text', () => {
    expect(messageOf({ value: 'x' })).toBe('set_on_screen_log params contains unknown key(s): value');
  });
});

describe('collectSetParamsIssues', () => {
  it('returns no issue for valid params', () => {
    expect(collectSetParamsIssues({ text: 'x', widthDp: 80 })).toEqual([]);
  });

  it('returns every issue at once, one per field, in check order', () => {
    const issues = collectSetParamsIssues({
      text: ' ',
      anchor: 'up',
      widthDp: 79,
      fontSizeSp: 1.5,
      textColor: 'red',
      ttlMs: 999,
    });
    expect(issues.map(({ explain: _explain, ...issue }) => issue)).toEqual([
      {
        path: 'params.text',
        field: 'text',
        message: 'set_on_screen_log params.text must include a non-whitespace character',
      },
      {
        path: 'params.anchor',
        field: 'anchor',
        message: 'set_on_screen_log params.anchor must be exactly left or right',
      },
      {
        path: 'params.widthDp',
        field: 'widthDp',
        message: 'set_on_screen_log params.widthDp must be in [80, 600]',
      },
      {
        path: 'params.fontSizeSp',
        field: 'fontSizeSp',
        message: 'set_on_screen_log params.fontSizeSp must be an integer',
      },
      {
        path: 'params.textColor',
        field: 'textColor',
        message: 'set_on_screen_log params.textColor must be exactly #RRGGBB or #AARRGGBB',
      },
      {
        path: 'params.ttlMs',
        field: 'ttlMs',
        message: 'set_on_screen_log params.ttlMs must be in [1000, 3600000]',
      },
    ]);
  });

  it('reports unknown keys and exclusivity before field rules', () => {
    const issues = collectSetParamsIssues({ text: 'a', template: '{{x}}', value: 1 });
    expect(issues.map((issue) => issue.field)).toEqual(['params', 'text', 'template']);
  });

  it('reports a non-object once', () => {
    expect(collectSetParamsIssues(null)).toEqual([
      { path: 'params', field: 'params', message: 'set_on_screen_log params must be a JSON object' },
    ]);
  });

  it.each([
    {},
    { text: '' },
    { text: 'x', widthDp: 601, textColor: 'red' },
    { template: '{{nope}}', anchor: 'middle' },
    { text: 'x', retry: 1, ttlMs: 'soon' },
  ])('its first issue is the message validateSetParams reports for %j', (params) => {
    expect(collectSetParamsIssues(params)[0]?.message).toBe(messageOf(params));
  });
});
