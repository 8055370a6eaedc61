// One request through the server: Host and Origin checks, token, routing or static files, body, handler.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { hasBody, readJsonBody } from './body';
import { sendBytes, sendError, sendJson } from './respond';
import type { Router } from './router';
import {
  cookieValues,
  isAllowedAuthority,
  isAllowedOrigin,
  presentationMatches,
  presentedToken,
  tokenCookie,
  tokenCookieName,
  type HostPolicy,
} from './security';
import type { SseHub } from './sse';
import { sendFile, type StaticFiles } from './static';
import type { ParsedRequest, RouteResponse } from './types';

/** Everything the pipeline needs, fixed once the server listens. */
export interface PipelineContext {
  policy: HostPolicy;
  token: string | null;
  publicPaths: ReadonlySet<string>;
  tokenLocation: string | undefined;
  bodyLimitBytes: number;
  router: Router;
  staticFiles: StaticFiles | null;
  apiPrefixes: readonly string[];
  hub: SseHub;
  closing(): boolean;
  onHandlerError: ((error: unknown, request: { method: string; path: string }) => void) | undefined;
}

/** Shortens attacker-controlled text before it is quoted in a message. */
function quote(value: string): string {
  return JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}...` : value);
}

function tokenHelp(context: PipelineContext): string {
  const where = context.tokenLocation ?? 'the token printed when the server started';
  return `Send 'Authorization: Bearer <token>' or add '?token=<token>' to the URL; use ${where}.`;
}

/** `failure` is the 401 message, or null when the request may proceed; `viaQuery` marks a valid ?token=. */
function authenticate(
  context: PipelineContext,
  request: IncomingMessage,
  path: string,
  queryToken: string | null,
): { failure: string | null; viaQuery: boolean } {
  if (context.token === null || context.publicPaths.has(path)) return { failure: null, viaQuery: false };
  const cookies = cookieValues(request.headers.cookie, tokenCookieName(context.policy.port));
  const presentation = presentedToken(request.headers.authorization, queryToken, cookies);
  if (presentationMatches(presentation, context.token)) {
    return { failure: null, viaQuery: presentation.source === 'query' };
  }
  const failure =
    presentation.source === 'none'
      ? `Missing token. ${tokenHelp(context)}`
      : presentation.source === 'malformed-header'
        ? `The Authorization header must be 'Bearer <token>'. ${tokenHelp(context)}`
        : `Invalid token. ${tokenHelp(context)}`;
  return { failure, viaQuery: false };
}

function withoutSecrets(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const copy: IncomingHttpHeaders = { ...headers };
  delete copy.authorization;
  delete copy.cookie;
  return copy;
}

function isRouteResponse(value: unknown): value is RouteResponse {
  if (typeof value !== 'object' || value === null || !('status' in value)) return false;
  const { status } = value;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599) return false;
  if ('json' in value) return true;
  if ('stream' in value) {
    const stream: unknown = value.stream;
    return typeof stream === 'object' && stream !== null && 'kind' in stream && stream.kind === 'sse';
  }
  return (
    'bytes' in value &&
    value.bytes instanceof Uint8Array &&
    'contentType' in value &&
    typeof value.contentType === 'string'
  );
}

async function runRoute(
  context: PipelineContext,
  request: IncomingMessage,
  response: ServerResponse,
  parsed: ParsedRequest,
  handler: (request: ParsedRequest) => Promise<RouteResponse>,
): Promise<void> {
  if (hasBody(request)) {
    const body = await readJsonBody(request, context.bodyLimitBytes);
    if (!body.ok) {
      const { failure } = body;
      if (failure.kind === 'aborted') response.destroy();
      else
        sendError(
          response,
          failure.code,
          failure.message,
          { status: failure.status, details: failure.details },
          context.closing(),
        );
      return;
    }
    parsed.body = body.value;
  }
  let result: unknown;
  try {
    result = await handler(parsed);
  } catch (error) {
    context.onHandlerError?.(error, { method: parsed.method, path: parsed.path });
    sendError(
      response,
      'INTERNAL_ERROR',
      `Internal error while handling ${parsed.method} ${parsed.path}`,
      {},
      context.closing(),
    );
    return;
  }
  if (!isRouteResponse(result)) {
    const message = `The handler of ${parsed.method} ${parsed.path} returned no valid response`;
    sendError(response, 'INTERNAL_ERROR', message, {}, context.closing());
  } else if ('json' in result) {
    sendJson(response, result.status, result.json, context.closing());
  } else if ('stream' in result) {
    if (context.closing())
      sendError(response, 'SERVER_SHUTTING_DOWN', 'The server is shutting down', { status: 503 }, true);
    else context.hub.attach(response, result.stream.initialEvents ?? []);
  } else {
    sendBytes(response, result.status, result.contentType, result.bytes, {}, context.closing());
  }
}

/** Whether a missed GET should get the web app's index.html (browser navigation inside the app). */
function wantsAppFallback(context: PipelineContext, request: IncomingMessage, path: string): boolean {
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return (
    (request.headers.accept ?? '').includes('text/html') &&
    !lastSegment.includes('.') &&
    !context.apiPrefixes.some((prefix) => path.startsWith(prefix))
  );
}

async function serveStatic(
  context: PipelineContext,
  files: StaticFiles,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  setCookie: boolean,
): Promise<void> {
  const closing = context.closing();
  const cookieHeader = (served: string): Record<string, string> =>
    setCookie && context.token !== null && served === files.index
      ? { 'Set-Cookie': tokenCookie(context.policy.port, context.token) }
      : {};
  const found = await files.lookup(path);
  if (found.kind === 'refused')
    return sendError(response, found.error.code, found.error.message, {}, closing);
  if (found.kind === 'file' && (await sendFile(response, found.path, cookieHeader(found.path)))) return;
  if (
    wantsAppFallback(context, request, path) &&
    (await sendFile(response, files.index, cookieHeader(files.index)))
  ) {
    return;
  }
  sendError(response, 'NOT_FOUND', `Not found: ${quote(path)}`, {}, closing);
}

/** Answers one request; never throws (a failure inside becomes a destroyed socket at worst). */
export async function handleRequest(
  context: PipelineContext,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const closing = context.closing();
  const host = request.headers.host;
  if (host === undefined || !isAllowedAuthority(host, context.policy)) {
    return sendError(
      response,
      'FORBIDDEN',
      `Host header ${quote(host ?? '')} is not this server`,
      {},
      closing,
    );
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !isAllowedOrigin(origin, context.policy)) {
    return sendError(
      response,
      'FORBIDDEN',
      `Origin ${quote(origin)} is not this server's origin`,
      {},
      closing,
    );
  }
  const target = request.url ?? '';
  if (!target.startsWith('/'))
    return sendError(response, 'INVALID_PATH', 'The request target must be a path', {}, closing);
  const queryStart = target.indexOf('?');
  const path = queryStart < 0 ? target : target.slice(0, queryStart);
  const query = new URLSearchParams(queryStart < 0 ? '' : target.slice(queryStart + 1));
  const queryToken = query.get('token');
  query.delete('token');
  const method = request.method ?? '';

  const auth = authenticate(context, request, path, queryToken);
  if (auth.failure !== null) {
    return sendError(
      response,
      'UNAUTHORIZED',
      auth.failure,
      { headers: { 'WWW-Authenticate': 'Bearer' } },
      closing,
    );
  }
  const found = context.router.find(method, path);
  switch (found.kind) {
    case 'match': {
      const parsed: ParsedRequest = {
        method: found.route.method,
        path,
        params: found.params,
        query,
        body: undefined,
        headers: withoutSecrets(request.headers),
        remoteAddress: request.socket.remoteAddress ?? '',
      };
      return runRoute(context, request, response, parsed, found.route.handler);
    }
    case 'method-not-allowed':
      return sendError(
        response,
        'METHOD_NOT_ALLOWED',
        `Method ${quote(method)} is not allowed on ${path} (allowed: ${found.allowed.join(', ')})`,
        { status: 405, headers: { Allow: found.allowed.join(', ') } },
        closing,
      );
    case 'malformed':
      return sendError(response, 'INVALID_PATH', 'Malformed percent-encoding in the path', {}, closing);
    case 'none':
      if (method === 'GET' && context.staticFiles !== null) {
        return serveStatic(context, context.staticFiles, request, response, path, auth.viaQuery);
      }
      return sendError(response, 'NOT_FOUND', `No route for ${quote(method)} ${path}`, {}, closing);
  }
}
