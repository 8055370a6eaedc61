import type { Duplex } from 'node:stream';
import type { StreamServer } from './connection';
import { serveRawShell, serveShellV2, type RunShell } from './shellService';

/** Serves one connection to a device-side socket (e.g. the Operator's agent socket). */
export type StreamHandler = (stream: Duplex) => void;

export interface ServiceRouterOptions {
  runShell: RunShell;
  abstractSockets: ReadonlyMap<string, StreamHandler>;
  /** Whether `shell,v2,...:` is served (only when the shell_v2 feature is advertised). */
  shellV2: () => boolean;
}

/**
 * Maps a service name from OPEN to its handler: `shell:`, `shell,v2,<args>:`, `exec:`, `localabstract:<name>`.
 * Anything else (sync:, framebuffer:, tcp:, localfilesystem:, ...) is refused.
 */
export function createServiceRouter(
  options: ServiceRouterOptions,
): (service: string) => StreamServer | undefined {
  return (service) => {
    if (service.startsWith('shell:')) {
      const commandLine = service.slice('shell:'.length);
      return (stream) => serveRawShell(stream, commandLine, options.runShell, true);
    }
    if (service.startsWith('shell,') && options.shellV2()) {
      const separator = service.indexOf(':');
      if (separator < 0) return undefined;
      const shellArguments = service.slice('shell,'.length, separator).split(',');
      if (!shellArguments.includes('v2')) return undefined;
      const commandLine = service.slice(separator + 1);
      return (stream) => serveShellV2(stream, commandLine, options.runShell);
    }
    if (service.startsWith('exec:')) {
      const commandLine = service.slice('exec:'.length);
      return (stream) => serveRawShell(stream, commandLine, options.runShell, false);
    }
    if (service.startsWith('localabstract:')) {
      const handler = options.abstractSockets.get(service.slice('localabstract:'.length));
      return handler ? (stream) => handler(stream) : undefined;
    }
    return undefined;
  };
}
