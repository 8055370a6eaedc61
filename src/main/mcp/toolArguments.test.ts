// Tool argument shapes: what becomes -32602, and what is left for the canonical validator.
import { describe, expect, it } from 'vitest';
import { CALLER_PATH_MESSAGE, checkToolArguments } from './toolArguments';
import { inputSchemaOf, TOOLS } from './toolSchemas';

const checkDevicesArguments = (args: unknown) => checkToolArguments('devices', args);
const checkSnapshotArguments = (args: unknown) => checkToolArguments('snapshot', args);
const checkScreenshotArguments = (args: unknown) => checkToolArguments('screenshot', args);
const checkExecuteArguments = (args: unknown) => checkToolArguments('execute', args);

const SET = { id: 'a', type: 'set_on_screen_log', params: { text: 'x' } };

describe('checkExecuteArguments', () => {
  it.each([
    ['missing actions', {}, 'actions is required (path: actions)'],
    ['no arguments at all', undefined, 'actions is required (path: actions)'],
    ['an empty action list', { actions: [] }, 'actions must be a non-empty array (path: actions)'],
    ['actions as an object', { actions: { 0: SET } }, 'actions must be a non-empty array (path: actions)'],
    ['an action that is a string', { actions: ['x'] }, 'each action must be an object (path: actions.0)'],
    [
      'an action without type',
      { actions: [{ id: 'a' }] },
      'action type must be a non-blank string (path: actions.0.type)',
    ],
    [
      'a blank type',
      { actions: [SET, { id: 'b', type: '  ' }] },
      'action type must be a non-blank string (path: actions.1.type)',
    ],
    [
      'an action without id',
      { actions: [{ type: 'snapshot' }] },
      'action id must be a non-blank string (path: actions.0.id)',
    ],
    [
      'a numeric id',
      { actions: [{ id: 1, type: 'snapshot' }] },
      'action id must be a non-blank string (path: actions.0.id)',
    ],
    [
      'an extra action key',
      { actions: [{ ...SET, retry: 1 }] },
      "Unrecognized key 'retry' (path: actions.0.retry)",
    ],
    [
      'an extra top-level key',
      { actions: [SET], commandId: 'c' },
      "Unrecognized key 'commandId' (path: commandId)",
    ],
    [
      'a blank deviceId',
      { actions: [SET], deviceId: ' ' },
      'deviceId must be a non-blank string (path: deviceId)',
    ],
    [
      'a blank operatorPackage',
      { actions: [SET], operatorPackage: '' },
      'operatorPackage must be a non-blank string (path: operatorPackage)',
    ],
    [
      'a non-package operatorPackage',
      { actions: [SET], operatorPackage: 'x y' },
      'operatorPackage must be an Android package name (path: operatorPackage)',
    ],
    [
      'timeoutMs -1',
      { actions: [SET], timeoutMs: -1 },
      'timeoutMs must be between 1000 and 120000 (path: timeoutMs)',
    ],
    [
      'timeoutMs 999',
      { actions: [SET], timeoutMs: 999 },
      'timeoutMs must be between 1000 and 120000 (path: timeoutMs)',
    ],
    [
      'timeoutMs 120001',
      { actions: [SET], timeoutMs: 120001 },
      'timeoutMs must be between 1000 and 120000 (path: timeoutMs)',
    ],
    [
      'a fractional timeoutMs',
      { actions: [SET], timeoutMs: 1000.5 },
      'timeoutMs must be an integer (path: timeoutMs)',
    ],
    [
      'a string timeoutMs',
      { actions: [SET], timeoutMs: '5000' },
      'timeoutMs must be an integer (path: timeoutMs)',
    ],
    ['arguments that are an array', [SET], 'arguments must be an object (path: (root))'],
  ])('rejects %s', (_name, args, message) => {
    expect(checkExecuteArguments(args)).toEqual({ ok: false, error: message });
  });

  it.each([
    ['take_screenshot with path', { id: 's', type: 'take_screenshot', params: { path: '/tmp/x.png' } }],
    ['screenshot with filePath', { id: 's', type: 'screenshot', params: { filePath: '/tmp/x.png' } }],
    ['capture_screenshot with file', { id: 's', type: 'capture_screenshot', params: { file: 'x.png' } }],
    [
      'a padded, cased type with output_path',
      { id: 's', type: ' Take_Screenshot ', params: { output_path: 'x' } },
    ],
    ['an empty path', { id: 's', type: 'take_screenshot', params: { path: '' } }],
  ])('rejects %s as a caller-controlled path', (_name, action) => {
    expect(checkExecuteArguments({ actions: [SET, action] })).toEqual({
      ok: false,
      error: CALLER_PATH_MESSAGE,
    });
  });

  it('passes types and params through untouched for the canonical validator', () => {
    const actions = [
      { id: 'a', type: ' set_on_screen_log ', params: { text: 'x' } },
      { id: 'b', type: 'clear_on_screen_log', params: null },
      { id: 'c', type: 'clear_on_screen_log', params: [] },
      { id: 'd', type: 'clear_on_screen_log', params: 'str' },
      { id: 'e', type: 'take_screenshot', params: { scale: 50 } },
      { id: 'f', type: 'on_screen_log_clear' },
    ];
    expect(
      checkExecuteArguments({ actions, deviceId: 'd1', operatorPackage: 'com.x.y', timeoutMs: 1000 }),
    ).toEqual({
      ok: true,
      value: { actions, deviceId: 'd1', operatorPackage: 'com.x.y', timeoutMs: 1000 },
    });
  });
});

