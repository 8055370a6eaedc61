// The one local HTTP server under both the browser console API and the Serve API: Fastify on a Node server whose
// sockets, timeouts, binding and shutdown this file keeps in hand.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fail, ok, type Result } from '../../shared/errors';
import { buildApp, type ServerState } from './app';
import { checkBindHost, createHostPolicy, hostForUrl, isWildcardHost, TOKEN_PATTERN } from './security';
import { createSseHub } from './sse';
import { createStaticFiles, type StaticFiles } from './static';
import type { LocalServer, LocalServerOptions } from './types';

export type * from './types';

const DEFAULT_BODY_LIMIT_BYTES = 100 * 1024;

function validate(
  options: LocalServerOptions,
): Result<{ host: string; port: number; bodyLimitBytes: number }> {
  const host = checkBindHost(options.host ?? '127.0.0.1', options.allowNonLoopback === true);
  if (!host.ok) return host;
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    return fail('USAGE', `Port must be an integer from 0 to 65535, got ${String(port)}`, { port });
  }
  if (options.token !== null && !TOKEN_PATTERN.test(options.token)) {
    return fail('USAGE', 'The token must be 16 to 512 characters of A-Z a-z 0-9 . _ ~ + / = -');
  }
  const bodyLimitBytes = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  if (!Number.isInteger(bodyLimitBytes) || bodyLimitBytes < 1) {
    return fail('USAGE', `bodyLimitBytes must be a positive integer, got ${String(bodyLimitBytes)}`);
  }
  return ok({ host: host.value, port, bodyLimitBytes });
}

function listen(server: Server, host: string, port: number): Promise<Result<AddressInfo>> {
  return new Promise((resolve) => {
    const onError = (error: Error): void => {
      const cause = 'code' in error ? String(error.code) : error.message;
      resolve(fail('LISTEN_FAILED', `Cannot listen on ${host}:${port}: ${cause}`, { host, port, cause }));
    };
    server.once('error', onError);
    server.listen({ host, port, exclusive: true }, () => {
      server.off('error', onError);
      resolve(ok(server.address() as AddressInfo));
    });
  });
}

/** The URL clients use: an all-interfaces bind is reached through loopback. */
function serverUrl(address: AddressInfo): string {
  if (isWildcardHost(address.address)) {
    return `http://${address.family === 'IPv6' ? '[::1]' : '127.0.0.1'}:${address.port}`;
  }
  return `http://${hostForUrl(address.address)}:${address.port}`;
}

/**
 * Starts the server. Fails (nothing listening) with FORBIDDEN for a non-loopback host without
 * `allowNonLoopback`, USAGE for invalid options or routes, FILE_NOT_FOUND for a missing static directory,
 * LISTEN_FAILED when the port cannot be bound.
 */
export async function createLocalServer(options: LocalServerOptions): Promise<Result<LocalServer>> {
  const valid = validate(options);
  if (!valid.ok) return valid;
  const { host, port, bodyLimitBytes } = valid.value;
  let staticFiles: StaticFiles | null = null;
  if (options.staticDirectory !== undefined) {
    const files = createStaticFiles(options.staticDirectory);
    if (!files.ok) return files;
    staticFiles = files.value;
  }

  const hub = createSseHub({
    pingIntervalMs: options.ssePingIntervalMs ?? 15_000,
    maxBufferedBytes: options.sseMaxBufferedBytes ?? 1024 * 1024,
  });
  const sockets = new Set<Socket>();
  const state: ServerState = { gate: null, closing: false };
  let server: Server | undefined;
  const app = buildApp({
    options,
    bodyLimitBytes,
    staticFiles,
    hub,
    state,
    createServer: (handler) => {
      // Why these timeouts: a client that trickles headers or a body must not hold a socket for Node's 300 s
      // default. requireHostHeader off: the gate refuses a missing Host itself, with the same structured 403.
      server = createServer(
        { requestTimeout: 30_000, headersTimeout: 15_000, requireHostHeader: false },
        handler,
      );
      server.keepAliveTimeout = 5_000;
      server.on('connection', (socket: Socket) => {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
      });
      return server;
    },
  });
  if (!app.ok) return app;
  try {
    await app.value.ready();
  } catch (error) {
    return fail(
      'USAGE',
      `The server could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (server === undefined) return fail('INTERNAL_ERROR', 'Fastify did not create the server');
  const node = server;
  // Why: Node's own answer to an unparsable request (a bare 400, 408 or 431 that closes the connection) is what
  // this server always sent; Fastify's handler adds a JSON body in a shape of its own.
  node.removeAllListeners('clientError');
  // Why not app.listen: for 'localhost' Fastify binds every address the name resolves to; this binds one.
  const address = await listen(node, host, port);
  if (!address.ok) {
    await app.value.close();
    return address;
  }
  state.gate = {
    policy: createHostPolicy([host, address.value.address], address.value.port),
    token: options.token,
    publicPaths: new Set(options.publicPaths ?? []),
    tokenLocation: options.tokenLocation,
  };

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= new Promise((resolve) => {
      state.closing = true;
      const grace = setTimeout(() => {
        for (const socket of sockets) socket.destroy();
      }, options.closeGraceMs ?? 1000);
      node.close(() => {
        // The server counts a socket as gone when it is destroyed, before the socket emits 'close'.
        const pending = [...sockets].map((socket) => new Promise((gone) => socket.once('close', gone)));
        void Promise.all([...pending, app.value.close()]).then(() => {
          clearTimeout(grace);
          resolve();
        });
      });
      hub.close();
      node.closeIdleConnections();
    });
    return closed;
  };

  return ok({
    url: serverUrl(address.value),
    port: address.value.port,
    host: address.value.address,
    close,
    broadcast: (event, data) => hub.broadcast(event, data),
    connections: () => sockets.size,
    streams: () => hub.count(),
  });
}
