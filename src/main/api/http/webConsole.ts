// The browser console: the built renderer and the console API on one loopback server with a per-launch token.
import { ok, type Result } from '../../../shared/errors';
import { generateToken } from '../../http/token';
import { createLocalServer, type LocalServer, type Route } from '../../http/server';
import { createServeRoutes, SERVE_PUBLIC_PATHS } from '../../serve/routes';
import { IN_FLIGHT_GRACE_MS } from '../../serve/shutdown';
import type { ConsoleServices } from '../services';
import { consoleRoutes } from './consoleRoutes';
import { exportDownloadRoute } from './exportRoute';
import { traceDownloadRoute } from './traceRoute';
import { defaultRoot, type TraceRoot } from '../../traces/capture';

export interface WebConsoleOptions {
  services: Pick<ConsoleServices, 'api' | 'events' | 'lastDevices'> &
    Partial<Pick<ConsoleServices, 'hub' | 'inFlight' | 'settings' | 'version' | 'evidence'>>;
  /** Where system-trace captures are kept (default: the data folder's system-traces/). */
  traceRoot?: TraceRoot;
  /** Directory of runtime-managed screenshots for the Serve routes (take_screenshot without a path). */
  screenshotDirectory?: string;
  host?: string;
  port?: number;
  /** Default: a fresh random token. */
  token?: string;
  /** Where a user finds the token, appended to 401 answers. */
  tokenLocation?: string;
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

/** Body limit, as `serve`'s: an execution is at most 64000 bytes of JSON, which leaves room for its wrapper. */
const BODY_LIMIT_BYTES = 100 * 1024;

/** The Serve API (/ping, /execute...) on the console's own server: one implementation for both, one in-flight registry. */
function serveRoutesOf(
  options: WebConsoleOptions,
  broadcast: (event: string, data: unknown) => void,
): Route[] {
  const { hub, inFlight, settings, version } = options.services;
  if (hub === undefined || inFlight === undefined || settings === undefined || version === undefined)
    return [];
  return createServeRoutes({
    devices: hub,
    inFlight,
    defaultOperatorPackage: () => settings.get().operatorPackage,
    broadcast,
    identity: { version },
    ...(options.screenshotDirectory === undefined
      ? {}
      : { screenshotDirectory: options.screenshotDirectory }),
  });
}

export async function startWebConsole(options: WebConsoleOptions): Promise<Result<WebConsole>> {
  const token = options.token ?? generateToken();
  const { services } = options;
  const log = options.log ?? (() => undefined);
  // The Serve routes exist before the server they broadcast on.
  const started: { server?: LocalServer } = {};
  const serveRoutes = serveRoutesOf(options, (event, data) => void started.server?.broadcast(event, data));
  const server = await createLocalServer({
    ...(options.host === undefined ? {} : { host: options.host }),
    port: options.port ?? 0,
    token,
    tokenLocation: options.tokenLocation ?? 'the address the console printed at start',
    bodyLimitBytes: BODY_LIMIT_BYTES,
    // A stop lets device calls in flight finish and be answered (issue 13 §7).
    closeGraceMs: IN_FLIGHT_GRACE_MS,
    ...(serveRoutes.length > 0 ? { publicPaths: SERVE_PUBLIC_PATHS } : {}),
    ...(options.staticDirectory === undefined ? {} : { staticDirectory: options.staticDirectory }),
    routes: [
      ...(services.evidence === undefined ? [] : [exportDownloadRoute(services.evidence)]),
      traceDownloadRoute(options.traceRoot ?? defaultRoot),
      ...consoleRoutes(services.api, {
        lastDevices: services.lastDevices,
        onError: (error, channel) =>
          log(
            `${channel} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
          ),
      }),
      ...serveRoutes,
    ],
    onHandlerError: (error, request) =>
      log(
        `${request.method} ${request.path} failed: ${error instanceof Error ? error.message : String(error)}`,
      ),
  });
  if (!server.ok) return server;
  started.server = server.value;
  const unsubscribe = services.events.subscribe(
    ({ event, payload }) => {
      server.value.broadcast(event, payload);
    },
    () => server.value.streams(),
  );
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
