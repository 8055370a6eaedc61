// Which adb server an address names: the resolved addresses and the port, with every address of this machine
// (localhost, 127.0.0.0/8, ::1, its interfaces' addresses, its host name) counted as one. Two addresses name the same
// server when they share an identity, so `localhost:5412` after `127.0.0.1:5412` is recognised as a duplicate.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';

/** The identity of this machine's own addresses. */
export const THIS_MACHINE = 'this-machine';
/** How long a name lookup may take before the address is identified by its name alone. */
const LOOKUP_TIMEOUT_MS = 2000;

function isLoopback(address: string): boolean {
  const lower = address.toLowerCase();
  if (lower === '::1' || lower === '0:0:0:0:0:0:0:1') return true;
  const v4 = lower.startsWith('::ffff:') ? lower.slice('::ffff:'.length) : lower;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

function machineAddresses(): Set<string> {
  const own = new Set<string>();
  for (const entries of Object.values(networkInterfaces()))
    for (const entry of entries ?? []) own.add(entry.address.toLowerCase().replace(/%.*$/, ''));
  return own;
}

async function resolveHost(host: string): Promise<string[] | undefined> {
  if (isIP(host) !== 0) return [host];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), LOOKUP_TIMEOUT_MS);
  });
  const looked = lookup(host, { all: true }).then(
    (entries) => entries.map((entry) => entry.address),
    () => undefined,
  );
  try {
    return await Promise.race([looked, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The identities of `host:port`: one per resolved address ("this-machine:<port>" for this machine's own), or the
 * lower-cased name when it does not resolve (then only the same name matches it).
 */
export async function serverIdentities(host: string, port: number): Promise<string[]> {
  const lower = host.toLowerCase();
  if (lower === 'localhost' || lower === hostname().toLowerCase()) return [`${THIS_MACHINE}:${port}`];
  const addresses = await resolveHost(lower);
  if (addresses === undefined || addresses.length === 0) return [`name:${lower}:${port}`];
  const own = machineAddresses();
  const identities = addresses.map((address) => {
    const normalized = address.toLowerCase();
    return isLoopback(normalized) || own.has(normalized)
      ? `${THIS_MACHINE}:${port}`
      : `${normalized}:${port}`;
  });
  return [...new Set(identities)];
}

/** Whether two identity lists name the same server. */
export function sameServer(a: readonly string[], b: readonly string[]): boolean {
  return a.some((identity) => b.includes(identity));
}
