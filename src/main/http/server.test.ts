import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, rawRequest, startServer, TEST_TOKEN } from '../../test-support/httpTestClient';
import type { LocalServer, ParsedRequest, Route } from './types';

const handlerErrors: unknown[] = [];
const seen: ParsedRequest[] = [];

const routes: Route[] = [
  { method: 'GET', path: '/ping', handler: async () => ({ status: 200, json: { ok: true } }) },
  {
    method: 'GET',
    path: '/secret',
    handler: async () => ({ status: 200, json: { ok: true, value: 'secret' } }),
  },
  {
    method: 'POST',
    path: '/echo',
    handler: async (request) => {
      seen.push(request);
      return { status: 200, json: { hasBody: request.body !== undefined, body: request.body ?? null } };
    },
  },
  {
    method: 'GET',
    path: '/items/:id',
    handler: async (request) => {
      seen.push(request);
      return { status: 200, json: { id: request.params.id, query: request.query.toString() } };
    },
  },
  {
    method: 'DELETE',
    path: '/items/:id',
    handler: async (request) => ({ status: 202, json: { deleted: request.params.id } }),
  },
  {
    method: 'GET',
    path: '/files/:name.txt',
    handler: async (request) => ({ status: 200, json: { name: request.params.name } }),
  },
  {
    method: 'GET',
    path: '/boom',
    handler: async () => {
      throw new Error('secret-stack-detail');
    },
  },
  { method: 'GET', path: '/bad-response', handler: async () => ({ status: 'oops' }) as never },
  { method: 'GET', path: '/not-json', handler: async () => ({ status: 200, json: { big: 1n } }) },
  {
    method: 'GET',
    path: '/bytes',
    handler: async () => ({
      status: 200,
      bytes: new Uint8Array([137, 80, 78, 71]),
      contentType: 'image/png',
    }),
  },
];

let server: LocalServer;
const auth = { authorization: `Bearer ${TEST_TOKEN}` };

beforeAll(async () => {
  server = await startServer({
    token: TEST_TOKEN,
    publicPaths: ['/ping'],
    tokenLocation: '~/.androperator/token',
    routes,
    onHandlerError: (error) => handlerErrors.push(error),
  });
});
afterAll(() => server.close());

describe('token', () => {
  it('answers 401 without a token and says where the token is', async () => {
    const response = await rawRequest(server.port, { path: '/secret' });
    expect(response.status).toBe(401);
    const error = errorOf(response);
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.message).toContain('Missing token');
    expect(error.message).toContain('Authorization: Bearer <token>');
    expect(error.message).toContain('?token=<token>');
    expect(error.message).toContain('~/.androperator/token');
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('answers 401 for a wrong token in the header, the query or a malformed header', async () => {
    const wrongHeader = await rawRequest(server.port, {
      path: '/secret',
      headers: { authorization: 'Bearer nope' },
    });
    const wrongQuery = await rawRequest(server.port, { path: '/secret?token=nope' });
    const basic = await rawRequest(server.port, {
      path: '/secret',
      headers: { authorization: `Basic ${TEST_TOKEN}` },
    });
    const prefix = await rawRequest(server.port, {
      path: '/secret',
      headers: { authorization: `Bearer ${TEST_TOKEN.slice(0, -1)}` },
    });
    for (const response of [wrongHeader, wrongQuery, basic, prefix]) {
      expect(response.status).toBe(401);
      expect(errorOf(response).code).toBe('UNAUTHORIZED');
    }
    expect(errorOf(wrongHeader).message).toContain('Invalid token');
    expect(errorOf(basic).message).toContain("must be 'Bearer <token>'");
  });

  it('accepts the Bearer header and the query token, and hides the token from handlers', async () => {
    const header = await rawRequest(server.port, { path: '/secret', headers: auth });
    expect(header.status).toBe(200);
    expect(header.json).toEqual({ ok: true, value: 'secret' });
    const query = await rawRequest(server.port, {
      path: `/items/7?token=${TEST_TOKEN}&a=1`,
      headers: { cookie: 'x=1' },
    });
    expect(query.status).toBe(200);
    expect(query.json).toEqual({ id: '7', query: 'a=1' });
    const handled = seen[seen.length - 1];
    expect(handled?.headers.authorization).toBeUndefined();
    expect(handled?.headers.cookie).toBeUndefined();
    expect(handled?.query.has('token')).toBe(false);
    expect(handled?.remoteAddress).toBe('127.0.0.1');
  });

  it('lets public paths through without a token, and a query token does not set a cookie on API paths', async () => {
    const response = await rawRequest(server.port, { path: '/ping' });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ ok: true });
    const withQuery = await rawRequest(server.port, { path: `/secret?token=${TEST_TOKEN}` });
    expect(withQuery.headers['set-cookie']).toBeUndefined();
  });

  it('checks the token before revealing whether a path exists', async () => {
    const response = await rawRequest(server.port, { path: '/no-such-path' });
    expect(response.status).toBe(401);
  });
});

