// Loopback binding, Host/Origin checks against DNS rebinding and cross-site requests, and token checks.
import { createHash, timingSafeEqual } from 'node:crypto';
import { fail, ok, type Result } from '../../shared/errors';

const IPV4_OCTET = /^(0|[1-9][0-9]{0,2})$/;

/** Strict dotted-quad IPv4 (no leading zeros, which some resolvers read as octal). */
function ipv4Octets(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((part) => IPV4_OCTET.test(part))) return null;
  const octets = parts.map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** True for 127.0.0.0/8, ::1 and localhost: the only hosts bound without `allowNonLoopback`. */
export function isLoopbackHost(host: string): boolean {
  const name = unbracket(host.trim().toLowerCase());
  if (name === 'localhost' || name === '::1' || name === '0:0:0:0:0:0:0:1') return true;
  return ipv4Octets(name)?.[0] === 127;
}

/** The host to bind, or FORBIDDEN for a non-loopback host that was not explicitly allowed. */
export function checkBindHost(host: string, allowNonLoopback: boolean): Result<string> {
  if (isLoopbackHost(host) || allowNonLoopback) return ok(host);
  return fail(
    'FORBIDDEN',
    `Refusing to listen on ${host}: it is not a loopback address (127.0.0.1, ::1, localhost). ` +
      'Listening on it would expose the server to other machines; allow that explicitly to do it anyway.',
    { host },
  );
}

/** True for the all-interfaces addresses. */
export function isWildcardHost(host: string): boolean {
  const name = unbracket(host.trim().toLowerCase());
  return name === '0.0.0.0' || name === '::' || name === '0:0:0:0:0:0:0:0';
}

function isIpLiteral(name: string): boolean {
  if (ipv4Octets(name) !== null) return true;
  return name.startsWith('[') && name.endsWith(']') && /^[0-9a-f:.]+$/.test(name.slice(1, -1));
}

/** Formats an address for a URL or Host header: IPv6 in brackets, lower case. */
export function hostForUrl(address: string): string {
  const name = unbracket(address.toLowerCase());
  return name.includes(':') ? `[${name}]` : name;
}

/** Which Host header values (and Origin hosts) the server answers to. */
export interface HostPolicy {
  port: number;
  /** Lower-case host names without port: 127.0.0.1, localhost, [::1] and the bound host. */
  names: ReadonlySet<string>;
  /**
   * Bound to all interfaces by explicit choice: any IP literal is accepted too. Why this is still safe against
   * DNS rebinding: a rebinding page always sends its own DNS name as Host, never an IP literal.
   */
  anyIpLiteral: boolean;
}

/** The policy for a server bound to `hosts` (the requested name and the address actually bound) on `port`. */
export function createHostPolicy(hosts: readonly string[], port: number): HostPolicy {
  const names = new Set(['127.0.0.1', 'localhost', '[::1]']);
  for (const host of hosts) if (!isWildcardHost(host)) names.add(hostForUrl(host));
  return { port, names, anyIpLiteral: hosts.some(isWildcardHost) };
}

/** Checks a `host[:port]` authority (from Host, or from Origin after `http://`). */
export function isAllowedAuthority(authority: string, policy: HostPolicy): boolean {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::([0-9]{1,5}))?$/.exec(authority);
  if (match === null) return false;
  const name = (match[1] ?? '').toLowerCase();
  const port = match[2] === undefined ? 80 : Number(match[2]);
  if (port !== policy.port) return false;
  return policy.names.has(name) || (policy.anyIpLiteral && isIpLiteral(name));
}

/** An Origin header, when present, must be exactly one of this server's own origins. */
export function isAllowedOrigin(origin: string, policy: HostPolicy): boolean {
  return origin.startsWith('http://') && isAllowedAuthority(origin.slice('http://'.length), policy);
}

/** Constant-time comparison; hashing first makes the buffers equal-length without leaking the length. */
export function tokensEqual(candidate: string, token: string): boolean {
  const left = createHash('sha256').update(candidate, 'utf8').digest();
  const right = createHash('sha256').update(token, 'utf8').digest();
  return timingSafeEqual(left, right);
}

/** Tokens are restricted to characters that are safe in a header, a query string and a cookie. */
export const TOKEN_PATTERN = /^[A-Za-z0-9._~+/=-]{16,512}$/;

/**
 * Name of the session cookie. Why the port is in the name: browsers scope cookies by host, not port, so two
 * servers on 127.0.0.1 (console and `serve`) would otherwise overwrite each other's cookie.
 */
export function tokenCookieName(port: number): string {
  return `androperator_token_${port}`;
}

/** The Set-Cookie value that lets the page's later requests authenticate without the token in the URL. */
export function tokenCookie(port: number, token: string): string {
  return `${tokenCookieName(port)}=${token}; Path=/; HttpOnly; SameSite=Strict`;
}

/** All values of cookie `name` in a Cookie header (a page on another port can plant one with the same name). */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (header === undefined) return [];
  const values: string[] = [];
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator >= 0 && pair.slice(0, separator).trim() === name)
      values.push(pair.slice(separator + 1).trim());
  }
  return values;
}

/** Where a request presented its token; the first present source is the one checked. */
export type TokenPresentation =
  | { source: 'header' | 'query'; value: string }
  | { source: 'cookie'; values: string[] }
  | { source: 'none' }
  | { source: 'malformed-header' };

export function presentedToken(
  authorization: string | undefined,
  queryToken: string | null,
  cookies: string[],
): TokenPresentation {
  if (authorization !== undefined) {
    const match = /^Bearer +(\S+) *$/i.exec(authorization);
    return match?.[1] === undefined ? { source: 'malformed-header' } : { source: 'header', value: match[1] };
  }
  if (queryToken !== null) return { source: 'query', value: queryToken };
  if (cookies.length > 0) return { source: 'cookie', values: cookies };
  return { source: 'none' };
}

/** Verifies a presentation against the token; every cookie value is compared (see `cookieValues`). */
export function presentationMatches(presentation: TokenPresentation, token: string): boolean {
  switch (presentation.source) {
    case 'header':
    case 'query':
      return tokensEqual(presentation.value, token);
    case 'cookie':
      return presentation.values.some((value) => tokensEqual(value, token));
    default:
      return false;
  }
}
