// "Never sent" versus "sent, answer lost", against real sockets that misbehave in each way.
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test-support/isolatedAdb';
import { exchange } from './exchange';

const servers: Array<Server | TcpServer> = [];
const sockets = new Set<Socket>();

async function listen<T extends Server | TcpServer>(server: T): Promise<string> {
  servers.push(server);
  server.on('connection', (socket: Socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
}

afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  for (const server of servers.splice(0)) {
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('exchange', () => {
  it('answers with status, text and parsed JSON, sending the token and the body', async () => {
    let seen: { authorization?: string; body: string; contentType?: string } = { body: '' };
    const url = await listen(
      createHttpServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          seen = {
            authorization: request.headers.authorization,
            body,
            contentType: request.headers['content-type'],
          };
          response.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
        });
      }),
    );
    const result = await exchange(url, {
      method: 'POST',
      path: '/x',
      token: 'tok',
      body: { a: 1 },
      timeoutMs: 2000,
    });
    expect(result).toEqual({ kind: 'answered', status: 201, text: '{"ok":true}', json: { ok: true } });
    expect(seen).toEqual({ authorization: 'Bearer tok', body: '{"a":1}', contentType: 'application/json' });
  });

  it('reports a refused connection as not sent', async () => {
    const port = await freePort();
    const result = await exchange(`http://127.0.0.1:${port}`, {
      method: 'POST',
      path: '/x',
      body: {},
      timeoutMs: 2000,
    });
    expect(result).toEqual({ kind: 'not_sent', cause: 'ECONNREFUSED' });
  });

  it('reports a connection destroyed after the body was read as lost', async () => {
    const url = await listen(
      createTcpServer((socket) => {
        socket.once('data', () => socket.destroy());
      }),
    );
    const result = await exchange(url, { method: 'POST', path: '/x', body: { a: 1 }, timeoutMs: 2000 });
    expect(result.kind).toBe('lost');
  });

  it('reports an answer cut off mid-body as lost', async () => {
    const url = await listen(
      createTcpServer((socket) => {
        socket.once('data', () => {
          socket.write(
            'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"ok":tr',
          );
          setTimeout(() => socket.destroy(), 20);
        });
      }),
    );
    const result = await exchange(url, { method: 'POST', path: '/x', body: {}, timeoutMs: 2000 });
    expect(result).toMatchObject({ kind: 'lost' });
  });

  it('reports a daemon that never answers as lost after the timeout', async () => {
    const url = await listen(createTcpServer(() => undefined));
    const started = Date.now();
    const result = await exchange(url, { method: 'POST', path: '/x', body: {}, timeoutMs: 300 });
    expect(result).toEqual({ kind: 'lost', cause: 'no answer within 300 ms' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('keeps a non-JSON answer as text with json undefined', async () => {
    const url = await listen(createHttpServer((_request, response) => response.end('not json')));
    expect(await exchange(url, { method: 'GET', path: '/', timeoutMs: 2000 })).toEqual({
      kind: 'answered',
      status: 200,
      text: 'not json',
      json: undefined,
    });
  });

  it('reports an invalid base URL as not sent', async () => {
    expect(await exchange('not a url', { method: 'GET', path: '/', timeoutMs: 100 })).toMatchObject({
      kind: 'not_sent',
    });
  });
});