describe('Host and Origin', () => {
  it('refuses a forged Host with 403 even with a valid token and on public paths', async () => {
    for (const host of [
      `evil.example:${server.port}`,
      'evil.example',
      `127.0.0.1:${server.port + 1}`,
      `127.0.0.1.evil.example:${server.port}`,
    ]) {
      for (const path of ['/secret', '/ping']) {
        const response = await rawRequest(server.port, { path, host, headers: auth });
        expect(response.status).toBe(403);
        const error = errorOf(response);
        expect(error.code).toBe('FORBIDDEN');
        expect(error.message).toContain('is not this server');
      }
    }
  });

  it('refuses a request without a Host header', async () => {
    const response = await rawRequest(server.port, { path: '/ping', host: null });
    expect(response.status).toBe(403);
  });

  it("accepts the server's loopback names with its port", async () => {
    for (const host of [
      `127.0.0.1:${server.port}`,
      `localhost:${server.port}`,
      `LOCALHOST:${server.port}`,
      `[::1]:${server.port}`,
    ]) {
      const response = await rawRequest(server.port, { path: '/secret', host, headers: auth });
      expect(response.status).toBe(200);
    }
  });

  it('refuses a foreign or malformed Origin with 403 and accepts its own', async () => {
    for (const origin of [
      'http://evil.example',
      'null',
      `https://127.0.0.1:${server.port}`,
      `http://127.0.0.1:${server.port}/`,
      `http://127.0.0.1:${server.port + 1}`,
    ]) {
      const response = await rawRequest(server.port, { path: '/ping', headers: { origin } });
      expect(response.status).toBe(403);
      expect(errorOf(response).message).toContain("is not this server's origin");
    }
    for (const origin of [`http://127.0.0.1:${server.port}`, `http://localhost:${server.port}`]) {
      const response = await rawRequest(server.port, { path: '/ping', headers: { origin } });
      expect(response.status).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('refuses an absolute-form request target', async () => {
    const response = await rawRequest(server.port, { path: `http://evil.example/secret`, headers: auth });
    expect(response.status).toBe(400);
    expect(errorOf(response).code).toBe('INVALID_PATH');
  });
});

describe('bodies', () => {
  const json = { ...auth, 'content-type': 'application/json' };

  it('parses a JSON body and gives undefined for an empty one', async () => {
    const response = await rawRequest(server.port, {
      method: 'POST',
      path: '/echo',
      headers: json,
      body: '{"a":[1,"é"]}',
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ hasBody: true, body: { a: [1, 'é'] } });
    const empty = await rawRequest(server.port, { method: 'POST', path: '/echo', headers: auth });
    expect(empty.json).toEqual({ hasBody: false, body: null });
  });

  it('answers 400 INVALID_JSON with the position for malformed JSON', async () => {
    const response = await rawRequest(server.port, {
      method: 'POST',
      path: '/echo',
      headers: json,
      body: '{"a":1,}',
    });
    expect(response.status).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('INVALID_JSON');
    expect(error.message).toContain('position 7');
    expect(error.details).toEqual({ position: 7, line: 1, column: 8 });
  });

  it('places a bad \\u escape at its first non-hex character, as the CLI does', async () => {
    for (const [body, position, column] of [
      ['{"execution":"\\u12G4"}', 18, 19],
      ['{"a":"\\u12"}', 10, 11],
      ['{"a":"\\x"}', 7, 8],
    ] as const) {
      const response = await rawRequest(server.port, { method: 'POST', path: '/echo', headers: json, body });
      expect(response.status).toBe(400);
      expect(errorOf(response).details).toEqual({ position, line: 1, column });
    }
  });

  it('answers 400 INVALID_JSON for bytes that are not UTF-8', async () => {
    const body = new Uint8Array([0x22, 0xff, 0x22]);
    const response = await rawRequest(server.port, { method: 'POST', path: '/echo', headers: json, body });
    expect(response.status).toBe(400);
    expect(errorOf(response).message).toContain('UTF-8');
  });

  it('answers 415 INVALID_BODY for a body that is not declared JSON', async () => {
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=latin1',
      null,
    ]) {
      const headers: Record<string, string> = { ...auth };
      if (contentType !== null) headers['content-type'] = contentType;
      const response = await rawRequest(server.port, { method: 'POST', path: '/echo', headers, body: '{}' });
      expect(response.status).toBe(415);
      expect(errorOf(response).code).toBe('INVALID_BODY');
    }
    const utf8 = await rawRequest(server.port, {
      method: 'POST',
      path: '/echo',
      headers: { ...auth, 'content-type': 'Application/JSON; Charset=UTF-8' },
      body: '{}',
    });
    expect(utf8.status).toBe(200);
  });

  it('accepts a body of exactly the limit', async () => {
    const text = JSON.stringify('x'.repeat(100 * 1024 - 2));
    const response = await rawRequest(server.port, {
      method: 'POST',
      path: '/echo',
      headers: json,
      body: text,
    });
    expect(response.status).toBe(200);
  });
});

describe('routing and handler failures', () => {
  it('answers 404 NOT_FOUND for an unknown path and 405 METHOD_NOT_ALLOWED with Allow for a wrong method', async () => {
    const missing = await rawRequest(server.port, { path: '/nothing', headers: auth });
    expect(missing.status).toBe(404);
    expect(errorOf(missing).code).toBe('NOT_FOUND');
    const wrongMethod = await rawRequest(server.port, { method: 'PUT', path: '/items/3', headers: auth });
    expect(wrongMethod.status).toBe(405);
    expect(errorOf(wrongMethod).code).toBe('METHOD_NOT_ALLOWED');
    expect(wrongMethod.headers.allow).toBe('GET, DELETE');
    const deleted = await rawRequest(server.port, { method: 'DELETE', path: '/items/3', headers: auth });
    expect(deleted.status).toBe(202);
    expect(deleted.json).toEqual({ deleted: '3' });
  });

  it('decodes pattern and RegExp parameters and rejects malformed encoding', async () => {
    const spaced = await rawRequest(server.port, { path: '/items/a%20b', headers: auth });
    expect(spaced.json).toEqual({ id: 'a b', query: '' });
    const named = await rawRequest(server.port, { path: '/files/r%C3%A9sum%C3%A9.txt', headers: auth });
    expect(named.json).toEqual({ name: 'résumé' });
    const malformed = await rawRequest(server.port, { path: '/items/%E0%A4%A', headers: auth });
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed).code).toBe('INVALID_PATH');
  });

  it('answers 500 INTERNAL_ERROR without the stack when a handler throws, and reports the error', async () => {
    const response = await rawRequest(server.port, { path: '/boom', headers: auth });
    expect(response.status).toBe(500);
    expect(errorOf(response).code).toBe('INTERNAL_ERROR');
    expect(response.text).not.toContain('secret-stack-detail');
    expect(response.text).not.toContain('server.test.ts');
    expect(
      handlerErrors.some((error) => error instanceof Error && error.message === 'secret-stack-detail'),
    ).toBe(true);
  });

  it('answers 500 when a handler returns an invalid response or a value JSON cannot hold', async () => {
    for (const path of ['/bad-response', '/not-json']) {
      const response = await rawRequest(server.port, { path, headers: auth });
      expect(response.status).toBe(500);
      expect(errorOf(response).code).toBe('INTERNAL_ERROR');
    }
  });
});

describe('response headers', () => {
  it('sends no-store, nosniff, no-referrer and a data CSP on JSON, errors and bytes, and no CORS headers', async () => {
    const responses = [
      await rawRequest(server.port, { path: '/secret', headers: auth }),
      await rawRequest(server.port, { path: '/secret' }),
      await rawRequest(server.port, { path: '/bytes', headers: auth }),
    ];
    for (const response of responses) {
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
    expect(responses[0]?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(responses[2]?.headers['content-type']).toBe('image/png');
    expect(responses[2]?.headers['content-length']).toBe('4');
  });
});
