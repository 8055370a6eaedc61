// Route table: exact paths, `:name` patterns and RegExps, matched in declaration order on the raw path.
import { fail, ok, type Result } from '../../shared/errors';
import type { Route, RouteMethod } from './types';

type Matcher = (path: string) => Record<string, string> | null;

interface CompiledRoute {
  route: Route;
  match: Matcher;
}

export type RouteMatch =
  | { kind: 'match'; route: Route; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: RouteMethod[] }
  | { kind: 'malformed' }
  | { kind: 'none' };

export interface Router {
  find(method: string, path: string): RouteMatch;
}

const PARAMETER = /^:([A-Za-z_][A-Za-z0-9_]*)$/;
const LITERAL_SEGMENT = /^[A-Za-z0-9._~!$&'()*+,;=@%-]*$/;

/** Thrown inside a matcher for bad percent-encoding; caught in `find` and reported as 'malformed'. */
class MalformedPath extends Error {}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new MalformedPath(value);
  }
}

function compilePattern(pattern: string): Result<Matcher> {
  if (!pattern.startsWith('/')) return fail('USAGE', `Route path must start with '/': ${pattern}`);
  const segments = pattern.split('/').slice(1);
  const names = new Set<string>();
  for (const segment of segments) {
    const name = PARAMETER.exec(segment)?.[1];
    if (name !== undefined) {
      if (names.has(name)) return fail('USAGE', `Route parameter :${name} appears twice in ${pattern}`);
      names.add(name);
    } else if (segment.startsWith(':') || !LITERAL_SEGMENT.test(segment)) {
      return fail('USAGE', `Invalid route segment '${segment}' in ${pattern}`);
    }
  }
  return ok((path: string) => {
    const parts = path.split('/').slice(1);
    if (parts.length !== segments.length) return null;
    const params: Record<string, string> = {};
    for (const [index, segment] of segments.entries()) {
      const part = parts[index] ?? '';
      const name = PARAMETER.exec(segment)?.[1];
      if (name === undefined) {
        if (part !== segment) return null;
      } else {
        if (part === '') return null;
        params[name] = decode(part);
      }
    }
    return params;
  });
}

function compileRegExp(expression: RegExp): Matcher {
  // Why a copy without g/y: those flags make test/exec stateful (lastIndex) across requests.
  const stateless = new RegExp(expression.source, expression.flags.replace(/[gy]/g, ''));
  return (path: string) => {
    const match = stateless.exec(path);
    if (match === null) return null;
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(match.groups ?? {})) {
      if (value !== undefined) params[name] = decode(value);
    }
    return params;
  };
}

/** Compiles the table; invalid patterns and duplicate method + string path pairs are USAGE failures. */
export function createRouter(routes: readonly Route[]): Result<Router> {
  const compiled: CompiledRoute[] = [];
  const seen = new Set<string>();
  for (const route of routes) {
    if (typeof route.path === 'string') {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key)) return fail('USAGE', `Duplicate route: ${key}`);
      seen.add(key);
      const matcher = compilePattern(route.path);
      if (!matcher.ok) return matcher;
      compiled.push({ route, match: matcher.value });
    } else {
      compiled.push({ route, match: compileRegExp(route.path) });
    }
  }
  return ok({
    find(method, path) {
      const allowed: RouteMethod[] = [];
      try {
        for (const { route, match } of compiled) {
          const params = match(path);
          if (params === null) continue;
          if (route.method === method) return { kind: 'match', route, params };
          if (!allowed.includes(route.method)) allowed.push(route.method);
        }
      } catch (error) {
        if (error instanceof MalformedPath) return { kind: 'malformed' };
        throw error;
      }
      return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'none' };
    },
  });
}
