// How the hub finds adb: binary, local server port, remote server addresses and the Operator package name.
import { isPackageName } from '../../shared/packageName';
import { fail, ok, type Result } from '../../shared/errors';
import { adbBinary, adbServerPort, DEFAULT_ADB_PORT, parsePort } from '../../node/env/adbServer';

export { DEFAULT_ADB_PORT, parsePort };

export const DEFAULT_OPERATOR_PACKAGE = 'com.androperator.operator';
export const DEFAULT_POLL_INTERVAL_MS = 2000;
/**
 * How old a device list resolve() may reuse instead of asking every adb server again: runs started back to back
 * (or eight at once) share one `host:devices` round trip. A device that went away since is reported by the run's
 * first adb call, as one unplugged right after a fresh list would be.
 */
export const DEFAULT_RESOLVE_LIST_MAX_AGE_MS = 1000;

export interface AdbHubOptions {
  /** The adb binary; default: env ANDROPERATOR_ADB, else `adb` from PATH. */
  adbBinary?: string;
  /** The local adb server port; default: env ANDROID_ADB_SERVER_PORT when valid, else 5037. */
  localPort?: number;
  /** Where ANDROPERATOR_ADB and ANDROID_ADB_SERVER_PORT are read from (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  operatorPackage?: string;
  /** Liveness poll of every server (listDevices), default 2000 ms. */
  pollIntervalMs?: number;
  /** How long the Operator may take to answer hello, default 1500 ms. */
  helloTimeoutMs?: number;
  /** Operator status is re-read every Nth poll (default 5); device properties only on state changes. */
  operatorRefreshPolls?: number;
  /** Limit for one listDevices, getprop or pm/settings read (default 3000 ms); a server over it is unavailable. */
  serverTimeoutMs?: number;
  /** How old a device list resolve(serial) may reuse (default 1000 ms; 0 polls every time). */
  resolveListMaxAgeMs?: number;
}

export interface HubConfig {
  adbBinary: string;
  localPort: number;
  operatorPackage: string;
  pollIntervalMs: number;
  helloTimeoutMs: number;
  operatorRefreshPolls: number;
  serverTimeoutMs: number;
  resolveListMaxAgeMs: number;
}

/** A remote adb server: its label is the canonical "host:port" (IPv6 hosts in brackets). */
export interface ServerAddress {
  host: string;
  port: number;
  label: string;
}

export { isPackageName } from '../../shared/packageName';

/** Fills the defaults; a bad operatorPackage is INVALID_OPERATOR_PACKAGE. */
export function resolveHubConfig(options: AdbHubOptions = {}): Result<HubConfig> {
  const env = options.env ?? process.env;
  const operatorPackage = options.operatorPackage ?? DEFAULT_OPERATOR_PACKAGE;
  if (!isPackageName(operatorPackage))
    return fail('INVALID_OPERATOR_PACKAGE', `"${operatorPackage}" is not an Android package name.`, {
      operatorPackage,
    });
  return ok({
    adbBinary: options.adbBinary ?? adbBinary(env),
    localPort: options.localPort ?? adbServerPort(env),
    operatorPackage,
    pollIntervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
    helloTimeoutMs: options.helloTimeoutMs ?? 1500,
    operatorRefreshPolls: Math.max(1, options.operatorRefreshPolls ?? 5),
    serverTimeoutMs: options.serverTimeoutMs ?? 3000,
    resolveListMaxAgeMs: Math.max(0, options.resolveListMaxAgeMs ?? DEFAULT_RESOLVE_LIST_MAX_AGE_MS),
  });
}

/** Parses "host:port", "host" (port 5037) or "[v6]:port". */
export function parseServerAddress(text: string): Result<ServerAddress> {
  const trimmed = text.trim();
  const bracketed = /^\[([0-9A-Fa-f:.]+)\](?::(\d+))?$/.exec(trimmed);
  const plain = /^([A-Za-z0-9.-]+)(?::(\d+))?$/.exec(trimmed);
  const match = bracketed ?? plain;
  const port = match?.[2] === undefined ? DEFAULT_ADB_PORT : parsePort(match[2]);
  if (!match?.[1] || port === undefined)
    return fail(
      'ADB_SERVER_UNAVAILABLE',
      `"${text}" is not an adb server address; use host:port, e.g. lab-adb.example.com:5037.`,
      { address: text },
    );
  const host = match[1].toLowerCase() === 'localhost' ? '127.0.0.1' : match[1];
  return ok({ host, port, label: bracketed ? `[${host}]:${port}` : `${host}:${port}` });
}
