// The one module that touches @devicefarmer/adbkit: its CommonJS export, Bluebird promises and known defects stay here.
import type { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Client } from '@devicefarmer/adbkit';
import type { AppError, ErrorCode } from '../../shared/errors';

/** A device row as the adb server lists it. */
export interface AdbDeviceEntry {
  serial: string;
  state: 'device' | 'emulator' | 'offline' | 'unauthorized' | 'unknown' | (string & {});
}

/** What `startActivity` may set; mapped onto `am start` options by adbkit. */
export interface ActivityLaunch {
  component?: string;
  action?: string;
  category?: string | string[];
  data?: string;
  mimeType?: string;
  extras?: Record<string, string | number | boolean>;
  wait?: boolean;
}

/** One update from `host:track-devices`; `end` comes once, after which the subscription is dead. */
export type AdbTrackerEvent =
  { type: 'add' | 'change' | 'remove'; device: AdbDeviceEntry } | { type: 'end'; error?: Error };

/** A live `host:track-devices` subscription. */
export interface AdbDeviceTracker {
  /** Ends the subscription; no events are delivered after this. */
  stop(): void;
}

/** A typed, native-Promise view of an adbkit client bound to one adb server. */
export interface AdbClient {
  readonly host: string;
  readonly port: number;
  version(): Promise<number>;
  listDevices(): Promise<AdbDeviceEntry[]>;
  /** Subscribes to `host:track-devices`; the first events describe the devices present now (as `add`). */
  trackDevices(onEvent: (event: AdbTrackerEvent) => void): Promise<AdbDeviceTracker>;
  /** `adb connect host:port`; resolves to the serial (`host:port`). */
  connect(host: string, port: number): Promise<string>;
  disconnect(host: string, port: number): Promise<void>;
  /** Runs a legacy `shell:` command and reads all of its output. */
  shell(serial: string, command: string | readonly string[]): Promise<Buffer>;
  /** Runs a legacy `shell:` command and hands over its stream (for long-running commands like `logcat -T 1`). */
  openShell(serial: string, command: string | readonly string[]): Promise<Duplex>;
  getProperties(serial: string): Promise<Record<string, string>>;
  getFeatures(serial: string): Promise<Record<string, string | boolean>>;
  getPackages(serial: string, flags?: string): Promise<string[]>;
  isInstalled(serial: string, packageName: string): Promise<boolean>;
  /**
   * `adb install -r`: pushes the local APK to /data/local/tmp over `sync:`, then `pm install -r`. Rejects with
   * adbkit's InstallError (`code` = pm's failure, e.g. INSTALL_PARSE_FAILED_NOT_APK) when pm does not print Success.
   */
  install(serial: string, apkPath: string): Promise<void>;
  startActivity(serial: string, launch: ActivityLaunch): Promise<void>;
  /** PNG bytes from `screencap -p`. */
  screencap(serial: string): Promise<Buffer>;
  /** A device file's bytes over `sync:` (adbkit's device.pull; `adb pull`); rejects when the device refuses it. */
  pull(serial: string, path: string): Promise<Buffer>;
  /** Opens a device-side socket such as `localabstract:<name>`. */
  openLocal(serial: string, path: string): Promise<Duplex>;
  /**
   * Opens any device service by its exact name (`shell,v2,raw:<cmd>`, `exec:<cmd>`); the stream carries the service's
   * raw bytes. Rejects when the device refuses the service (adbkit's `Failure: 'closed'`).
   */
  openService(serial: string, service: string): Promise<Duplex>;
  /** The device's adb transport features (`host-serial:<serial>:features`), e.g. `shell_v2`, `cmd`. */
  transportFeatures(serial: string): Promise<string[]>;
  waitBootComplete(serial: string): Promise<void>;
  /** Stops the adb server this client talks to. */
  kill(): Promise<void>;
}

interface AdbkitModule {
  Adb: { createClient(options: { host?: string; port?: number; bin?: string }): Client };
}

/** The slice of adbkit's internal Connection class that `startServer: false` relies on. */
interface AdbkitConnection {
  connect(): PromiseLike<unknown>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  startServer(): PromiseLike<unknown>;
}
type AdbkitConnectionClass = new (options: { host: string; port: number; bin: string }) => AdbkitConnection;

