import { describe, expect, it } from 'vitest';
import { isPackageName, parsePort, parseServerAddress, resolveHubConfig } from './hubConfig';

describe('resolveHubConfig', () => {
  it('uses adb from PATH, port 5037 and the release Operator package by default', () => {
    expect(resolveHubConfig({ env: {} })).toEqual({
      ok: true,
      value: {
        adbBinary: 'adb',
        localPort: 5037,
        operatorPackage: 'com.androperator.operator',
        pollIntervalMs: 2000,
        helloTimeoutMs: 1500,
        operatorRefreshPolls: 5,
        serverTimeoutMs: 3000,
        resolveListMaxAgeMs: 1000,
      },
    });
  });

  it('reads ANDROPERATOR_ADB and a valid ANDROID_ADB_SERVER_PORT; explicit options win', () => {
    const env = { ANDROPERATOR_ADB: ' /opt/sdk/adb ', ANDROID_ADB_SERVER_PORT: '5099' };
    const fromEnv = resolveHubConfig({ env });
    expect(fromEnv.ok && [fromEnv.value.adbBinary, fromEnv.value.localPort]).toEqual(['/opt/sdk/adb', 5099]);
    const explicit = resolveHubConfig({ env, adbBinary: '/usr/bin/adb', localPort: 6000 });
    expect(explicit.ok && [explicit.value.adbBinary, explicit.value.localPort]).toEqual([
      '/usr/bin/adb',
      6000,
    ]);
  });

  it('ignores an invalid ANDROID_ADB_SERVER_PORT and an empty ANDROPERATOR_ADB', () => {
    for (const port of ['0', '65536', 'abc', '50 37', '']) {
      const config = resolveHubConfig({ env: { ANDROID_ADB_SERVER_PORT: port, ANDROPERATOR_ADB: '  ' } });
      expect(config.ok && [config.value.adbBinary, config.value.localPort]).toEqual(['adb', 5037]);
    }
  });

  it('rejects an operatorPackage that is not a package name', () => {
    expect(resolveHubConfig({ operatorPackage: 'com.x; reboot' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_OPERATOR_PACKAGE', details: { operatorPackage: 'com.x; reboot' } },
    });
  });
});

describe('parsePort and isPackageName', () => {
  it('accepts 1..65535 only', () => {
    expect([parsePort('1'), parsePort('65535'), parsePort(' 5037 ')]).toEqual([1, 65535, 5037]);
    expect([parsePort('0'), parsePort('70000'), parsePort('-1'), parsePort(undefined)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('follows the Android package name rule', () => {
    expect(isPackageName('com.androperator.operator.dev')).toBe(true);
    expect(isPackageName('a_b.c1')).toBe(true);
    for (const bad of ['single', '1com.x', 'com..x', 'com.x ', 'com.x/y', 'com.x$(id)', 'com.1x', ''])
      expect(isPackageName(bad)).toBe(false);
  });
});

describe('parseServerAddress', () => {
  it('parses host:port and bracketed IPv6, keeping the host as typed (lower case)', () => {
    expect(parseServerAddress('lab-7.Example.com:5038')).toEqual({
      ok: true,
      value: { host: 'lab-7.example.com', port: 5038, label: 'lab-7.example.com:5038' },
    });
    expect(parseServerAddress(' 10.0.0.5:5037 ')).toEqual({
      ok: true,
      value: { host: '10.0.0.5', port: 5037, label: '10.0.0.5:5037' },
    });
    expect(parseServerAddress('localhost:6000')).toMatchObject({
      ok: true,
      value: { label: 'localhost:6000' },
    });
    expect(parseServerAddress('[::1]:5037')).toEqual({
      ok: true,
      value: { host: '::1', port: 5037, label: '[::1]:5037' },
    });
  });

  it('does not turn a bare host into host:5037: the missing port is a validation error that suggests it', () => {
    const parsed = parseServerAddress('foo');
    expect(parsed).toMatchObject({
      ok: false,
      error: { code: 'INVALID_SERVER_ADDRESS', details: { address: 'foo' } },
    });
    expect(parsed.ok || parsed.error.message).toContain('the port is missing');
    expect(parsed.ok || parsed.error.message).toContain('foo:5037');
  });

  it.each([
    ['', 'it is empty'],
    ['host:0', 'the port must be a number from 1 to 65535, not "0"'],
    ['host:99999', 'not "99999"'],
    ['host:5037x', 'not "5037x"'],
    ['host:', 'not ""'],
    ['a b:5037', 'it contains a space'],
    ['http://lab:5037', 'leave out the scheme'],
    ['::1:5037', 'an IPv6 address needs brackets'],
    ['lab:50:37', 'more than one ":"'],
    ['::1', 'an IPv6 address needs brackets'],
    ['[zz]:5037', '[zz] is not an IPv6 address'],
    ['10.0.0.300:5037', '10.0.0.300 is not an IPv4 address'],
    ['lab_adb:5037', 'lab_adb is not a host name'],
    ['-lab:5037', '-lab is not a host name'],
    [':5037', 'the host is missing'],
  ])('rejects %j as INVALID_SERVER_ADDRESS (%s), showing the expected form', (bad, why) => {
    const parsed = parseServerAddress(bad);
    expect(parsed).toMatchObject({
      ok: false,
      error: { code: 'INVALID_SERVER_ADDRESS', details: { address: bad } },
    });
    expect(parsed.ok || parsed.error.message).toContain(why);
    expect(parsed.ok || parsed.error.message).toContain('host:port');
  });
});
