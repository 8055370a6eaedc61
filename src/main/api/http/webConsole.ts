// The browser console: the built renderer and the console API on one loopback server with a per-launch token.
import { ok, type Result } from '../../../shared/errors';
import { generateToken } from '../../http/token';
import { createLocalServer, type LocalServer } from '../../http/server';
import type { ConsoleServices } from '../services';
import { consoleRoutes } from './consoleRoutes';

export interface WebConsoleOptions {
  services: Pick<ConsoleServices, 'api' | 'events' | 'lastDevices'>;
  host?: string;
  port?: number;
  /** Default: a fresh random token. */
  token?: string;
  /** The built renderer (out/renderer); omitted: API only. */
  staticDirectory?: string;
  log?: (message: string) => void;
}

export interface WebConsole {
  server: LocalServer;
  token: string;
  /** The address to open: http://127.0.0.1:<port>/?token=<token>. */
  url: string;
  /** Stops forwarding events and closes the server (SSE streams included). */
  close(): Promise<void>;
}

/** Body limit: an execution may be 64000 bytes of JSON; leave room for the envelope around it. */
const BODY_LIMIT_BYTES = 256 * 1024;

export async function startWebConsole(options: WebConsoleOptions): Promise<Result<WebConsole>> {
  const token = options.token ?? generateToken();
  const { services } = options;
  const log = options.log ?? (() => undefined);
  const server = await createLocalServer({
    ...(options.host === undefined ? {} : { host: options.host }),
    port: options.port ?? 0,
    token,
    tokenLocation: 'the address the console printed at start',
    bodyLimitBytes: BODY_LIMIT_BYTES,
    ...(options.staticDirectory === undefined ? {} : { staticDirectory: options.staticDirectory }),
    routes: consoleRoutes(services.api, {
      lastDevices: services.lastDevices,
      onError: (error, channel) =>
        log(`${channel} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    }),
    onHandlerError: (error, request) =>
      log(
        `${request.method} ${request.path} failed: ${error instanceof Error ? error.message : String(error)}`,
      ),
  });
  if (!server.ok) return server;
  const unsubscribe = services.events.subscribe(({ event, payload }) => {
    server.value.broadcast(event, payload);
  });
  return ok({
    server: server.value,
    token,
    url: `${server.value.url}/?token=${encodeURIComponent(token)}`,
    close: async () => {
      unsubscribe();
      await server.value.close();
    },
  });
}
