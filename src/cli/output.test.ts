import { describe, expect, it } from 'vitest';
import { exitCodeFor, renderJson } from './output';

const step = (success: boolean) => ({ id: 'a1', actionType: 'set_on_screen_log', success, data: {} });
const envelope = (status: string, success = status === 'success') => ({
  commandId: 'c',
  taskId: 't',
  status,
  stepResults: [step(success)],
  error: null,
});

describe('renderJson', () => {
  it('prints one line by default and 2-space indentation when pretty', () => {
    expect(renderJson({ a: [1] }, 'json')).toBe('{"a":[1]}\n');
    expect(renderJson({ a: [1] }, 'pretty')).toBe('{\n  "a": [\n    1\n  ]\n}\n');
  });
});

describe('exitCodeFor', () => {
  it('is 0 for successful outputs', () => {
    expect(exitCodeFor({ ok: true, validated: true })).toBe(0);
    expect(exitCodeFor({ envelope: envelope('success'), deviceId: 'd' })).toBe(0);
    expect(exitCodeFor({ runs: [{ envelope: envelope('success') }] })).toBe(0);
    expect(exitCodeFor({ devices: [] })).toBe(0);
    expect(exitCodeFor(null)).toBe(0);
  });

  it('is 1 for an error object, a failed envelope, a failed step or a failed sequence run', () => {
    expect(exitCodeFor({ code: 'USAGE', message: 'x' })).toBe(1);
    expect(exitCodeFor({ envelope: envelope('failed') })).toBe(1);
    expect(exitCodeFor({ envelope: envelope('success', false) })).toBe(1);
    expect(exitCodeFor({ runs: [{ envelope: envelope('success') }, { envelope: envelope('failed') }] })).toBe(
      1,
    );
  });
});