function isAdbkitModule(value: unknown): value is AdbkitModule {
  if (typeof value !== 'object' || value === null || !('Adb' in value)) return false;
  const adb: unknown = value.Adb;
  return typeof adb === 'function' && 'createClient' in adb && typeof adb.createClient === 'function';
}

let loaded: AdbkitModule | undefined;

/** adbkit is CommonJS and `import { Adb }` fails under Node ESM, so it is loaded through require. */
function adbkit(): AdbkitModule {
  if (loaded) return loaded;
  const required: unknown = createRequire(import.meta.url)('@devicefarmer/adbkit');
  if (!isAdbkitModule(required)) throw new Error('@devicefarmer/adbkit does not export Adb.createClient');
  loaded = required;
  return loaded;
}

let connectionClass: AdbkitConnectionClass | undefined;

/** adbkit 3.3.9's Connection (dist/src/adb/connection); only needed to switch off its server auto-start. */
function adbkitConnection(): AdbkitConnectionClass {
  if (connectionClass) return connectionClass;
  const required: unknown = createRequire(import.meta.url)('@devicefarmer/adbkit/dist/src/adb/connection');
  const candidate: unknown =
    typeof required === 'object' && required !== null && 'default' in required ? required.default : undefined;
  if (
    typeof candidate !== 'function' ||
    !('prototype' in candidate) ||
    typeof candidate.prototype !== 'object' ||
    candidate.prototype === null ||
    !('startServer' in candidate.prototype)
  )
    throw new Error('@devicefarmer/adbkit no longer has dist/src/adb/connection with startServer()');
  connectionClass = candidate as AdbkitConnectionClass;
  return connectionClass;
}

/**
 * Why: on ECONNREFUSED adbkit runs `<bin> -P <port> start-server` on THIS machine, even for a remote host. For a
 * remote lab server that would start a stray local server (or, on 127.0.0.1, fake the remote one), so the
 * client's connections are built here with that fallback replaced by the original refusal.
 */
function disableServerStart(client: Client, options: { host: string; port: number; bin: string }): void {
  const Connection = adbkitConnection();
  const connection = () => {
    const created = new Connection(options);
    created.startServer = () =>
      Promise.reject(new Error(`connect ECONNREFUSED ${options.host}:${options.port}`));
    created.on('error', (error) => client.emit('error', error));
    return created.connect();
  };
  Reflect.set(client, 'connection', connection);
}

/** Wraps adbkit's Tracker: its `error` is folded into one `end` (an unhandled EventEmitter `error` would throw). */
function wrapTracker(
  tracker: EventEmitter & { end(): unknown },
  onEvent: (event: AdbTrackerEvent) => void,
): AdbDeviceTracker {
  let live = true;
  const entry = (device: { id: string; type: string }): AdbDeviceEntry => ({
    serial: device.id,
    state: device.type,
  });
  const finish = (error?: Error): void => {
    if (!live) return;
    live = false;
    onEvent(error ? { type: 'end', error } : { type: 'end' });
  };
  for (const type of ['add', 'change', 'remove'] as const)
    tracker.on(type, (device: { id: string; type: string }) => {
      if (live) onEvent({ type, device: entry(device) });
    });
  tracker.on('error', (error: unknown) => finish(error instanceof Error ? error : new Error(String(error))));
  tracker.on('end', () => finish());
  return {
    stop: () => {
      live = false;
      tracker.end();
    },
  };
}

/**
 * One host service request on the adb server (`<hex4 length><request>`, answered `OKAY<hex4 length><payload>` or
 * `FAIL<hex4 length><message>`), split on commas. Why by hand: adbkit has no call for transport features (its
 * getFeatures() is `pm list features`, the Android feature list).
 */
function hostRequest(host: string, port: number, request: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () =>
      socket.destroy(new Error(`adb server ${host}:${port} did not answer ${request}`)),
    );
    socket.once('connect', () => {
      socket.write(`${request.length.toString(16).padStart(4, '0')}${request}`);
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const reply = Buffer.concat(chunks);
      if (reply.length < 8) return;
      const length = Number.parseInt(reply.subarray(4, 8).toString('latin1'), 16);
      if (reply.length < 8 + length) return;
      const payload = reply.subarray(8, 8 + length).toString('utf8');
      socket.destroy();
      if (reply.subarray(0, 4).toString('latin1') === 'OKAY')
        resolve(payload.split(',').filter((feature) => feature !== ''));
      else reject(new Error(payload));
    });
    socket.once('error', reject);
    socket.once('close', () =>
      reject(new Error(`adb server ${host}:${port} closed before answering ${request}`)),
    );
  });
}

