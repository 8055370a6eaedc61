// The checks every request passes before routing, body or handler: Host, Origin, request target, token.
import type { FastifyRequest } from 'fastify';
import { httpFailure, type HttpFailure } from './respond';
import {
  cookieValues,
  isAllowedAuthority,
  isAllowedOrigin,
  presentationMatches,
  presentedToken,
  tokenCookieName,
  type HostPolicy,
} from './security';

/** What the gate needs, fixed once the server listens. */
export interface GateSettings {
  policy: HostPolicy;
  /** null: authentication off (tests only). */
  token: string | null;
  publicPaths: ReadonlySet<string>;
  tokenLocation: string | undefined;
}

/** A request target split as the server sees it: the raw (still percent-encoded) path and the query. */
export interface RequestTarget {
  path: string;
  query: URLSearchParams;
  /** The `?token=` value, removed from `query`. */
  queryToken: string | null;
}

/** What a request that passed the gate carries on. */
export interface Admission {
  target: RequestTarget;
  /** True when a valid `?token=` authenticated it (the app document then sets the session cookie). */
  viaQuery: boolean;
}

/** Shortens attacker-controlled text before it is quoted in a message. */
export function quote(value: string): string {
  return JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}...` : value);
}

/** Splits a request target; the query's `token` is taken out. */
export function splitTarget(url: string): RequestTarget {
  const queryStart = url.indexOf('?');
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  const query = new URLSearchParams(queryStart < 0 ? '' : url.slice(queryStart + 1));
  const queryToken = query.get('token');
  query.delete('token');
  return { path, query, queryToken };
}

function tokenHelp(settings: GateSettings): string {
  const where = settings.tokenLocation ?? 'the token printed when the server started';
  return `Send 'Authorization: Bearer <token>' or add '?token=<token>' to the URL; use ${where}.`;
}

/** The 401 message for a request without the right token, or null when it may proceed. */
function authenticate(
  settings: GateSettings,
  request: FastifyRequest,
  target: RequestTarget,
): { failure: string | null; viaQuery: boolean } {
  if (settings.token === null || settings.publicPaths.has(target.path)) {
    return { failure: null, viaQuery: false };
  }
  const cookies = cookieValues(request.headers.cookie, tokenCookieName(settings.policy.port));
  const presentation = presentedToken(request.headers.authorization, target.queryToken, cookies);
  if (presentationMatches(presentation, settings.token)) {
    return { failure: null, viaQuery: presentation.source === 'query' };
  }
  const failure =
    presentation.source === 'none'
      ? `Missing token. ${tokenHelp(settings)}`
      : presentation.source === 'malformed-header'
        ? `The Authorization header must be 'Bearer <token>'. ${tokenHelp(settings)}`
        : `Invalid token. ${tokenHelp(settings)}`;
  return { failure, viaQuery: false };
}

/**
 * Admits a request or says why not, in this order: Host (DNS rebinding; public paths too), Origin (cross-site
 * requests), an origin-form target, then the token. Unknown paths need the token too, so their existence is not
 * revealed.
 */
export function admit(settings: GateSettings, request: FastifyRequest): Admission | HttpFailure {
  const host = request.headers.host;
  if (host === undefined || !isAllowedAuthority(host, settings.policy)) {
    return httpFailure('FORBIDDEN', `Host header ${quote(host ?? '')} is not this server`);
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !isAllowedOrigin(origin, settings.policy)) {
    return httpFailure('FORBIDDEN', `Origin ${quote(origin)} is not this server's origin`);
  }
  // Why the raw URL: Fastify's router strips an absolute-form target ("http://host/path") to its path.
  const url = request.raw.url ?? '';
  if (!url.startsWith('/')) return httpFailure('INVALID_PATH', 'The request target must be a path');
  const target = splitTarget(url);
  const auth = authenticate(settings, request, target);
  if (auth.failure !== null) {
    return httpFailure('UNAUTHORIZED', auth.failure, { headers: { 'WWW-Authenticate': 'Bearer' } });
  }
  return { target, viaQuery: auth.viaQuery };
}
