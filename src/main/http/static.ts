// Serves a built web app from one directory: no escapes (lexical or through symlinks), known MIME types.
import { realpathSync } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { fail, ok, type AppError, type Result } from '../../shared/errors';
import { securityHeaders } from './respond';

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

/** Outcome of mapping a URL path to a file under the root. */
export type StaticLookup =
  { kind: 'file'; path: string } | { kind: 'missing' } | { kind: 'refused'; error: AppError };

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
  return { kind: 'refused', error: fail('FORBIDDEN', message, { path }).error };
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
      if (!segments.ok) return { kind: 'refused', error: segments.error };
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
        return { kind: 'missing' };
      }
      if (!inside(root, real)) return refused('A symbolic link leads out of the static directory', rawPath);
      return { kind: 'file', path: real };
    },
  });
}

/** Streams a regular file; returns false (nothing written) when it is not one or cannot be opened. */
export async function sendFile(
  response: ServerResponse,
  path: string,
  extraHeaders: Record<string, string>,
): Promise<boolean> {
  const handle = await open(path, 'r').catch(() => undefined);
  if (handle === undefined) return false;
  const stats = await handle.stat().catch(() => undefined);
  if (stats === undefined || !stats.isFile()) {
    await handle.close();
    return false;
  }
  // Every static file gets the page policy, so a worker script inherits it rather than the stricter data policy.
  response.writeHead(200, {
    ...securityHeaders(true),
    ...extraHeaders,
    'Content-Type': mimeType(path),
    'Content-Length': stats.size,
  });
  const stream = handle.createReadStream({ autoClose: true });
  return new Promise((resolve) => {
    stream.on('error', () => response.destroy());
    stream.on('close', () => resolve(true));
    response.on('close', () => stream.destroy());
    stream.pipe(response);
  });
}
