import { describe, expect, it } from 'vitest';
import { ADB_INSTALL_HINT, localServerError, remoteServerError, serverTimeoutError } from './hubErrors';

describe('server errors', () => {
  it('turns a failed spawn of the local adb into ADB_NOT_FOUND with install instructions', () => {
    const spawnError = Object.assign(new Error('spawn /opt/adb ENOENT'), {
      code: 'ENOENT',
      syscall: 'spawn /opt/adb',
    });
    const error = localServerError(spawnError, '/opt/adb', 5037);
    expect(error).toMatchObject({ code: 'ADB_NOT_FOUND', details: { adbBinary: '/opt/adb', port: 5037 } });
    expect(error.message).toContain(ADB_INSTALL_HINT);
    expect(error.message).toContain('sudo apt-get install adb');
    expect(
      localServerError(Object.assign(new Error('spawn adb EACCES'), { code: 'EACCES' }), 'adb', 1).code,
    ).toBe('ADB_NOT_FOUND');
  });

  it('reports other local failures as ADB_SERVER_UNAVAILABLE with the port', () => {
    const error = localServerError(new Error('connect ECONNRESET 127.0.0.1:5037'), 'adb', 5037);
    expect(error).toMatchObject({ code: 'ADB_SERVER_UNAVAILABLE', details: { server: 'local', port: 5037 } });
    expect(error.message).toContain('adb -P 5037 start-server');
  });

  it('labels remote and timed-out servers', () => {
    expect(remoteServerError(new Error('connect ECONNREFUSED 10.0.0.5:5037'), '10.0.0.5:5037')).toMatchObject(
      {
        code: 'ADB_SERVER_UNAVAILABLE',
        details: { server: '10.0.0.5:5037' },
      },
    );
    expect(serverTimeoutError('lab:5037', 3000).message).toBe(
      'The adb server at lab:5037 did not answer within 3000 ms.',
    );
    expect(serverTimeoutError('local', 3000).message).toContain('on this computer');
  });
});
