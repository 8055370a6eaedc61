// What answers a request no route takes: 405 when another method has the path, static files for GET, else 404.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tokenCookie } from './security';
import { quote, type Admission } from './gate';
import { httpFailure, sendFailure } from './respond';
import { hasEmptyParameter } from './mount';
import { hasIndex, sendStaticFile, wantsAppFallback, type StaticFiles } from './static';
import type { Route, RouteMethod } from './types';

export interface NotFoundSettings {
  routes: readonly Route[];
  staticFiles: StaticFiles | null;
  apiPrefixes: readonly string[];
  /** The token and port of the session cookie, or null when authentication is off. */
  cookie(): { port: number; token: string } | null;
  admission(request: FastifyRequest): Admission;
  /** Marks a reply as a static file (the page CSP). */
  markStatic(reply: FastifyReply): void;
}

/** Methods that have a route matching `path`, in declaration order (Fastify itself answers 404). */
function allowedMethods(app: FastifyInstance, routes: readonly Route[], path: string): RouteMethod[] {
  const methods = [...new Set(routes.map((route) => route.method))];
  return methods.filter((method) => {
    const found = app.findRoute({ method, url: path });
    return found !== null && !hasEmptyParameter(found.params);
  });
}

async function serveStatic(
  settings: NotFoundSettings,
  files: StaticFiles,
  request: FastifyRequest,
  reply: FastifyReply,
  admission: Admission,
): Promise<FastifyReply> {
  const { path } = admission.target;
  const cookie = settings.cookie();
  const send = (file: string): FastifyReply => {
    // A page opened with ?token= gets the cookie its later requests authenticate with.
    if (admission.viaQuery && cookie !== null && file === files.index)
      reply.header('set-cookie', tokenCookie(cookie.port, cookie.token));
    settings.markStatic(reply);
    return sendStaticFile(reply, files, file);
  };
  const found = await files.lookup(path);
  // The refusal's details (the path) stay in the log side: the answer is code and message only, as it always was.
  if (!found.ok) return sendFailure(reply, httpFailure(found.error.code, found.error.message));
  if (found.value !== null) return send(found.value);
  if (wantsAppFallback(request, path, settings.apiPrefixes) && (await hasIndex(files))) {
    return send(files.index);
  }
  return sendFailure(reply, httpFailure('NOT_FOUND', `Not found: ${quote(path)}`));
}

/** Answers a request no route takes (a 405, a static file or a 404); the gate has already admitted it. */
export type UnmatchedHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** Installs the not-found handler (Fastify runs onRequest hooks for it too) and returns it. */
export function registerNotFound(app: FastifyInstance, settings: NotFoundSettings): UnmatchedHandler {
  const unmatched: UnmatchedHandler = async (request, reply) => {
    const admission = settings.admission(request);
    const { path } = admission.target;
    const method = request.method;
    const allowed = allowedMethods(app, settings.routes, path);
    if (allowed.length > 0) {
      const list = allowed.join(', ');
      return sendFailure(
        reply,
        httpFailure(
          'METHOD_NOT_ALLOWED',
          `Method ${quote(method)} is not allowed on ${path} (allowed: ${list})`,
          {
            headers: { Allow: list },
          },
        ),
      );
    }
    if (method === 'GET' && settings.staticFiles !== null)
      return serveStatic(settings, settings.staticFiles, request, reply, admission);
    return sendFailure(reply, httpFailure('NOT_FOUND', `No route for ${quote(method)} ${path}`));
  };
  app.setNotFoundHandler(unmatched);
  return unmatched;
}
