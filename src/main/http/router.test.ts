import { describe, expect, it } from 'vitest';
import { createRouter, type Router } from './router';
import type { Route } from './types';

const handler = async () => ({ status: 200, json: null });

function router(routes: Route[]): Router {
  const result = createRouter(routes);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('createRouter', () => {
  const table = router([
    { method: 'GET', path: '/ping', handler },
    { method: 'POST', path: '/api/:channel', handler },
    { method: 'GET', path: '/runs/:runId/steps/:stepId', handler },
    { method: 'DELETE', path: /^\/evidence\/(?<id>[a-z0-9%]+)$/g, handler },
  ]);

  it('matches exact paths and patterns, decoding parameters', () => {
    expect(table.find('GET', '/ping')).toMatchObject({ kind: 'match', params: {} });
    expect(table.find('POST', '/api/devices%3Alist')).toMatchObject({
      kind: 'match',
      params: { channel: 'devices:list' },
    });
    expect(table.find('GET', '/runs/r1/steps/s%2F2')).toMatchObject({
      params: { runId: 'r1', stepId: 's/2' },
    });
  });

  it('does not match extra, missing or empty segments', () => {
    for (const path of ['/ping/', '/api', '/api/', '/api/a/b', '/runs/r1/steps', '/Ping']) {
      expect(table.find('GET', path).kind === 'match' || table.find('POST', path).kind === 'match').toBe(
        false,
      );
    }
  });

  it('reports the allowed methods when only the method is wrong', () => {
    expect(table.find('PUT', '/ping')).toEqual({ kind: 'method-not-allowed', allowed: ['GET'] });
    expect(table.find('GET', '/api/x')).toEqual({ kind: 'method-not-allowed', allowed: ['POST'] });
    expect(table.find('GET', '/nothing')).toEqual({ kind: 'none' });
  });

  it('matches RegExp routes repeatedly despite a global flag', () => {
    for (let round = 0; round < 3; round += 1) {
      expect(table.find('DELETE', '/evidence/abc')).toMatchObject({ kind: 'match', params: { id: 'abc' } });
    }
  });

  it('reports malformed percent-encoding in a parameter', () => {
    expect(table.find('POST', '/api/%ZZ')).toEqual({ kind: 'malformed' });
  });

  it('refuses invalid patterns and duplicates', () => {
    const bad: Route['path'][] = ['ping', '/a/:', '/a/:b/:b', '/a/:1x', '/a?b', '/a#b'];
    for (const path of bad) {
      const result = createRouter([{ method: 'GET', path, handler }]);
      expect(result.ok ? 'ok' : result.error.code).toBe('USAGE');
    }
    const duplicate = createRouter([
      { method: 'GET', path: '/a', handler },
      { method: 'GET', path: '/a', handler },
    ]);
    expect(duplicate.ok ? 'ok' : duplicate.error.message).toBe('Duplicate route: GET /a');
  });
});
