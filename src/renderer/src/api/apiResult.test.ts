import { describe, expect, it } from 'vitest';
import { EVENT_PAYLOADS } from '../../../test-support/consoleEventAnswers';
import { fullRecord } from '../../../test-support/testRecords';
import { parseApiResult, parseAppError, parseChannelResult, parseEventPayload } from './apiResult';

describe('parseApiResult', () => {
  it('accepts ok values, including falsy ones', () => {
    expect(parseApiResult({ ok: true, value: 0 }, 200)).toEqual({ ok: true, value: 0 });
    expect(parseApiResult({ ok: true, value: null }, 200)).toEqual({ ok: true, value: null });
  });

  it('keeps error code, message, hint and details', () => {
    const body = {
      ok: false,
      error: { code: 'DEVICE_NOT_FOUND', message: 'gone', hint: 'replug', details: { connected: [] } },
    };
    expect(parseApiResult(body, 404)).toEqual(body);
  });

  it('rejects shapes that are not results', () => {
    for (const body of [undefined, [], { ok: true }, { ok: 'yes', value: 1 }]) {
      const result = parseApiResult(body, 500);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.error.message).toBe('The console API answered HTTP 500 without a result.');
    }
  });
});

describe('parseAppError', () => {
  it('keeps an unknown code in details under INTERNAL_ERROR', () => {
    expect(parseAppError({ code: 'BROADCAST_FAILED', message: 'm', details: { a: 1 } }, 'f')).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'm',
      details: { a: 1, reportedCode: 'BROADCAST_FAILED' },
    });
  });

  it('uses the fallback message for a malformed error', () => {
    expect(parseAppError({ code: 'USAGE' }, 'fallback')).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'fallback',
    });
  });
});

describe('parseEventPayload', () => {
  it('checks the shape of each event', () => {
    const device = { serial: 'a', state: 'device', server: 'local' };
    expect(parseEventPayload('devices:changed', [device])).toEqual([device]);
    expect(parseEventPayload('devices:changed', [{}])).toBeNull();
    const progress = { serial: 's', runId: 'r', step: 'set', status: 'running' };
    expect(parseEventPayload('run:progress', progress)).toEqual(progress);
    expect(parseEventPayload('run:progress', { ...progress, runId: 1 })).toBeNull();
    const finished = EVENT_PAYLOADS['execution:finished'];
    expect(parseEventPayload('execution:finished', finished)).toEqual(finished);
    expect(parseEventPayload('execution:finished', { serial: 's' })).toBeNull();
    expect(parseEventPayload('execution:finished', null)).toBeNull();
  });
});

describe('parseChannelResult', () => {
  it('parses a declared output and names a malformed field', () => {
    const record = fullRecord();
    expect(parseChannelResult('evidence:get', { ok: true, value: record }, 200)).toEqual({
      ok: true,
      value: record,
    });
    const broken = parseChannelResult(
      'evidence:get',
      { ok: true, value: { ...record, status: 'done' } },
      200,
    );
    expect(broken).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL_ERROR', details: { field: 'value.status' } },
    });
    expect(!broken.ok && broken.error.message).toContain(
      'value.status must be one of running, succeeded, failed',
    );
    const settings = parseChannelResult('settings:update', { ok: true, value: { timeoutMs: 'soon' } }, 200);
    expect(settings.ok).toBe(false);
  });

  it('passes errors through and checks every channel, devices:list included', () => {
    const error = { ok: false, error: { code: 'EVIDENCE_NOT_FOUND', message: 'gone' } };
    expect(parseChannelResult('evidence:get', error, 404)).toEqual(error);
    expect(parseChannelResult('devices:list', { ok: true, value: [] }, 200)).toEqual({ ok: true, value: [] });
    expect(parseChannelResult('devices:list', { ok: true, value: [{ serial: 1 }] }, 200)).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL_ERROR', details: { channel: 'devices:list', field: 'value[0].serial' } },
    });
  });
});
