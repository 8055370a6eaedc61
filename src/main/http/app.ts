// The Fastify application under the local server: the security hooks, JSON bodies, routes, static files, 404/405.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Result } from '../../shared/errors';
import { registerJsonBodies } from './body';
import { admissionOf, answerBadUrl, registerHooks, type ServerState } from './hooks';
import { mountRoutes } from './mount';
import { registerNotFound } from './notFound';
import type { SseHub } from './sse';
import { registerStaticFiles, type StaticFiles } from './static';
import type { LocalServerOptions } from './types';

export type { ServerState } from './hooks';

export interface AppSettings {
  options: LocalServerOptions;
  bodyLimitBytes: number;
  staticFiles: StaticFiles | null;
  hub: SseHub;
  state: ServerState;
  /** Creates the Node server (timeouts, no Host requirement) that Fastify answers on. */
  createServer(handler: (request: IncomingMessage, response: ServerResponse) => void): Server;
}

/** Builds the application; fails with USAGE for an invalid route table. */
export function buildApp(settings: AppSettings): Result<FastifyInstance> {
  const { options, state } = settings;
  const app = Fastify({
    serverFactory: (handler) => settings.createServer(handler),
    bodyLimit: settings.bodyLimitBytes,
    // Fastify answers HEAD on GET routes and 503 while closing by default; this server answers as it always has.
    exposeHeadRoutes: false,
    return503OnClosing: false,
    routerOptions: { maxParamLength: 8192 },
    frameworkErrors: (_error, request, reply) => answerBadUrl(state, request, reply),
  });
  // Request bodies are parsed for every method, GET included, as they always were.
  app.addHttpMethod('GET', { hasBody: true, overrideExisting: true });
  // Fastify gives the not-found handler every hook at ready time, whatever the order here.
  const unmatched = registerNotFound(app, {
    routes: options.routes,
    staticFiles: settings.staticFiles,
    apiPrefixes: options.apiPrefixes ?? ['/api/'],
    cookie: () =>
      state.gate === null || state.gate.token === null
        ? null
        : { port: state.gate.policy.port, token: state.gate.token },
    admission: admissionOf,
    markStatic: (reply) => {
      reply.staticFile = true;
    },
  });
  registerHooks(app, {
    state,
    bodyLimitBytes: settings.bodyLimitBytes,
    onHandlerError: options.onHandlerError,
    unmatched,
  });
  registerJsonBodies(app);
  if (settings.staticFiles !== null) registerStaticFiles(app, settings.staticFiles);
  const mounted = mountRoutes(app, options.routes, admissionOf, {
    hub: settings.hub,
    closing: () => state.closing,
    onHandlerError: options.onHandlerError,
  });
  return mounted.ok ? { ok: true, value: app } : mounted;
}
