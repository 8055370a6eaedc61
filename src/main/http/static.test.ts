import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTML_CONTENT_SECURITY_POLICY } from './respond';
import { mimeType, staticSegments } from './static';
import { errorOf, rawRequest, startServer, TEST_TOKEN } from '../../test-support/httpTestClient';
import type { LocalServer, Route } from './types';

const SECRET = 'outside-secret-content';
const INDEX = '<!doctype html><title>console</title>';
let root: string;
let server: LocalServer;

const api: Route = {
  method: 'GET',
  path: '/api/state',
  handler: async () => ({ status: 200, json: { ok: true } }),
};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'androperator-static-'));
  const web = join(root, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(root, 'package.json'), SECRET);
  writeFileSync(join(web, 'index.html'), INDEX);
  writeFileSync(join(web, '.env'), SECRET);
  const assets: Record<string, string> = {
    'app.js': 'console.log(1)',
    'style.css': 'body{}',
    'logo.png': 'png',
    'icon.svg': '<svg/>',
    'font.woff2': 'woff2',
    'data.json': '{}',
    'favicon.ico': 'ico',
    'blob.bin': 'bin',
  };
  for (const [name, content] of Object.entries(assets)) writeFileSync(join(web, 'assets', name), content);
  symlinkSync(join(root, 'package.json'), join(web, 'link-out.json'));
  symlinkSync(root, join(web, 'link-dir'));
  symlinkSync(join(web, 'assets', 'app.js'), join(web, 'link-in.js'));
  server = await startServer({ token: TEST_TOKEN, routes: [api], staticDirectory: web });
});

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true });
});

const bearer = { authorization: `Bearer ${TEST_TOKEN}` };
const html = { accept: 'text/html,application/xhtml+xml' };

describe('page load and cookie', () => {
  it('serves index.html for /?token= with the page CSP and an HttpOnly SameSite=Strict cookie', async () => {
    const response = await rawRequest(server.port, { path: `/?token=${TEST_TOKEN}`, headers: html });
    expect(response.status).toBe(200);
    expect(response.text).toBe(INDEX);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(HTML_CONTENT_SECURITY_POLICY);
    expect(HTML_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(response.headers['set-cookie']).toEqual([
      `androperator_token_${server.port}=${TEST_TOKEN}; Path=/; HttpOnly; SameSite=Strict`,
    ]);
    const indexPath = await rawRequest(server.port, { path: `/index.html?token=${TEST_TOKEN}` });
    expect(indexPath.headers['set-cookie']).toHaveLength(1);
  });

  it('accepts the cookie for assets and API calls afterwards', async () => {
    const page = await rawRequest(server.port, { path: `/?token=${TEST_TOKEN}` });
    const cookie = (page.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
    const asset = await rawRequest(server.port, { path: '/assets/app.js', headers: { cookie } });
    expect(asset.status).toBe(200);
    expect(asset.text).toBe('console.log(1)');
    const call = await rawRequest(server.port, {
      path: '/api/state',
      headers: { cookie: `other=1; ${cookie}` },
    });
    expect(call.json).toEqual({ ok: true });
  });

  it('refuses a wrong cookie, and a planted wrong cookie does not hide the right one', async () => {
    const name = `androperator_token_${server.port}`;
    const wrong = await rawRequest(server.port, { path: '/api/state', headers: { cookie: `${name}=nope` } });
    expect(wrong.status).toBe(401);
    const otherPort = await rawRequest(server.port, {
      path: '/api/state',
      headers: { cookie: `androperator_token_1=${TEST_TOKEN}` },
    });
    expect(otherPort.status).toBe(401);
    const both = await rawRequest(server.port, {
      path: '/api/state',
      headers: { cookie: `${name}=nope; ${name}=${TEST_TOKEN}` },
    });
    expect(both.status).toBe(200);
  });

  it('sets no cookie without a query token, and asks for the token without one', async () => {
    const withBearer = await rawRequest(server.port, { path: '/', headers: bearer });
    expect(withBearer.status).toBe(200);
    expect(withBearer.headers['set-cookie']).toBeUndefined();
    const without = await rawRequest(server.port, { path: '/', headers: html });
    expect(without.status).toBe(401);
    // A page saying how to get in, never the app document itself.
    expect(without.text).not.toBe(INDEX);
    expect(without.headers['content-type']).toContain('text/html');
    expect(without.text).toContain('This address needs its token');
  });
});

describe('files', () => {
  it('serves files with their MIME types', async () => {
    const expected: Record<string, string> = {
      'app.js': 'text/javascript; charset=utf-8',
      'style.css': 'text/css; charset=utf-8',
      'logo.png': 'image/png',
      'icon.svg': 'image/svg+xml',
      'font.woff2': 'font/woff2',
      'data.json': 'application/json; charset=utf-8',
      'favicon.ico': 'image/x-icon',
      'blob.bin': 'application/octet-stream',
    };
    for (const [name, type] of Object.entries(expected)) {
      const response = await rawRequest(server.port, { path: `/assets/${name}`, headers: bearer });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(mimeType(`/x/${name.toUpperCase()}`)).toBe(type);
    }
  });

  it('falls back to index.html for browser navigation to unknown app paths only', async () => {
    const navigation = await rawRequest(server.port, { path: '/runs/42', headers: { ...bearer, ...html } });
    expect(navigation.status).toBe(200);
    expect(navigation.text).toBe(INDEX);
    const withCookie = await rawRequest(server.port, { path: `/runs/42?token=${TEST_TOKEN}`, headers: html });
    expect(withCookie.headers['set-cookie']).toHaveLength(1);
    for (const [path, headers] of [
      ['/runs/42', bearer],
      ['/assets/missing.js', { ...bearer, ...html }],
      ['/api/unknown', { ...bearer, ...html }],
    ] as const) {
      const response = await rawRequest(server.port, { path, headers });
      expect(response.status).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    const post = await rawRequest(server.port, { method: 'POST', path: '/', headers: bearer });
    expect(post.status).toBe(404);
  });

  it('refuses traversal, encoded traversal, hidden files and symlinks that lead outside', async () => {
    const attempts = [
      '/../package.json',
      '/%2e%2e/package.json',
      '/%2E%2E/package.json',
      '/assets/..%2f..%2fpackage.json',
      '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
      '/..%5cpackage.json',
      '/assets/./app.js',
      '/.env',
      '/%2eenv',
      '/index.html%00.js',
      '/link-out.json',
      '/link-dir/package.json',
    ];
    for (const path of attempts) {
      const response = await rawRequest(server.port, { path, headers: { ...bearer, ...html } });
      expect(response.status).toBe(403);
      expect(response.text).not.toContain(SECRET);
      expect(errorOf(response).code).toBe('FORBIDDEN');
    }
    const inside = await rawRequest(server.port, { path: '/link-in.js', headers: bearer });
    expect(inside.status).toBe(200);
  });

  it('answers 400 for malformed percent-encoding', async () => {
    const response = await rawRequest(server.port, { path: '/assets/%E0%A4%A', headers: bearer });
    expect(response.status).toBe(400);
    expect(errorOf(response).code).toBe('INVALID_PATH');
    expect(errorOf(response).message).toContain('percent-encoding');
    const segments = staticSegments('/a/%E0%A4%A');
    expect(segments.ok ? 'ok' : segments.error.code).toBe('INVALID_PATH');
    expect(staticSegments('/a/b%20c/')).toEqual({ ok: true, value: ['a', 'b c', ''] });
  });
});
