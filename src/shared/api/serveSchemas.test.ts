import { describe, expect, it } from 'vitest';
import type { Result } from '../errors';
import { parseExecuteBody, parseObserveBody } from './serveSchemas';

const EXECUTION = { commandId: 'c1', actions: [] };

function errorOf(result: Result<unknown>) {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

describe('parseExecuteBody', () => {
  it('returns the typed body, the execution untouched', () => {
    const body = { execution: EXECUTION, deviceId: 'emulator-5554', runId: 'run:1' };
    expect(parseExecuteBody(body)).toEqual({ ok: true, value: body });
    expect(parseExecuteBody({ execution: 'raw text' })).toEqual({
      ok: true,
      value: { execution: 'raw text' },
    });
  });

  it("keeps the reference's messages for a missing body and a missing execution", () => {
    for (const body of [undefined, null, [], 'x', 12]) {
      expect(errorOf(parseExecuteBody(body))).toMatchObject({
        code: 'INVALID_BODY',
        message: 'Invalid or missing JSON body',
        details: { field: '' },
      });
    }
    for (const body of [{}, { execution: null }]) {
      expect(errorOf(parseExecuteBody(body))).toMatchObject({
        code: 'MISSING_EXECUTION',
        message: "Missing 'execution' in body",
        details: { field: 'execution' },
      });
    }
  });

  it.each([
    [{ deviceId: '  ' }, 'INVALID_DEVICE_ID', 'deviceId'],
    [{ deviceId: 12 }, 'INVALID_DEVICE_ID', 'deviceId'],
    [{ deviceId: 'd'.repeat(257) }, 'INVALID_DEVICE_ID', 'deviceId'],
    [{ operatorPackage: '' }, 'INVALID_OPERATOR_PACKAGE', 'operatorPackage'],
    [{ operatorPackage: 'a.b;rm' }, 'INVALID_OPERATOR_PACKAGE', 'operatorPackage'],
    [{ runId: null }, 'INVALID_RUN_ID', 'runId'],
    [{ runId: 'r'.repeat(241) }, 'INVALID_RUN_ID', 'runId'],
    [{ runId: 'not a run id' }, 'INVALID_RUN_ID', 'runId'],
  ])('answers %j with %s naming %s', (fields, code, field) => {
    const error = errorOf(parseExecuteBody({ execution: EXECUTION, ...fields }));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(new RegExp(`^POST /execute: ${field} must `));
    expect(error.details).toMatchObject({ context: 'POST /execute', field });
  });

  it('refuses unknown keys with INVALID_BODY, naming them', () => {
    const error = errorOf(parseExecuteBody({ execution: EXECUTION, device_id: 'x', retry: 1 }));
    expect(error).toMatchObject({
      code: 'INVALID_BODY',
      message: 'POST /execute: device_id is not a known field',
      details: { field: 'device_id', invalidKeys: ['device_id', 'retry'] },
    });
  });

  it('reports in check order: body, execution, unknown keys, deviceId, operatorPackage, runId', () => {
    expect(errorOf(parseExecuteBody({ deviceId: 1, extra: 1 })).code).toBe('MISSING_EXECUTION');
    expect(errorOf(parseExecuteBody({ execution: 1, runId: 1, deviceId: 1, extra: 1 })).code).toBe(
      'INVALID_BODY',
    );
    expect(errorOf(parseExecuteBody({ execution: 1, runId: 1, operatorPackage: 1, deviceId: 1 })).code).toBe(
      'INVALID_DEVICE_ID',
    );
    expect(errorOf(parseExecuteBody({ execution: 1, runId: 1, operatorPackage: 1 })).code).toBe(
      'INVALID_OPERATOR_PACKAGE',
    );
  });
});

describe('parseObserveBody', () => {
  it('treats no body as {}, but not null', () => {
    expect(parseObserveBody(undefined, false)).toEqual({ ok: true, value: {} });
    expect(parseObserveBody(undefined, true)).toEqual({ ok: true, value: {} });
    expect(errorOf(parseObserveBody(null, true)).code).toBe('INVALID_BODY');
  });

  it('accepts path on /screenshot only', () => {
    expect(parseObserveBody({ path: '/tmp/a.png', deviceId: 'd' }, true)).toEqual({
      ok: true,
      value: { path: '/tmp/a.png', deviceId: 'd' },
    });
    expect(errorOf(parseObserveBody({ path: '/tmp/a.png' }, false))).toMatchObject({
      code: 'INVALID_BODY',
      message: 'POST /snapshot: path is not a known field',
    });
  });

  it.each([123, '', '   ', null])("answers path %j with INVALID_PATH and the reference's message", (path) => {
    expect(errorOf(parseObserveBody({ path }, true))).toMatchObject({
      code: 'INVALID_PATH',
      message: "'path' must be a non-empty string",
      details: { context: 'POST /screenshot', field: 'path' },
    });
  });

  it('checks the target fields before path', () => {
    expect(errorOf(parseObserveBody({ path: '', runId: '' }, true)).code).toBe('INVALID_RUN_ID');
  });
});
