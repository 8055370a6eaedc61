import { describe, expect, it } from 'vitest';
import { validateExecution } from './validateExecution';

const HEAD = {
  commandId: 'c',
  taskId: 't',
  source: 's',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 30000,
};

function check(action: Record<string, unknown>): ReturnType<typeof validateExecution> {
  return validateExecution({ ...HEAD, actions: [action] });
}

describe.each(['clear_on_screen_log', 'on_screen_log_clear', 'snapshot'])('%s params', (type) => {
  const canonical = type === 'snapshot' ? 'snapshot' : 'clear_on_screen_log';

  it.each([undefined, {}])('accepts %j and omits params from the output', (params) => {
    const result = check(params === undefined ? { id: 'a', type } : { id: 'a', type, params });
    expect(result).toEqual({ ok: true, value: { ...HEAD, actions: [{ id: 'a', type: canonical }] } });
  });

  it.each([null, [], 'x', 0, false, { text: 'x' }, { visible: false }])('rejects %j', (params) => {
    const result = check({ id: 'a', type, params });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('EXECUTION_VALIDATION_FAILED');
    expect(result.error.message).toBe(`${canonical} accepts omitted params or {} only`);
    expect(result.error.details?.path).toBe('actions.0.params');
  });

  it('lists the keys of a non-empty object', () => {
    const result = check({ id: 'a', type, params: { text: 'x', anchor: 'left' } });
    expect(result.ok || result.error.details?.invalidKeys).toEqual(['text', 'anchor']);
  });
});

describe('take_screenshot params', () => {
  it.each([
    [undefined, undefined],
    [{}, undefined],
    [{ path: '/tmp/a.png' }, { path: '/tmp/a.png' }],
    [{ file: '/tmp/a.png' }, { path: '/tmp/a.png' }],
    [{ filePath: 'relative.png' }, { path: 'relative.png' }],
    [{ output_path: ' /spaced.png ' }, { path: ' /spaced.png ' }],
    [{ scale: 100 }, { scale: 100 }],
    [
      { scale: 50, path: '/a' },
      { path: '/a', scale: 50 },
    ],
    [{ scale: 25 }, { scale: 25 }],
  ])('accepts %j as %j', (params, expected) => {
    const result = check(
      params === undefined
        ? { id: 'a', type: 'take_screenshot' }
        : { id: 'a', type: 'take_screenshot', params },
    );
    const action =
      expected === undefined
        ? { id: 'a', type: 'take_screenshot' }
        : { id: 'a', type: 'take_screenshot', params: expected };
    expect(result.ok && JSON.stringify(result.value.actions[0])).toBe(JSON.stringify(action));
  });

  it.each([
    [{ path: '' }, 'actions.0.params.path', 'take_screenshot params.path must be a non-blank string'],
    [{ path: '   ' }, 'actions.0.params.path', 'take_screenshot params.path must be a non-blank string'],
    [{ file: 3 }, 'actions.0.params.file', 'take_screenshot params.file must be a non-blank string'],
    [{ path: null }, 'actions.0.params.path', 'take_screenshot params.path must be a non-blank string'],
    [{ scale: 75 }, 'actions.0.params.scale', 'take_screenshot params.scale must be one of 100, 50, 25'],
    [{ scale: '50' }, 'actions.0.params.scale', 'take_screenshot params.scale must be one of 100, 50, 25'],
    [{ retry: 1 }, 'actions.0.params', 'take_screenshot params contains unknown key(s): retry'],
    [null, 'actions.0.params', 'take_screenshot params must be a JSON object'],
    [[], 'actions.0.params', 'take_screenshot params must be a JSON object'],
  ])('rejects %j at %s', (params, path, message) => {
    const result = check({ id: 'a', type: 'take_screenshot', params });
    expect(result.ok || [result.error.code, result.error.details?.path, result.error.message]).toEqual([
      'EXECUTION_VALIDATION_FAILED',
      path,
      message,
    ]);
  });

  it('rejects two different path keys at once, naming both', () => {
    const result = check({ id: 'a', type: 'screenshot', params: { path: '/a.png', filePath: '/a.png' } });
    expect(result.ok || [result.error.message, result.error.details?.path]).toEqual([
      'take_screenshot params.filePath conflicts with params.path; supply only one path key',
      'actions.0.params.filePath',
    ]);
  });
});