describe('the other tools', () => {
  it('devices takes no arguments', () => {
    expect(checkDevicesArguments(undefined)).toEqual({ ok: true, value: {} });
    expect(checkDevicesArguments({ deviceId: 'x' })).toEqual({
      ok: false,
      error: "Unrecognized key 'deviceId' (path: deviceId)",
    });
  });

  it('snapshot takes the target fields only', () => {
    expect(checkSnapshotArguments({ deviceId: 'd', timeoutMs: 5000 })).toEqual({
      ok: true,
      value: { deviceId: 'd', timeoutMs: 5000 },
    });
    expect(checkSnapshotArguments({ scale: 50 })).toMatchObject({ ok: false });
  });

  it('screenshot takes a scale of 100, 50 or 25 and never a path', () => {
    expect(checkScreenshotArguments({ scale: 25 })).toEqual({ ok: true, value: { scale: 25 } });
    expect(checkScreenshotArguments({ scale: 30 })).toEqual({
      ok: false,
      error: 'scale must be one of 100, 50, 25 (path: scale)',
    });
    expect(checkScreenshotArguments({ path: '/tmp/x.png' })).toEqual({
      ok: false,
      error: "Unrecognized key 'path' (path: path)",
    });
  });
});

describe('the generated input schemas', () => {
  const target = {
    deviceId: { type: 'string', minLength: 1, pattern: '\\S' },
    operatorPackage: { type: 'string', minLength: 1, pattern: '\\S' },
    timeoutMs: { type: 'integer', minimum: 1000, maximum: 120000, default: 30000 },
  };

  it('lists every field with its constraint, none required but execute actions', () => {
    expect(inputSchemaOf('devices')).toEqual({ type: 'object', properties: {}, additionalProperties: false });
    const snapshot = inputSchemaOf('snapshot');
    expect(snapshot).toMatchObject({ type: 'object', properties: target, additionalProperties: false });
    expect(snapshot['required']).toBeUndefined();
    expect(Object.keys(snapshot.properties ?? {})).toEqual(['deviceId', 'operatorPackage', 'timeoutMs']);
    expect(inputSchemaOf('screenshot')).toMatchObject({
      properties: { ...target, scale: { enum: [100, 50, 25] } },
      additionalProperties: false,
    });
    expect(inputSchemaOf('execute')).toMatchObject({
      required: ['actions'],
      additionalProperties: false,
      properties: {
        ...target,
        actions: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            properties: { id: target.deviceId, type: target.deviceId, params: {} },
            required: ['id', 'type'],
            additionalProperties: false,
          },
        },
      },
    });
  });

  it('describes each tool in the reference order', () => {
    expect(TOOLS.map((tool) => tool.name)).toEqual(['devices', 'snapshot', 'screenshot', 'execute']);
    for (const tool of TOOLS) expect(tool.description.length).toBeGreaterThan(20);
  });
});
