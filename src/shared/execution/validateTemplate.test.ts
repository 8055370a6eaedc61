import { describe, expect, it } from 'vitest';
import { scanTemplate } from '../template/scan';
import { findForbiddenControl } from './text';
import { isCleanTemplate } from './validateTemplate';

const VALID = [
  '{{foreground_app.icon}} {{foreground_app.package_name}}\n{{foreground_app.version_code}} | {{foreground_app.version_name}}\n{{device.manufacturer}} {{device.model}}\n{{system.language_code}} {{system.language_tag}} {{system.language_name}}',
  '{{device.manufacturer}} {{device.model}}',
  '{{system.language_code}} {{system.language_tag}} {{system.language_name}}',
  '{{{{foreground_app.icon}}}}',
  'plain {single} braces',
  '{{device.model}}{{device.model}}',
  '}}}}',
  '{{device.model}}}',
];
const INVALID = [
  '{{system.language}}',
  '{{unknown}}',
  '{{device.model}',
  '{{device.model }}',
  '{{ device.model}}',
  '{{}}',
  'orphan }}',
  '{{{{device.model}}',
  '{{device.model}}}}',
  '{{device.{{model}}}}',
  '{{{device.model}}',
  '}}}',
];

describe('isCleanTemplate', () => {
  it.each(VALID)('accepts the valid fixture %j, as scanTemplate does', (template) => {
    expect(scanTemplate(template).ok).toBe(true);
    expect(isCleanTemplate(template)).toBe(true);
  });

  it.each(INVALID)('rejects the invalid fixture %j, as scanTemplate does', (template) => {
    expect(scanTemplate(template).ok).toBe(false);
    expect(isCleanTemplate(template)).toBe(false);
  });

  it('rejects a valid template holding a forbidden control character', () => {
    expect(isCleanTemplate('{{device.model}}\r')).toBe(false);
    expect(isCleanTemplate('{{device.model}}\n\t')).toBe(true);
  });

  it('agrees with scanTemplate plus the control rule on 20000 random templates', () => {
    const pieces = [
      '{',
      '}',
      '{{',
      '}}',
      'device.model',
      'device.',
      'model',
      'system.language_tag',
      'x',
      ' ',
      '\n',
      '\r',
      '\u0085',
      'é',
    ];
    let state = 99;
    const next = (): number => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const disagreements: string[] = [];
    let accepted = 0;
    for (let i = 0; i < 20000; i++) {
      let template = '';
      const length = 1 + Math.floor(next() * 12);
      for (let j = 0; j < length; j++) template += pieces[Math.floor(next() * pieces.length)];
      const expected = scanTemplate(template).ok && findForbiddenControl(template) < 0;
      if (expected) accepted += 1;
      if (isCleanTemplate(template) !== expected) disagreements.push(template);
    }
    expect(disagreements).toEqual([]);
    expect(accepted).toBeGreaterThan(1000); // the corpus exercises both outcomes
  });

  it('fails in linear time on a long template with a late error', () => {
    const started = performance.now();
    expect(isCleanTemplate(`${'x{'.repeat(1023)}}}`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
