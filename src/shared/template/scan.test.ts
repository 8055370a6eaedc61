import { describe, expect, it } from 'vitest';
import { INVALID_TEMPLATE_MESSAGE, PLACEHOLDER_NAMES } from './placeholders';
import { placeholdersOf, scanTemplate } from './scan';

describe('scanTemplate', () => {
  it('splits literals and placeholders in order', () => {
    expect(scanTemplate('{{foreground_app.icon}} {{device.model}}!')).toEqual({
      ok: true,
      value: [
        { kind: 'placeholder', name: 'foreground_app.icon' },
        { kind: 'literal', text: ' ' },
        { kind: 'placeholder', name: 'device.model' },
        { kind: 'literal', text: '!' },
      ],
    });
  });

  it('accepts every supported name', () => {
    for (const name of PLACEHOLDER_NAMES) {
      expect(scanTemplate(`{{${name}}}`)).toEqual({ ok: true, value: [{ kind: 'placeholder', name }] });
    }
  });

  it('turns escapes into literal delimiters without reading them as placeholders', () => {
    expect(scanTemplate('{{{{device.model}}}}')).toEqual({
      ok: true,
      value: [{ kind: 'literal', text: '{{device.model}}' }],
    });
    expect(scanTemplate('plain {single} braces')).toEqual({
      ok: true,
      value: [{ kind: 'literal', text: 'plain {single} braces' }],
    });
  });

  it.each([
    ['{{system.language}}', 0],
    ['{{unknown}}', 0],
    ['{{device.model}', 0],
    ['{{device.model }}', 0],
    ['{{ device.model}}', 0],
    ['{{}}', 0],
    ['orphan }}', 7],
    ['{{{{device.model}}', 16],
    ['{{device.model}}}}', 16],
    ['{{device.{{model}}}}', 0],
    ['ok {{device.model}} then {{nope}}', 25],
  ])('rejects %j at index %i with the supported-names message', (template, index) => {
    expect(scanTemplate(template)).toEqual({
      ok: false,
      error: { message: INVALID_TEMPLATE_MESSAGE, index },
    });
  });

  it('lists the distinct placeholders used', () => {
    const scan = scanTemplate('{{device.model}}{{device.model}} {{system.language_tag}}');
    if (!scan.ok) throw new Error('expected a valid template');
    expect(placeholdersOf(scan.value)).toEqual(['device.model', 'system.language_tag']);
  });
});
