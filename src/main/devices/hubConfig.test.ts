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
  it('parses host:port, a bare host (port 5037), localhost and bracketed IPv6', () => {
    expect(parseServerAddress('lab-7.example.com:5038')).toEqual({
      ok: true,
      value: { host: 'lab-7.example.com', port: 5038, label: 'lab-7.example.com:5038' },
    });
    expect(parseServerAddress(' 10.0.0.5 ')).toEqual({
      ok: true,
      value: { host: '10.0.0.5', port: 5037, label: '10.0.0.5:5037' },
    });
    expect(parseServerAddress('localhost:6000')).toMatchObject({
      ok: true,
      value: { label: '127.0.0.1:6000' },
    });
    expect(parseServerAddress('[::1]:5037')).toEqual({
      ok: true,
      value: { host: '::1', port: 5037, label: '[::1]:5037' },
    });
  });

  it('rejects anything else with a message that shows the expected form', () => {
    for (const bad of ['', 'host:0', 'host:99999', 'a b:5037', 'http://lab:5037', '::1:5037', 'host:']) {
      const parsed = parseServerAddress(bad);
      expect(parsed).toMatchObject({
        ok: false,
        error: { code: 'ADB_SERVER_UNAVAILABLE', details: { address: bad } },
      });
      expect(parsed.ok || parsed.error.message).toContain('host:port');
    }
  });
});
