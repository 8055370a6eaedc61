// A built web app served from one directory with @fastify/static: no escapes (lexical or through symlinks), no
// hidden files, known MIME types, index.html for in-app navigation.
import { realpathSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail, ok, type Result } from '../../shared/errors';

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** MIME type by file extension; unknown extensions are served as opaque bytes. */
export function mimeType(path: string): string {
  return MIME_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** The real path of the regular file a URL path maps to under the root, null when there is none, or the refusal. */
export type StaticLookup = Result<string | null>;

export interface StaticFiles {
  /** The real path of the root directory. */
  root: string;
  /** The app's index.html (may not exist), served for '/' and as the in-app navigation fallback. */
  index: string;
  lookup(rawPath: string): Promise<StaticLookup>;
}

function inside(root: string, path: string): boolean {
  return path === root || path.startsWith(root + sep);
}

function refused(message: string, path: string): StaticLookup {
  return fail('FORBIDDEN', message, { path });
}

async function isRegularFile(path: string): Promise<boolean> {
  return stat(path).then(
    (stats) => stats.isFile(),
    () => false,
  );
}

/** Decodes a raw URL path into segments, refusing dot segments, encoded separators, NUL and dotfiles. */
export function staticSegments(rawPath: string): Result<string[]> {
  const segments: string[] = [];
  for (const raw of rawPath.split('/').slice(1)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return fail('INVALID_PATH', 'Malformed percent-encoding in the path');
    }
    if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) {
      return fail('FORBIDDEN', 'The path leaves the static directory', { path: rawPath });
    }
    if (segment.startsWith('.')) return fail('FORBIDDEN', 'Hidden files are not served', { path: rawPath });
    segments.push(segment);
  }
  return ok(segments);
}

/** Prepares `directory` for serving; it must exist (resolved through symlinks once, here). */
export function createStaticFiles(directory: string): Result<StaticFiles> {
  let root: string;
  try {
    root = realpathSync(directory);
  } catch {
    return fail('FILE_NOT_FOUND', `Static directory not found: ${directory}`, { path: directory });
  }
  return ok({
    root,
    index: join(root, 'index.html'),
    async lookup(rawPath) {
      const segments = staticSegments(rawPath);
      if (!segments.ok) return segments;
      const names = segments.value.filter(
        (segment, index, all) => segment !== '' || index === all.length - 1,
      );
      if (names.length === 0 || names[names.length - 1] === '') names.splice(-1, 1, 'index.html');
      const candidate = join(root, ...names);
      if (!inside(root, candidate)) return refused('The path leaves the static directory', rawPath);
      let real: string;
      try {
        real = await realpath(candidate);
      } catch {
        return ok(null);
      }
      if (!inside(root, real)) return refused('A symbolic link leads out of the static directory', rawPath);
      return ok((await isRegularFile(real)) ? real : null);
    },
  });
}

/**
 * Registers @fastify/static for `reply.sendFile` only: our lookup has already chosen the file, so its own routes,
 * caching headers, ranges and MIME guesses are off (the onSend hook sets `Cache-Control: no-store`).
 */
export function registerStaticFiles(app: FastifyInstance, files: StaticFiles): void {
  void app.register(fastifyStatic, {
    root: files.root,
    serve: false,
    index: false,
    dotfiles: 'allow',
    acceptRanges: false,
    cacheControl: false,
    etag: false,
    lastModified: false,
    contentType: false,
  });
}

/** Streams `path` (a regular file inside the root, from `lookup`) with our MIME type. */
export function sendStaticFile(reply: FastifyReply, files: StaticFiles, path: string): FastifyReply {
  reply.type(mimeType(path));
  return reply.sendFile(relative(files.root, path), files.root);
}

/** Whether a missed GET should get the web app's index.html (browser navigation inside the app). */
export function wantsAppFallback(
  request: FastifyRequest,
  path: string,
  apiPrefixes: readonly string[],
): boolean {
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return (
    (request.headers.accept ?? '').includes('text/html') &&
    !lastSegment.includes('.') &&
    !apiPrefixes.some((prefix) => path.startsWith(prefix))
  );
}

/** True when the app's index.html can be served. */
export function hasIndex(files: StaticFiles): Promise<boolean> {
  return isRegularFile(files.index);
}
