// Mounts the callers' routes on Fastify and turns each handler's RouteResponse into the answer.
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail, ok, type Result } from '../../shared/errors';
import { isRecord } from '../../shared/schema/parse';
import type { Admission } from './gate';
import { httpFailure, JSON_CONTENT_TYPE, sendFailure } from './respond';
import type { SseHub } from './sse';
import type { LocalServerOptions, ParsedRequest, Route, RouteResponse } from './types';

/** What running a handler needs besides the route. */
export interface HandlerContext {
  hub: SseHub;
  closing(): boolean;
  onHandlerError: LocalServerOptions['onHandlerError'];
}

function withoutSecrets(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const copy: IncomingHttpHeaders = { ...headers };
  delete copy.authorization;
  delete copy.cookie;
  return copy;
}

function stringParams(params: unknown): Record<string, string> {
  if (!isRecord(params)) return {};
  return Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** True when a `:name` parameter matched nothing ('/api/' against '/api/:channel'): not a match here. */
export function hasEmptyParameter(params: unknown): boolean {
  return isRecord(params) && Object.values(params).some((value) => value === '');
}

function isRouteResponse(value: unknown): value is RouteResponse {
  if (!isRecord(value)) return false;
  const { status } = value;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599) return false;
  if ('json' in value) return true;
  if ('stream' in value) return isRecord(value.stream) && value.stream.kind === 'sse';
  return value.bytes instanceof Uint8Array && typeof value.contentType === 'string';
}

/** An attachment header with an ASCII fallback name and the exact name in RFC 5987 form. */
function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function stringify(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

function answer(
  reply: FastifyReply,
  request: ParsedRequest,
  result: unknown,
  context: HandlerContext,
): FastifyReply {
  if (!isRouteResponse(result)) {
    const message = `The handler of ${request.method} ${request.path} returned no valid response`;
    return sendFailure(reply, httpFailure('INTERNAL_ERROR', message));
  }
  if ('json' in result) {
    const text = stringify(result.json);
    if (text === undefined)
      return sendFailure(
        reply,
        httpFailure('INTERNAL_ERROR', 'The handler returned a value that is not JSON'),
      );
    return reply.code(result.status).type(JSON_CONTENT_TYPE).send(text);
  }
  if ('stream' in result) {
    if (context.closing())
      return sendFailure(reply, httpFailure('SERVER_SHUTTING_DOWN', 'The server is shutting down'));
    // The stream outlives this handler: Fastify lets go of the response and the hub writes it.
    reply.hijack();
    context.hub.attach(reply.raw, result.stream.initialEvents ?? []);
    return reply;
  }
  const { bytes, downloadName } = result;
  if (downloadName !== undefined) reply.header('content-disposition', contentDisposition(downloadName));
  return reply
    .code(result.status)
    .type(result.contentType)
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

async function run(
  route: Route,
  request: FastifyRequest,
  reply: FastifyReply,
  admission: Admission,
  context: HandlerContext,
): Promise<FastifyReply> {
  const parsed: ParsedRequest = {
    method: route.method,
    path: admission.target.path,
    params: stringParams(request.params),
    query: admission.target.query,
    body: request.body,
    headers: withoutSecrets(request.headers),
    remoteAddress: request.raw.socket.remoteAddress ?? '',
  };
  let result: unknown;
  try {
    result = await route.handler(parsed);
  } catch (error) {
    context.onHandlerError?.(error, { method: parsed.method, path: parsed.path });
    const message = `Internal error while handling ${parsed.method} ${parsed.path}`;
    return sendFailure(reply, httpFailure('INTERNAL_ERROR', message));
  }
  return answer(reply, parsed, result, context);
}

/**
 * Adds `routes` to `app`. A path must start with '/'; a method and path pair may appear once; Fastify refuses
 * other malformed patterns. Any of these is a USAGE failure. `admission` reads what the gate hook stored.
 */
export function mountRoutes(
  app: FastifyInstance,
  routes: readonly Route[],
  admission: (request: FastifyRequest) => Admission,
  context: HandlerContext,
): Result<void> {
  const seen = new Set<string>();
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    if (!route.path.startsWith('/')) return fail('USAGE', `Route path must start with '/': ${route.path}`);
    if (seen.has(key)) return fail('USAGE', `Duplicate route: ${key}`);
    seen.add(key);
    try {
      app.route({
        method: route.method,
        url: route.path,
        handler: async (request, reply) =>
          // Why: Fastify's router lets a parameter match an empty segment; routes never did.
          hasEmptyParameter(request.params)
            ? reply.callNotFound()
            : run(route, request, reply, admission(request), context),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return fail('USAGE', `Invalid route ${key}: ${reason}`);
    }
  }
  return ok(undefined);
}
