import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test-support/isolatedAdb';
import { hostRequest, parseDeviceList, parseReply } from './hostClient';

const servers: Server[] = [];

/** A fake adb server that records the request and answers with `reply` (or stays silent). */
async function fakeServer(
  reply: ((socket: Socket, request: string) => void) | undefined,
): Promise<{ port: number; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((socket) => {
    socket.once('data', (data: Buffer) => {
      requests.push(data.toString());
      reply?.(socket, data.toString());
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, requests };
}

afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

describe('hostRequest', () => {
  it('sends a hex-length-prefixed service and reads OKAY plus a length-prefixed message', async () => {
    const server = await fakeServer((socket) => socket.end('OKAY001cconnected to 127.0.0.1:40000'));
    const reply = await hostRequest(server.port, 'host:connect:127.0.0.1:40000');
    expect(server.requests).toEqual(['001chost:connect:127.0.0.1:40000']);
    expect(reply).toEqual({ ok: true, value: { status: 'OKAY', message: 'connected to 127.0.0.1:40000' } });
  });

  it('reads FAIL replies and reports a silent close as CLOSED', async () => {
    const failing = await fakeServer((socket) => socket.end('FAIL0010device not found'));
    expect(await hostRequest(failing.port, 'host:disconnect:x')).toEqual({
      ok: true,
      value: { status: 'FAIL', message: 'device not found' },
    });
    const silent = await fakeServer((socket) => socket.end());
    expect(await hostRequest(silent.port, 'host:emulator:41000')).toEqual({
      ok: true,
      value: { status: 'CLOSED', message: '' },
    });
  });

  it('returns ADB_SERVER_UNAVAILABLE when nothing listens or the answer is unreadable', async () => {
    const refused = await hostRequest(await freePort(), 'host:devices');
    expect(refused.ok ? undefined : refused.error.code).toBe('ADB_SERVER_UNAVAILABLE');
    const garbage = await fakeServer((socket) => socket.end('HELLO'));
    const unreadable = await hostRequest(garbage.port, 'host:devices');
    expect(unreadable.ok ? undefined : unreadable.error).toMatchObject({
      code: 'ADB_SERVER_UNAVAILABLE',
      message: expect.stringContaining('unreadable'),
    });
  });

  it('returns COMMAND_TIMEOUT when the server never answers', async () => {
    const mute = await fakeServer(undefined);
    const reply = await hostRequest(mute.port, 'host:devices', 100);
    expect(reply.ok ? undefined : reply.error.code).toBe('COMMAND_TIMEOUT');
  });
});

describe('reply and device list parsing', () => {
  it('accepts status-only replies and keeps raw text that is not length-prefixed', () => {
    expect(parseReply(Buffer.from('OKAY'))).toEqual({ status: 'OKAY', message: '' });
    expect(parseReply(Buffer.from('OKAYraw text'))).toEqual({ status: 'OKAY', message: 'raw text' });
    expect(parseReply(Buffer.from('NOPE'))).toBeUndefined();
  });

  it('parses host:devices and host:devices-l rows', () => {
    expect(parseDeviceList('127.0.0.1:40000\tdevice\nemulator-5554\toffline\n')).toEqual([
      { serial: '127.0.0.1:40000', state: 'device', details: {} },
      { serial: 'emulator-5554', state: 'offline', details: {} },
    ]);
    expect(
      parseDeviceList('127.0.0.1:1 device product:sim model:Simulated_Pixel device:sim transport_id:3\n')[0]
        ?.details,
    ).toEqual({
      product: 'sim',
      model: 'Simulated_Pixel',
      device: 'sim',
      transport_id: '3',
    });
  });
});
