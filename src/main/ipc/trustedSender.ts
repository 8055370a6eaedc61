// Which frames may call the console API over IPC: our renderer's page, nothing else.
import { pathToFileURL } from 'node:url';

export interface RendererLocation {
  /** The built renderer's index.html (file://). */
  rendererFile: string;
  /** The electron-vite dev server (ELECTRON_RENDERER_URL), in development only. */
  devServerUrl?: string;
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** A predicate on a sender frame's URL: exactly the renderer's index.html, or a page of the dev server's origin. */
export function trustedRendererUrl(location: RendererLocation): (url: string) => boolean {
  const file = pathToFileURL(location.rendererFile).href;
  const dev = location.devServerUrl === undefined ? null : parse(location.devServerUrl);
  const devOrigin =
    dev !== null && (dev.protocol === 'http:' || dev.protocol === 'https:') ? dev.origin : null;
  return (url) => {
    const parsed = parse(url);
    if (parsed === null) return false;
    if (parsed.protocol === 'file:') {
      // The renderer may route with the hash or the query; the document itself must be ours.
      parsed.hash = '';
      parsed.search = '';
      return parsed.href === file;
    }
    return devOrigin !== null && parsed.origin === devOrigin;
  };
}
