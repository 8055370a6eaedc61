import { describe, expect, it } from 'vitest';
import { freePort } from '../../simulator/testing/isolatedAdb';
import { createAdbClient, toAppError } from './adbkit';

describe('createAdbClient', () => {
  it('loads adbkit through require and binds host and port', () => {
    const client = createAdbClient({ port: 15999 });
    expect(client.host).toBe('127.0.0.1');
    expect(client.port).toBe(15999);
  });

  it('rejects with an error that maps to ADB_NOT_FOUND when no server runs and the binary is missing', async () => {
    const client = createAdbClient({ port: await freePort(), bin: '/nonexistent/adb' });
    const error = await client.listDevices().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    expect(toAppError(error).code).toBe('ADB_NOT_FOUND');
  });
});

describe('toAppError', () => {
  it('maps known adbkit and adb messages to codes', () => {
    expect(toAppError(new Error('connect ECONNREFUSED 127.0.0.1:5037')).code).toBe('ADB_SERVER_UNAVAILABLE');
    expect(
      toAppError(new Error("Failure: 'device unauthorized.\nThis adb server's $ADB_VENDOR_KEYS is not set'"))
        .code,
    ).toBe('DEVICE_UNAUTHORIZED');
    expect(toAppError(new Error("Failure: 'device offline'")).code).toBe('DEVICE_OFFLINE');
    expect(toAppError(new Error("Failure: 'device '127.0.0.1:1' not found'")).code).toBe('DEVICE_NOT_FOUND');
    expect(toAppError(new Error('spawn adb ENOENT')).code).toBe('ADB_NOT_FOUND');
  });

  it('uses the fallback for anything else and keeps the message', () => {
    expect(toAppError(new Error("Failure: 'closed'"))).toEqual({
      code: 'DEVICE_SHELL_UNAVAILABLE',
      message: "Failure: 'closed'",
    });
    expect(toAppError('plain text', 'OPERATOR_UNREACHABLE')).toEqual({
      code: 'OPERATOR_UNREACHABLE',
      message: 'plain text',
    });
  });
});
