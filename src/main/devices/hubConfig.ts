// How the hub finds adb: binary, local server port, remote server addresses and the Operator package name.
import { isPackageName } from '../../shared/packageName';
import { fail, ok, type Result } from '../../shared/errors';
import { isIPv4, isIPv6 } from 'node:net';
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
  /** Where remote servers are kept across restarts (the console's adb-servers.json); absent: not kept. */
  serversFile?: string;
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
  serversFile: string | undefined;
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
    serversFile: options.serversFile,
  });
}

/** A host name: dot-separated labels of letters, digits and inner hyphens (RFC 1123). */
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const EXAMPLE = 'lab-adb.example.com:5037';

function invalidAddress(text: string, why: string): Result<never> {
  return fail(
    'INVALID_SERVER_ADDRESS',
    `"${text}" is not an adb server address: ${why}. Write host:port, e.g. ${EXAMPLE}.`,
    { address: text },
  );
}

/**
 * Parses "host:port" or "[v6]:port" strictly: a typo is INVALID_SERVER_ADDRESS, never a server that cannot be
 * reached, and a missing port is an error (not silently adb's 5037). The label keeps the host as typed (lower case).
 */
export function parseServerAddress(text: string): Result<ServerAddress> {
  const trimmed = text.trim();
  if (trimmed === '') return invalidAddress(text, 'it is empty');
  if (/\s/.test(trimmed)) return invalidAddress(text, 'it contains a space');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed))
    return invalidAddress(text, 'leave out the scheme (tcp://, http://)');
  const bracketed = /^\[([^\]]*)\](?::(.*))?$/.exec(trimmed);
  let host: string;
  let portText: string | undefined;
  if (bracketed) {
    host = (bracketed[1] ?? '').toLowerCase();
    portText = bracketed[2];
    if (!isIPv6(host))
      return invalidAddress(
        text,
        `${host === '' ? 'the brackets are empty' : `[${host}] is not an IPv6 address`}`,
      );
  } else {
    const colons = trimmed.split(':').length - 1;
    if (colons > 1)
      return isIPv6(trimmed)
        ? invalidAddress(text, 'an IPv6 address needs brackets and a port, e.g. [::1]:5037')
        : invalidAddress(text, 'it has more than one ":"');
    const at = trimmed.lastIndexOf(':');
    host = (at < 0 ? trimmed : trimmed.slice(0, at)).toLowerCase();
    portText = at < 0 ? undefined : trimmed.slice(at + 1);
    if (host === '') return invalidAddress(text, 'the host is missing');
    if (/^[\d.]+$/.test(host) && !isIPv4(host)) return invalidAddress(text, `${host} is not an IPv4 address`);
    if (!isIPv4(host) && !HOST_NAME.test(host))
      return invalidAddress(text, `${host} is not a host name (letters, digits, "-" and ".")`);
  }
  if (portText === undefined)
    return invalidAddress(
      text,
      `the port is missing (adb's own default is ${DEFAULT_ADB_PORT}: ${bracketed ? `[${host}]` : host}:${DEFAULT_ADB_PORT})`,
    );
  const port = parsePort(portText);
  if (port === undefined || portText.trim() !== portText)
    return invalidAddress(text, `the port must be a number from 1 to 65535, not "${portText}"`);
  return ok({ host, port, label: bracketed ? `[${host}]:${port}` : `${host}:${port}` });
}
