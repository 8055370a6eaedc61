import { describe, expect, it } from 'vitest';
import {
  checkBindHost,
  cookieValues,
  createHostPolicy,
  isAllowedAuthority,
  isAllowedOrigin,
  isLoopbackHost,
  presentationMatches,
  presentedToken,
  tokensEqual,
} from './security';

describe('isLoopbackHost', () => {
  it('accepts 127.0.0.0/8, ::1 and localhost', () => {
    for (const host of [
      '127.0.0.1',
      '127.1.2.3',
      '127.255.255.255',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
      'localhost',
      'LocalHost',
    ]) {
      expect(isLoopbackHost(host)).toBe(true);
    }
  });

  it('refuses everything else, including look-alikes', () => {
    for (const host of [
      '0.0.0.0',
      '::',
      '',
      '192.168.1.20',
      '10.0.0.1',
      '128.0.0.1',
      '127.0.0.256',
      '0177.0.0.1',
      '127.0.0.01',
      '127.1',
      '127.0.0.1.evil.example',
      'localhost.evil.example',
      '::ffff:127.0.0.1',
    ]) {
      expect(isLoopbackHost(host)).toBe(false);
    }
  });
});

describe('checkBindHost', () => {
  it('refuses non-loopback hosts unless explicitly allowed (no socket is opened here)', () => {
    expect(checkBindHost('127.0.0.1', false)).toEqual({ ok: true, value: '127.0.0.1' });
    const refused = checkBindHost('0.0.0.0', false);
    expect(refused.ok ? 'ok' : refused.error.code).toBe('FORBIDDEN');
    expect(checkBindHost('0.0.0.0', true)).toEqual({ ok: true, value: '0.0.0.0' });
    expect(checkBindHost('192.168.1.20', true)).toEqual({ ok: true, value: '192.168.1.20' });
  });
});

describe('Host and Origin policy', () => {
  const loopback = createHostPolicy(['127.0.0.1', '127.0.0.1'], 4000);

  it('accepts only loopback names with the right port', () => {
    for (const host of ['127.0.0.1:4000', 'localhost:4000', 'LOCALHOST:4000', '[::1]:4000'])
      expect(isAllowedAuthority(host, loopback)).toBe(true);
    for (const host of [
      '127.0.0.1',
      '127.0.0.1:4001',
      'evil.example:4000',
      '127.0.0.2:4000',
      '[::1]',
      'localhost:4000:4000',
      'user@localhost:4000',
      '',
    ]) {
      expect(isAllowedAuthority(host, loopback)).toBe(false);
    }
  });

  it('also accepts the bound host when it was chosen explicitly', () => {
    const lan = createHostPolicy(['192.168.1.20', '192.168.1.20'], 4000);
    expect(isAllowedAuthority('192.168.1.20:4000', lan)).toBe(true);
    expect(isAllowedAuthority('192.168.1.21:4000', lan)).toBe(false);
    const named = createHostPolicy(['devbox.lan', '192.168.1.20'], 4000);
    expect(isAllowedAuthority('devbox.lan:4000', named)).toBe(true);
  });

  it('accepts IP literals, never DNS names, on an all-interfaces bind', () => {
    const wildcard = createHostPolicy(['0.0.0.0', '0.0.0.0'], 4000);
    expect(isAllowedAuthority('192.168.1.20:4000', wildcard)).toBe(true);
    expect(isAllowedAuthority('[fe80::1]:4000', wildcard)).toBe(true);
    expect(isAllowedAuthority('0.0.0.0:4000', wildcard)).toBe(true);
    expect(isAllowedAuthority('rebind.evil.example:4000', wildcard)).toBe(false);
    expect(isAllowedAuthority('192.168.1.20:4001', wildcard)).toBe(false);
  });

  it('accepts only http origins of the server itself', () => {
    expect(isAllowedOrigin('http://127.0.0.1:4000', loopback)).toBe(true);
    expect(isAllowedOrigin('http://localhost:4000', loopback)).toBe(true);
    for (const origin of [
      'https://127.0.0.1:4000',
      'http://127.0.0.1:4000/',
      'http://evil.example',
      'null',
      'http://127.0.0.1',
    ]) {
      expect(isAllowedOrigin(origin, loopback)).toBe(false);
    }
  });
});

describe('token checks', () => {
  it('compares tokens exactly, whatever their lengths', () => {
    expect(tokensEqual('abcdefghijklmnop', 'abcdefghijklmnop')).toBe(true);
    expect(tokensEqual('abcdefghijklmnoq', 'abcdefghijklmnop')).toBe(false);
    expect(tokensEqual('abcdefghijklmno', 'abcdefghijklmnop')).toBe(false);
    expect(tokensEqual('', 'abcdefghijklmnop')).toBe(false);
  });

  it('reads every value of one cookie name', () => {
    expect(cookieValues('a=1; t=x; b=2;t=y', 't')).toEqual(['x', 'y']);
    expect(cookieValues('at=1; t_=2', 't')).toEqual([]);
    expect(cookieValues(undefined, 't')).toEqual([]);
  });

  it('checks the header first, then the query, then cookies', () => {
    expect(presentedToken('Bearer abc', 'q', ['c'])).toEqual({ source: 'header', value: 'abc' });
    expect(presentedToken('bearer  abc ', null, [])).toEqual({ source: 'header', value: 'abc' });
    expect(presentedToken('Basic abc', 'q', [])).toEqual({ source: 'malformed-header' });
    expect(presentedToken('Bearer', null, [])).toEqual({ source: 'malformed-header' });
    expect(presentedToken(undefined, 'q', ['c'])).toEqual({ source: 'query', value: 'q' });
    expect(presentedToken(undefined, null, ['c'])).toEqual({ source: 'cookie', values: ['c'] });
    expect(presentedToken(undefined, null, [])).toEqual({ source: 'none' });
    const token = 'abcdefghijklmnop';
    expect(presentationMatches({ source: 'cookie', values: ['x', token] }, token)).toBe(true);
    expect(presentationMatches({ source: 'none' }, token)).toBe(false);
    expect(presentationMatches({ source: 'malformed-header' }, token)).toBe(false);
  });
});
