// `androperator serve` without the process around it: token, device hub, routes, server and discovery file.
import { mkdir, realpath, stat } from 'node:fs/promises';
import { homedir as osHomedir } from 'node:os';
import { version } from '../../../package.json';
import { ok, type Result } from '../../shared/errors';
import { removeDiscovery, writeDiscovery } from '../daemon/discovery';
import { openDataFolder, type DataPaths } from '../../node/env/legacyMigration';
import { AdbHub, type AdbHubOptions } from '../devices/hub';
import { InFlightRegistry } from '../execution/inFlight';
import { createLocalServer, type LocalServer } from '../http/server';
import { loadOrCreateToken } from '../http/token';
import { createServeRoutes, SERVE_PUBLIC_PATHS, type ServeIdentity } from './routes';
import { IN_FLIGHT_GRACE_MS } from './shutdown';

type Env = Readonly<Record<string, string | undefined>>;

export const DEFAULT_SERVE_PORT = 3000;

export interface StartServeOptions {
  /** ANDROPERATOR_HOME, ANDROID_ADB_SERVER_PORT and ANDROPERATOR_ADB are read here. */
  env: Env;
  homedir?: string;
  /** Default 127.0.0.1; a non-loopback host is refused unless `allowRemote`. */
  host?: string;
  /** Default 3000; 0 picks a free port. */
  port?: number;
  allowRemote?: boolean;
  /** A fixed token; default: the one in `<home>/serve-token`, created on first start. */
  token?: string;
  /** The Operator package of requests that name none. */
  operatorPackage: string;
  /** Diagnostics (stderr). */
  log?: (message: string) => void;
  /** Hub tuning for tests; the adb port and binary still come from `env`. */
  hub?: Omit<AdbHubOptions, 'env' | 'operatorPackage'>;
  /** How long close() lets requests in flight finish (default IN_FLIGHT_GRACE_MS: they end within their timeout). */
  closeGraceMs?: number;
  /** Publish `<home>/daemons/<pid>-<port>.json` for the CLI (default true). */
  discovery?: boolean;
}

export interface RunningServe {
  url: string;
  port: number;
  token: string;
  /** Where the token is kept; null when it was given with --token. */
  tokenFile: string | null;
  /** True when this start wrote a new token: the caller shows it once. */
  tokenCreated: boolean;
  discoveryFile: string | null;
  server: LocalServer;
  /** Stops the server (requests in flight get the grace period), the hub, and removes the discovery file. */
  close(): Promise<void>;
}

/** The entry script's identity, for GET /version diagnostics; absent when it cannot be read. */
async function buildIdentity(): Promise<ServeIdentity['buildIdentity']> {
  const entry = process.argv[1];
  if (entry === undefined) return undefined;
  try {
    const entryPath = await realpath(entry);
    const stats = await stat(entryPath);
    return { entryPath, mtimeMs: stats.mtimeMs, size: stats.size };
  } catch {
    return undefined;
  }
}

async function resolveToken(
  options: StartServeOptions,
  paths: DataPaths,
): Promise<Result<{ token: string; file: string | null; created: boolean }>> {
  if (options.token !== undefined) return ok({ token: options.token, file: null, created: false });
  const file = paths.serveToken;
  const loaded = await loadOrCreateToken(file);
  return loaded.ok ? ok({ token: loaded.value.token, file, created: loaded.value.created }) : loaded;
}

/** Starts the Serve API; fails (nothing listening, nothing written but the token) on any startup error. */
export async function startServe(options: StartServeOptions): Promise<Result<RunningServe>> {
  const log = options.log ?? (() => undefined);
  const paths = await openDataFolder(
    { env: options.env, platform: process.platform, homedir: options.homedir ?? osHomedir() },
    log,
  );
  const home = paths.data;
  const token = await resolveToken(options, paths);
  if (!token.ok) return token;
  const createdHub = AdbHub.create({
    ...options.hub,
    env: options.env,
    operatorPackage: options.operatorPackage,
  });
  if (!createdHub.ok) return createdHub;
  const hub = createdHub.value;
  const screenshots = paths.screenshots;
  const screenshotDirectory = await mkdir(screenshots, { recursive: true, mode: 0o700 }).then(
    () => screenshots,
    () => undefined,
  );
  // The routes exist before the server they broadcast on.
  const events: { server?: LocalServer } = {};
  const routes = createServeRoutes({
    devices: hub,
    inFlight: new InFlightRegistry(),
    defaultOperatorPackage: () => options.operatorPackage,
    broadcast: (event, data) => void events.server?.broadcast(event, data),
    identity: {
      version,
      ...(await buildIdentity().then((identity) => (identity ? { buildIdentity: identity } : {}))),
    },
    ...(screenshotDirectory === undefined ? {} : { screenshotDirectory }),
  });
  const created = await createLocalServer({
    host: options.host ?? '127.0.0.1',
    port: options.port ?? DEFAULT_SERVE_PORT,
    allowNonLoopback: options.allowRemote === true,
    token: token.value.token,
    publicPaths: SERVE_PUBLIC_PATHS,
    tokenLocation: token.value.file ?? 'the token given with --token',
    routes,
    closeGraceMs: options.closeGraceMs ?? IN_FLIGHT_GRACE_MS,
    onHandlerError: (error, request) =>
      log(
        `${request.method} ${request.path} failed: ${error instanceof Error ? error.message : String(error)}`,
      ),
  });
  if (!created.ok) {
    await hub.close();
    return created;
  }
  const server = created.value;
  events.server = server;
  let discoveryFile: string | null = null;
  if (options.discovery !== false) {
    const record = {
      url: server.url,
      token: token.value.token,
      pid: process.pid,
      version,
      startedAt: new Date().toISOString(),
    };
    const written = await writeDiscovery(home, record);
    if (written.ok) discoveryFile = written.value;
    else
      log(
        `${written.error.message}: the CLI will not find this server (${String(written.error.details?.cause)})`,
      );
  }
  let closed: Promise<void> | undefined;
  return ok({
    url: server.url,
    port: server.port,
    token: token.value.token,
    tokenFile: token.value.file,
    tokenCreated: token.value.created,
    discoveryFile,
    server,
    close: () => {
      closed ??= (async () => {
        // The discovery file goes first: a CLI starting now must not pick a server that is going away.
        if (discoveryFile !== null) await removeDiscovery(home, { pid: process.pid, url: server.url });
        await server.close();
        await hub.close();
      })();
      return closed;
    },
  });
}
