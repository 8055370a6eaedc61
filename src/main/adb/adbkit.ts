// The one module that touches @devicefarmer/adbkit: its CommonJS export, Bluebird promises and known defects stay here.
import { createRequire } from 'node:module';
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

/** A typed, native-Promise view of an adbkit client bound to one adb server. */
export interface AdbClient {
  readonly host: string;
  readonly port: number;
  version(): Promise<number>;
  listDevices(): Promise<AdbDeviceEntry[]>;
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
  startActivity(serial: string, launch: ActivityLaunch): Promise<void>;
  /** PNG bytes from `screencap -p`. */
  screencap(serial: string): Promise<Buffer>;
  /** Opens a device-side socket such as `localabstract:<name>`. */
  openLocal(serial: string, path: string): Promise<Duplex>;
  waitBootComplete(serial: string): Promise<void>;
  /** Stops the adb server this client talks to. */
  kill(): Promise<void>;
}

interface AdbkitModule {
  Adb: { createClient(options: { host?: string; port?: number; bin?: string }): Client };
}

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

/** Reads a stream to its end. */
export function readAll(stream: Duplex): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

/** Creates a client for the adb server on `host:port` (default 127.0.0.1); adbkit starts `bin -P <port> start-server` if none answers. */
export function createAdbClient(options: { port: number; bin?: string; host?: string }): AdbClient {
  const host = options.host ?? '127.0.0.1';
  const client = adbkit().Adb.createClient({
    host,
    port: options.port,
    ...(options.bin === undefined ? {} : { bin: options.bin }),
  });
  const device = (serial: string) => client.getDevice(serial);
  const command = (value: string | readonly string[]): string | string[] =>
    typeof value === 'string' ? value : [...value];
  return {
    host,
    port: options.port,
    version: async () => client.version(),
    listDevices: async () =>
      (await client.listDevices()).map((entry) => ({ serial: entry.id, state: entry.type })),
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
    startActivity: async (serial, launch) => {
      await device(serial).startActivity({ ...launch });
    },
    screencap: async (serial) => readAll(await device(serial).screencap()),
    openLocal: async (serial, path) => device(serial).openLocal(path),
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
  [/ECONNREFUSED|ECONNRESET|cannot connect to daemon/i, 'ADB_SERVER_UNAVAILABLE'],
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
