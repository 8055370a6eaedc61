import { describe, expect, it } from 'vitest';
import { REDACTED, redactMessage } from './redact';

describe('redactMessage', () => {
  it.each([
    ['Authorization: Bearer eyJhbGciOi.abc.def', `Authorization: ${REDACTED}`, 1],
    ['--> Proxy-Authorization: Basic dXNlcjpwYXNz', `--> Proxy-Authorization: ${REDACTED}`, 1],
    ['Cookie: SID=31d4d96e407aad42; lang=en', `Cookie: ${REDACTED}`, 1],
    ['login password=hunter2 user=bob', `login password=${REDACTED} user=bob`, 1],
    ['{"user":"bob","password":"hunter2"}', `{"user":"bob","password":"${REDACTED}"}`, 1],
    ["config api_key: 'AKIA1234' ok", `config api_key: '${REDACTED}' ok`, 1],
    ['GET /v1?access_token=abc123&page=2', `GET /v1?access_token=${REDACTED}&page=2`, 1],
    ['refresh_token=r1, client_secret=s2', `refresh_token=${REDACTED}, client_secret=${REDACTED}`, 2],
    ['x-auth-token: t0k3n', `x-auth-token: ${REDACTED}`, 1],
  ])('redacts %s', (input, output, count) => {
    expect(redactMessage(input)).toEqual({ text: output, count });
  });

  it.each([
    'Tokenizer loaded 3 tokens',
    'passwordless sign-in enabled',
    'Choreographer: Skipped 31 frames!',
    'password reset screen shown',
    `token=${REDACTED}`,
  ])('leaves %s alone', (input) => {
    expect(redactMessage(input)).toEqual({ text: input, count: 0 });
  });

  it('is idempotent', () => {
    const once = redactMessage('Authorization: Bearer abc password=x').text;
    expect(redactMessage(once)).toEqual({ text: once, count: 0 });
  });
});