/** Reads a stream to its end. */
export function readAll(stream: Duplex): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

/**
 * Creates a client for the adb server on `host:port` (default 127.0.0.1). adbkit starts `bin -P <port> start-server`
 * when none answers, unless `startServer` is false (use that for remote servers).
 */
export function createAdbClient(options: {
  port: number;
  bin?: string;
  host?: string;
  startServer?: boolean;
}): AdbClient {
  const host = options.host ?? '127.0.0.1';
  const client = adbkit().Adb.createClient({
    host,
    port: options.port,
    ...(options.bin === undefined ? {} : { bin: options.bin }),
  });
  // Why: adbkit re-emits late socket errors on the client; without a listener Node would throw them. Callers
  // still see every failure through the rejected call or the tracker's `end`.
  client.on('error', () => undefined);
  if (options.startServer === false) disableServerStart(client, { host, port: options.port, bin: 'adb' });
  const device = (serial: string) => client.getDevice(serial);
  const command = (value: string | readonly string[]): string | string[] =>
    typeof value === 'string' ? value : [...value];
  return {
    host,
    port: options.port,
    version: async () => client.version(),
    listDevices: async () =>
      (await client.listDevices()).map((entry) => ({ serial: entry.id, state: entry.type })),
    trackDevices: async (onEvent) => wrapTracker(await client.trackDevices(), onEvent),
    connect: async (targetHost, targetPort) => client.connect(targetHost, targetPort),
    // adbkit's disconnect resolves to a device object rather than a result: nothing useful to return.
    disconnect: async (targetHost, targetPort) => {
      await client.disconnect(targetHost, targetPort);
    },
    shell: async (serial, value) => readAll(await device(serial).shell(command(value))),
    openShell: async (serial, value) => device(serial).shell(command(value)),
    getProperties: async (serial) => ({ ...(await device(serial).getProperties()) }),
    getFeatures: async (serial) => ({ ...(await device(serial).getFeatures()) }),
    getPackages: async (serial, flags) => device(serial).getPackages(flags),
    isInstalled: async (serial, packageName) => device(serial).isInstalled(packageName),
    install: async (serial, apkPath) => {
      await device(serial).install(apkPath);
    },
    startActivity: async (serial, launch) => {
      await device(serial).startActivity({ ...launch });
    },
    screencap: async (serial) => readAll(await device(serial).screencap()),
    pull: async (serial, path) => readAll(await device(serial).pull(path)),
    openLocal: async (serial, path) => device(serial).openLocal(path),
    // adbkit's openLocal sends any name containing ':' verbatim as the service (its `localfilesystem:` prefix is
    // only added to names without one), which is exactly an arbitrary service open.
    openService: async (serial, service) => device(serial).openLocal(service),
    transportFeatures: async (serial) => hostRequest(host, options.port, `host-serial:${serial}:features`),
    waitBootComplete: async (serial) => {
      await device(serial).waitBootComplete();
    },
    kill: async () => {
      await client.kill();
    },
  };
}

const ERROR_PATTERNS: ReadonlyArray<[RegExp, ErrorCode]> = [
  [/ENOENT|spawn .*adb/i, 'ADB_NOT_FOUND'],
  [
    /ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|cannot connect to daemon/i,
    'ADB_SERVER_UNAVAILABLE',
  ],
  [/unauthorized/i, 'DEVICE_UNAUTHORIZED'],
  [/offline/i, 'DEVICE_OFFLINE'],
  [/not found|no devices/i, 'DEVICE_NOT_FOUND'],
];

/** Maps an adbkit rejection to a structured error; `fallback` is used when the message names no known cause. */
export function toAppError(error: unknown, fallback: ErrorCode = 'DEVICE_SHELL_UNAVAILABLE'): AppError {
  const message = error instanceof Error ? error.message : String(error);
  const code = ERROR_PATTERNS.find(([pattern]) => pattern.test(message))?.[1] ?? fallback;
  return { code, message };
}
