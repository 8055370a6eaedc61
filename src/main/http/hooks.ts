// The security rules as Fastify hooks: the gate on every request, the headers on every answer, one error shape.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasBody } from './body';
import { admit, splitTarget, type Admission, type GateSettings } from './gate';
import type { UnmatchedHandler } from './notFound';
import { sendUnauthorizedPage, wantsPage } from './tokenPage';
import { finishHeaders, HttpFailure, httpFailure, sendFailure } from './respond';
import type { LocalServerOptions } from './types';

/** Mutable facts of a running server that the hooks read. */
export interface ServerState {
  /** Set once listening: the Host policy needs the bound port. No request is parsed before. */
  gate: GateSettings | null;
  closing: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the gate hook for every request that reaches body parsing, a route or the not-found handler. */
    admission: Admission | null;
  }
  interface FastifyReply {
    /** True for static files: they carry the page CSP whatever their type. */
    staticFile: boolean;
  }
}

/** What the gate admitted (a request that reached a handler always has it). */
export function admissionOf(request: FastifyRequest): Admission {
  return request.admission ?? { target: splitTarget(request.raw.url ?? '/'), viaQuery: false };
}

/** Fastify's own errors (body limit, media type, unreadable body) in the server's codes; null for others. */
function frameworkFailure(error: FastifyError, bodyLimitBytes: number): HttpFailure | null {
  if (error instanceof HttpFailure) return error;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const message = `The request body exceeds the limit of ${bodyLimitBytes} bytes`;
    return httpFailure('PAYLOAD_TOO_LARGE', message, { details: { limitBytes: bodyLimitBytes } });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return httpFailure('INVALID_BODY', "Request bodies must be JSON: send 'Content-Type: application/json'");
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return httpFailure('INVALID_BODY', `The request body could not be read: ${error.message}`, { status });
  }
  return null;
}

/** Answers a request Fastify's router refused (malformed percent-encoding) before any hook ran. */
export function answerBadUrl(state: ServerState, request: FastifyRequest, reply: FastifyReply): void {
  const gate = state.gate === null ? null : admit(state.gate, request);
  const failure =
    gate instanceof HttpFailure
      ? gate
      : httpFailure('INVALID_PATH', 'Malformed percent-encoding in the path');
  finishHeaders(reply, state.closing, false);
  void sendFailure(reply, failure);
}

export interface HookSettings {
  state: ServerState;
  bodyLimitBytes: number;
  onHandlerError: LocalServerOptions['onHandlerError'];
  /** The not-found handler, for bodies sent to a path no route takes. */
  unmatched: UnmatchedHandler;
}

/**
 * onRequest: Host, Origin, target and token (see gate.ts), before any byte of the body is read. onSend: the
 * security headers and `Connection: close` (respond.ts). The error handler: every failure as `{ ok:false, error }`.
 */
export function registerHooks(app: FastifyInstance, settings: HookSettings): void {
  const { state } = settings;
  app.decorateRequest('admission', null);
  app.decorateReply('staticFile', false);
  app.addHook('onRequest', async (request, reply) => {
    // Unreachable in practice (requests arrive only once listening, when the gate is set); refused, not let through.
    if (state.gate === null)
      return sendFailure(reply, httpFailure('INTERNAL_ERROR', 'The server is starting'));
    const admission = admit(state.gate, request);
    if (admission instanceof HttpFailure) {
      // A browser opening the address without its token gets a page saying where the token is.
      if (admission.error.code === 'UNAUTHORIZED' && wantsPage(request))
        return sendUnauthorizedPage(reply, admission, state.gate.tokenLocation);
      return sendFailure(reply, admission);
    }
    request.admission = admission;
    // A body sent to a path no route takes is never read, as before Fastify: answered here, before parsing.
    if (request.is404 && hasBody(request.raw)) return settings.unmatched(request, reply);
    return undefined;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    finishHeaders(reply, state.closing, reply.staticFile);
    return payload;
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const failure = frameworkFailure(error, settings.bodyLimitBytes);
    if (failure !== null) return sendFailure(reply, failure);
    const { path } = admissionOf(request).target;
    settings.onHandlerError?.(error, { method: request.method, path });
    const message = `Internal error while handling ${request.method} ${path}`;
    return sendFailure(reply, httpFailure('INTERNAL_ERROR', message));
  });
}
