import { describe, expect, it } from 'vitest';
import type { AppError } from '../errors';
import { collectSetParamsIssues } from './validateSetParams';
import { SEED_SET_EXAMPLE } from './seedExample';
import { validateExecution } from './validateExecution';

const HEAD = {
  commandId: 'on-screen-log-example',
  taskId: 'on-screen-log-example',
  source: 'agent',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 30000,
};

function withActions(...actions: unknown[]): Record<string, unknown> {
  return { ...HEAD, actions };
}

function errorOf(input: unknown): AppError {
  const result = validateExecution(input);
  if (result.ok) throw new Error(`expected a validation failure, got ${JSON.stringify(result.value)}`);
  return result.error;
}

describe('validateExecution: the seed example', () => {
  it('accepts it and returns an equal, fresh canonical copy', () => {
    const result = validateExecution(SEED_SET_EXAMPLE);
    expect(result).toEqual({ ok: true, value: SEED_SET_EXAMPLE });
    expect(result.ok && result.value).not.toBe(SEED_SET_EXAMPLE);
    expect(result.ok && result.value.actions[0]).not.toBe(SEED_SET_EXAMPLE.actions[0]);
  });

  it('writes keys in canonical order whatever the input order', () => {
    const shuffled = {
      actions: [{ params: { text: 'x' }, type: 'set_on_screen_log', id: 'a' }],
      mode: 'direct',
      timeoutMs: 1000,
      source: 's',
      expectedFormat: 'android-ui-automator',
      taskId: 't',
      commandId: 'c',
    };
    const result = validateExecution(shuffled);
    expect(result.ok && JSON.stringify(result.value)).toBe(
      '{"commandId":"c","taskId":"t","source":"s","expectedFormat":"android-ui-automator","timeoutMs":1000,"mode":"direct","actions":[{"id":"a","type":"set_on_screen_log","params":{"text":"x"}}]}',
    );
  });
});

describe('validateExecution: top level', () => {
  it.each([null, [], 'payload', 42, undefined])('rejects %j as not an object', (input) => {
    expect(errorOf(input)).toMatchObject({
      code: 'EXECUTION_VALIDATION_FAILED',
      message: 'Execution payload must be a JSON object',
      details: { path: '' },
    });
  });

  it.each([
    ['commandId', 'commandId is required'],
    ['taskId', 'taskId is required'],
    ['source', 'source is required'],
    ['expectedFormat', 'expectedFormat is required'],
    ['timeoutMs', 'timeoutMs is required'],
    ['actions', 'actions is required'],
  ])('requires %s', (key, message) => {
    const input: Record<string, unknown> = { ...SEED_SET_EXAMPLE };
    delete input[key];
    expect(errorOf(input)).toMatchObject({ message, details: { path: key } });
  });

  it.each([
    ['commandId', 128],
    ['taskId', 128],
    ['source', 64],
  ] as const)('%s holds 1..%s characters', (key, max) => {
    expect(validateExecution({ ...SEED_SET_EXAMPLE, [key]: 'x'.repeat(max) }).ok).toBe(true);
    expect(validateExecution({ ...SEED_SET_EXAMPLE, [key]: 'x' }).ok).toBe(true);
    for (const bad of ['', 'x'.repeat(max + 1)]) {
      expect(errorOf({ ...SEED_SET_EXAMPLE, [key]: bad }).message).toBe(
        `${key} must contain 1..${max} characters`,
      );
    }
    expect(errorOf({ ...SEED_SET_EXAMPLE, [key]: 7 }).message).toBe(`${key} must be a string`);
  });

  it('accepts any source label (it is not an enum)', () => {
    expect(validateExecution({ ...SEED_SET_EXAMPLE, source: 'androperator-cli' }).ok).toBe(true);
  });

  it.each(['android', 'ANDROID-UI-AUTOMATOR', null])('rejects expectedFormat %j', (expectedFormat) => {
    expect(errorOf({ ...SEED_SET_EXAMPLE, expectedFormat }).message).toBe(
      'expectedFormat must be "android-ui-automator"',
    );
  });

  it.each([1000, 120000, 30000, 1000.5])('accepts timeoutMs %s', (timeoutMs) => {
    const result = validateExecution({ ...SEED_SET_EXAMPLE, timeoutMs });
    expect(result.ok && result.value.timeoutMs).toBe(timeoutMs);
  });

  it.each([999, 120001, 0, -1])('rejects timeoutMs %s as out of range', (timeoutMs) => {
    expect(errorOf({ ...SEED_SET_EXAMPLE, timeoutMs })).toMatchObject({
      message: 'timeoutMs must be between 1000 and 120000',
      details: { path: 'timeoutMs' },
    });
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, '30000', null, true])(
    'rejects timeoutMs %j as not finite',
    (timeoutMs) => {
      expect(errorOf({ ...SEED_SET_EXAMPLE, timeoutMs }).message).toBe('timeoutMs must be a finite number');
    },
  );

  it('accepts mode "direct" only', () => {
    const result = validateExecution({ ...SEED_SET_EXAMPLE, mode: 'direct' });
    expect(result.ok && result.value.mode).toBe('direct');
    expect(errorOf({ ...SEED_SET_EXAMPLE, mode: 'artifact_compiled' }).message).toBe('mode must be "direct"');
    expect(errorOf({ ...SEED_SET_EXAMPLE, mode: null }).message).toBe('mode must be "direct"');
  });

  it('omits mode from the output when it was omitted', () => {
    const result = validateExecution(SEED_SET_EXAMPLE);
    expect(result.ok && 'mode' in result.value).toBe(false);
  });

  it('holds 1..50 actions', () => {
    const snapshots = (count: number): unknown[] =>
      Array.from({ length: count }, (_, i) => ({ id: `s${i}`, type: 'snapshot' }));
    expect(validateExecution(withActions(...snapshots(50))).ok).toBe(true);
    expect(errorOf(withActions()).message).toBe('actions must contain 1..50 items');
    expect(errorOf(withActions(...snapshots(51))).message).toBe('actions must contain 1..50 items');
    expect(errorOf({ ...HEAD, actions: { id: 'a' } }).message).toBe('actions must be an array');
  });

  it('rejects unknown top-level keys and lists all of them', () => {
    expect(errorOf({ ...SEED_SET_EXAMPLE, deviceId: 'x', retry: 1 })).toMatchObject({
      message: 'Execution payload contains unknown key(s): deviceId, retry',
      details: { path: '', invalidKeys: ['deviceId', 'retry'] },
    });
  });

  it('normalizes the snake_case aliases', () => {
    const input = {
      command_id: 'c',
      task_id: 't',
      source: 's',
      expected_format: 'android-ui-automator',
      timeout_ms: 4321,
      actions: [{ id: 'a', type: 'snapshot' }],
    };
    expect(validateExecution(input)).toEqual({
      ok: true,
      value: {
        commandId: 'c',
        taskId: 't',
        source: 's',
        expectedFormat: 'android-ui-automator',
        timeoutMs: 4321,
        actions: [{ id: 'a', type: 'snapshot' }],
      },
    });
  });

  it('lets the canonical key win over its alias, even an invalid alias', () => {
    const result = validateExecution({ ...SEED_SET_EXAMPLE, command_id: '', timeout_ms: 5, task_id: 't2' });
    expect(result.ok && [result.value.commandId, result.value.timeoutMs, result.value.taskId]).toEqual([
      'on-screen-log-example',
      30000,
      'on-screen-log-example',
    ]);
  });

  it('validates an alias value like the canonical one', () => {
    const input: Record<string, unknown> = { ...SEED_SET_EXAMPLE, timeout_ms: 999 };
    delete input.timeoutMs;
    expect(errorOf(input)).toMatchObject({
      message: 'timeoutMs must be between 1000 and 120000',
      details: { path: 'timeoutMs' },
    });
  });
});

