import { describe, expect, it } from 'vitest';
import { validateExecution } from '../../../shared/execution/validateExecution';
import { CONSOLE_SOURCE, panelExecution, payloadJson, randomNonce } from './payload';

const options = { now: 1700000000000, nonce: 'k3x9a0z' };

describe('panelExecution', () => {
  it('builds a canonical one-action set execution', () => {
    const result = panelExecution('set', { text: 'hi', widthDp: 320 }, options);
    expect(result).toEqual({
      ok: true,
      value: {
        commandId: 'console-set-1700000000000-k3x9a0z',
        taskId: 'console-on-screen-log-set',
        source: CONSOLE_SOURCE,
        expectedFormat: 'android-ui-automator',
        timeoutMs: 30000,
        actions: [{ id: 'set', type: 'set_on_screen_log', params: { text: 'hi', widthDp: 320 } }],
      },
    });
  });

  it('builds a clear execution without params and honours the timeout', () => {
    const result = panelExecution('clear', null, { ...options, timeoutMs: 4321 });
    expect(result.ok && result.value.actions).toEqual([{ id: 'clear', type: 'clear_on_screen_log' }]);
    expect(result.ok && result.value.timeoutMs).toBe(4321);
  });

  it('fails with EXECUTION_VALIDATION_FAILED for params the validator rejects', () => {
    const result = panelExecution('set', { text: 'x', widthDp: 79 }, options);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('EXECUTION_VALIDATION_FAILED');
    expect(panelExecution('set', { text: 'x' }, { ...options, timeoutMs: 999 }).ok).toBe(false);
  });
});

describe('payloadJson', () => {
  it('is pretty JSON of a payload the validator accepts unchanged', () => {
    const json = payloadJson(
      { template: '{{device.model}}\n{{system.language_tag}}', anchor: 'right' },
      options,
    );
    if (!json.ok) throw new Error(json.error.message);
    expect(json.value).toContain('\n  "commandId"');
    const parsed: unknown = JSON.parse(json.value);
    expect(validateExecution(parsed)).toEqual({ ok: true, value: parsed });
  });
});

describe('randomNonce', () => {
  it('makes seven base-36 characters', () => {
    expect(randomNonce(() => 0)).toBe('0000000');
    expect(randomNonce(() => 0.9999)).toBe('zzzzzzz');
    expect(randomNonce()).toMatch(/^[0-9a-z]{7}$/);
  });
});
