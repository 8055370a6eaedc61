import { describe, expect, it } from 'vitest';
import { CONSOLE_CHANNELS, CONSOLE_EVENTS } from '../../../shared/api/contract';
import { BROKEN_ANSWERS, CHANNEL_ANSWERS } from '../../../test-support/consoleAnswers';
import { BROKEN_EVENTS, EVENT_PAYLOADS } from '../../../test-support/consoleEventAnswers';
import { parseChannelResult, parseEventPayload } from './apiResult';

// What the HTTP transport delivers: JSON drops undefined values.
const overJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('every channel answer', () => {
  it.each(CONSOLE_CHANNELS)('%s: a well-formed answer arrives unchanged over IPC and HTTP', (channel) => {
    const value = CHANNEL_ANSWERS[channel];
    expect(parseChannelResult(channel, { ok: true, value }, 200)).toStrictEqual({ ok: true, value });
    const sent = overJson(value);
    expect(parseChannelResult(channel, overJson({ ok: true, value }), 200)).toStrictEqual({
      ok: true,
      value: sent,
    });
  });

  it.each(CONSOLE_CHANNELS)(
    '%s: a wrong nested field is an INTERNAL_ERROR naming channel and field',
    (channel) => {
      const { value, field } = BROKEN_ANSWERS[channel];
      const result = parseChannelResult(channel, { ok: true, value }, 200);
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'INTERNAL_ERROR',
          details: { channel, field: `value${field.startsWith('[') ? '' : '.'}${field}` },
        },
      });
      expect(!result.ok && result.error.message).toContain(
        `The console API answered ${channel} with a malformed result: value`,
      );
    },
  );
});

describe('every event payload', () => {
  it.each(CONSOLE_EVENTS)('%s: a well-formed payload is delivered unchanged', (event) => {
    const payload = EVENT_PAYLOADS[event];
    expect(parseEventPayload(event, payload)).toStrictEqual(payload);
    expect(parseEventPayload(event, overJson(payload))).toStrictEqual(overJson(payload));
  });

  it.each(CONSOLE_EVENTS)('%s: a payload with a wrong nested field is dropped', (event) => {
    expect(parseEventPayload(event, EVENT_PAYLOADS[event])).not.toBeNull();
    expect(parseEventPayload(event, BROKEN_EVENTS[event].value)).toBeNull();
  });
});

describe('optional and unknown fields', () => {
  it('keeps the predicted bounds of an execution:run outcome', () => {
    const value = CHANNEL_ANSWERS['execution:run'];
    const result = parseChannelResult('execution:run', overJson({ ok: true, value }), 200);
    expect(result.ok && result.value.predictedBounds).toEqual({
      left: 21,
      top: 157,
      right: 756,
      bottom: 236,
    });
  });

  it('strips keys the console does not declare, keeps what the Operator reported', () => {
    const outcome = { ...CHANNEL_ANSWERS['execution:run'], addedLater: 1 };
    const envelope = { ...outcome.envelope, operatorField: 'kept' };
    const result = parseChannelResult('execution:run', { ok: true, value: { ...outcome, envelope } }, 200);
    expect(result.ok && result.value).toStrictEqual({ ...CHANNEL_ANSWERS['execution:run'], envelope });
    const description = { ...CHANNEL_ANSWERS['devices:describe'], newerOperatorField: [1] };
    expect(parseChannelResult('devices:describe', { ok: true, value: description }, 200)).toStrictEqual({
      ok: true,
      value: description,
    });
  });

  it('maps an unknown error code inside an answer to INTERNAL_ERROR, keeping the reported code', () => {
    const value = [{ serial: 's', result: { ok: false, error: { code: 'FUTURE_CODE', message: 'm' } } }];
    expect(parseChannelResult('sequence:run', { ok: true, value }, 200)).toStrictEqual({
      ok: true,
      value: [
        {
          serial: 's',
          result: {
            ok: false,
            error: { code: 'INTERNAL_ERROR', message: 'm', details: { reportedCode: 'FUTURE_CODE' } },
          },
        },
      ],
    });
  });
});