describe('validateExecution: payload size', () => {
  const padded = (bytes: number, source = 'agent'): Record<string, unknown> => {
    const build = (pathLength: number): Record<string, unknown> => ({
      ...withActions({ id: 'shot', type: 'take_screenshot', params: { path: `/${'x'.repeat(pathLength)}` } }),
      source,
    });
    return build(bytes - new TextEncoder().encode(JSON.stringify(build(0))).length);
  };

  it('accepts exactly 64000 bytes', () => {
    const input = padded(64000);
    expect(new TextEncoder().encode(JSON.stringify(input)).length).toBe(64000);
    expect(validateExecution(input).ok).toBe(true);
  });

  it('rejects 64001 bytes with PAYLOAD_TOO_LARGE before any other rule', () => {
    const input = padded(64001, '');
    expect(new TextEncoder().encode(JSON.stringify(input)).length).toBe(64001);
    expect(errorOf(input)).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Payload exceeds 64000 bytes (got 64001)',
      details: { path: '', reason: 'exceeds 64000 bytes', bytes: 64001, maxBytes: 64000 },
    });
  });

  it('counts UTF-8 bytes, not UTF-16 units', () => {
    const input = withActions({
      id: 'shot',
      type: 'take_screenshot',
      params: { path: `/${'€'.repeat(21400)}` },
    });
    expect(JSON.stringify(input).length).toBeLessThan(64000);
    expect(errorOf(input).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('rejects a cyclic payload as not serializable', () => {
    const input: Record<string, unknown> = { ...SEED_SET_EXAMPLE };
    input.self = input;
    input.again = input;
    expect(errorOf(input).message).toBe(
      'Execution payload must be serializable as JSON (no cycles or BigInt values)',
    );
  });
});

describe('validateExecution: actions', () => {
  it.each([
    ['on_screen_log_set', 'set_on_screen_log', { text: 'x' }],
    ['on_screen_log_clear', 'clear_on_screen_log', undefined],
    ['snapshot_ui', 'snapshot', undefined],
    [' Snapshot ', 'snapshot', undefined],
    ['SNAPSHOT_UI', 'snapshot', undefined],
    ['screenshot', 'take_screenshot', undefined],
    ['capture_screenshot', 'take_screenshot', undefined],
    ['\tTAKE_SCREENSHOT\n', 'take_screenshot', undefined],
  ])('normalizes type %j to %s', (type, canonical, params) => {
    const result = validateExecution(
      withActions(params === undefined ? { id: 'a', type } : { id: 'a', type, params }),
    );
    expect(result.ok && result.value.actions[0]?.type).toBe(canonical);
  });

  it.each([
    'on_screen_log',
    'SET_ON_SCREEN_LOG',
    ' clear_on_screen_log ',
    'Set_On_Screen_Log',
    'enter_text',
    'tap',
    '',
  ])('does not accept %j as a type', (type) => {
    expect(errorOf(withActions({ id: 'a', type, params: { text: 'x'.repeat(513) } }))).toEqual({
      code: 'EXECUTION_VALIDATION_FAILED',
      message: `All action types must be supported (actions.0.type ${JSON.stringify(type)} is not supported; supported: set_on_screen_log, clear_on_screen_log, snapshot, take_screenshot)`,
      details: {
        path: 'actions.0.type',
        reason: `${JSON.stringify(type)} is not supported`,
        actionId: 'a',
        actionType: type,
      },
    });
  });

  it('reports the first issue only, in document order', () => {
    const error = errorOf(
      withActions(
        { id: 'ok', type: 'snapshot' },
        { id: 'bad-width', type: 'set_on_screen_log', params: { text: 'x', widthDp: 601 } },
        { id: 'bad-type', type: 'tap' },
      ),
    );
    expect(error).toEqual({
      code: 'EXECUTION_VALIDATION_FAILED',
      message: 'set_on_screen_log params.widthDp must be in [80, 600]',
      details: {
        path: 'actions.1.params.widthDp',
        reason: 'must be in [80, 600]',
        actionId: 'bad-width',
        actionType: 'set_on_screen_log',
      },
    });
  });

  it('echoes the raw alias as actionType', () => {
    expect(errorOf(withActions({ id: 'a', type: 'on_screen_log_set', params: {} })).details).toMatchObject({
      actionType: 'on_screen_log_set',
    });
  });

  it('checks the action shape: object, known keys, id, type', () => {
    expect(errorOf(withActions('snapshot'))).toMatchObject({
      message: 'actions.0 must be a JSON object',
      details: { path: 'actions.0' },
    });
    expect(errorOf(withActions({ id: 'a', type: 'snapshot', retry: 1 }))).toMatchObject({
      message: 'actions.0 contains unknown key(s): retry',
      details: { path: 'actions.0', invalidKeys: ['retry'], actionId: 'a', actionType: 'snapshot' },
    });
    expect(errorOf(withActions({ type: 'snapshot' })).details).toMatchObject({ path: 'actions.0.id' });
    expect(errorOf(withActions({ id: '', type: 'snapshot' })).message).toBe(
      'actions.0.id must contain 1..128 characters',
    );
    expect(validateExecution(withActions({ id: 'x'.repeat(128), type: 'snapshot' })).ok).toBe(true);
    expect(errorOf(withActions({ id: 'x'.repeat(129), type: 'snapshot' })).details).toMatchObject({
      path: 'actions.0.id',
    });
    expect(errorOf(withActions({ id: 3, type: 'snapshot' })).message).toBe('actions.0.id must be a string');
    expect(errorOf(withActions({ id: 'a' })).message).toBe('actions.0.type is required');
    expect(errorOf(withActions({ id: 'a', type: 5 })).message).toBe('actions.0.type must be a string');
    expect(errorOf(withActions({ id: 'a', type: `snapshot${' '.repeat(57)}` })).message).toBe(
      'actions.0.type must contain at most 64 characters',
    );
    expect(validateExecution(withActions({ id: 'a', type: `snapshot${' '.repeat(56)}` })).ok).toBe(true);
  });

  it.each([
    { text: 'x', widthDp: 79 },
    { text: '' },
    { text: ' ' },
    { text: 'bad\rtext' },
    { text: 'x', textColor: 'red' },
    { template: '{{unknown}}' },
    { text: 'x', value: 'y' },
    {},
  ])('reports the same message as collectSetParamsIssues for %j', (params) => {
    const error = errorOf(withActions({ id: 'a', type: 'set_on_screen_log', params }));
    expect(error.message).toBe(collectSetParamsIssues(params)[0]?.message);
    expect(error.details?.path).toBe(`actions.0.${collectSetParamsIssues(params)[0]?.path}`);
  });

  it('requires params for set (missing params means neither text nor template)', () => {
    expect(errorOf(withActions({ id: 'a', type: 'set_on_screen_log' }))).toMatchObject({
      message: 'set_on_screen_log requires exactly one of params.text or params.template',
      details: { path: 'actions.0.params' },
    });
  });
});
