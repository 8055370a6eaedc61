import type { Duplex } from 'node:stream';
import type { DeviceFiles } from '../device/files';
import type { StreamServer } from './connection';
import { quote } from '../shell/builtins';
import { serveRemount, serveRoot, serveTrackJdwp, type ReverseForwards } from './adbdServices';
import { serveFramebuffer } from './framebuffer';
import { serveRawShell, serveShellV2, type DeviceShell } from './shellService';
import { serveSync } from './sync';

/** Serves one connection to a device-side socket (e.g. the Operator's agent socket). */
export type StreamHandler = (stream: Duplex) => void;

export interface ServiceRouterOptions {
  shell: DeviceShell;
  abstractSockets: ReadonlyMap<string, StreamHandler>;
  /** Servers listening on device TCP ports (reached by `tcp:<port>` and `tcp:<host>:<port>` for local hosts). */
  tcpServers?: ReadonlyMap<number, StreamHandler>;
  /** Whether `shell,v2,...:` is served (only when the shell_v2 feature is advertised). */
  shellV2: () => boolean;
  /** Whether `abb:` and `abb_exec:` (binder commands, `cmd` without a shell) are served, as their features say. */
  abb?: () => boolean;
  /** The device's files, served by `sync:` (push/pull/stat); without them `sync:` is refused. */
  files?: DeviceFiles;
  /** Reverse forwards stored by `reverse:` (without them `reverse:` is refused). */
  reverse?: ReverseForwards;
}

/**
 * Maps a service name from OPEN to its handler: `shell:`, `shell,v2,<args>:`, `exec:`, `abb:`/`abb_exec:`,
 * `localabstract:<name>`, `tcp:<port>`, `sync:`, `framebuffer:`, `root:`, `remount:`, `track-jdwp`, `reverse:`.
 * Anything else is refused.
 */
export function createServiceRouter(
  options: ServiceRouterOptions,
): (service: string) => StreamServer | undefined {
  return (service) => {
    if (service.startsWith('shell:')) {
      const commandLine = service.slice('shell:'.length);
      return (stream) => serveRawShell(stream, commandLine, options.shell, true);
    }
    if (service.startsWith('shell,') && options.shellV2()) {
      const separator = service.indexOf(':');
      if (separator < 0) return undefined;
      const shellArguments = service.slice('shell,'.length, separator).split(',');
      if (!shellArguments.includes('v2')) return undefined;
      const commandLine = service.slice(separator + 1);
      return (stream) => serveShellV2(stream, commandLine, options.shell);
    }
    if (service.startsWith('exec:')) {
      const commandLine = service.slice('exec:'.length);
      return (stream) => serveRawShell(stream, commandLine, options.shell, false);
    }
    // `abb_exec:<service>\0<arg>\0...` runs `cmd <service> <args...>` with raw output (as exec:), `abb:` framed as
    // shell v2; both pass the host's bytes as input (what `adb install` streams on API 30+).
    const abb = /^(abb_exec|abb):/.exec(service);
    if (abb && options.abb?.()) {
      const commandLine = ['cmd', ...service.slice(abb[0].length).split('\0')].map(quote).join(' ');
      return abb[1] === 'abb'
        ? (stream) => serveShellV2(stream, commandLine, options.shell)
        : (stream) => serveRawShell(stream, commandLine, options.shell, false);
    }
    if (service === 'sync:' && options.files) {
      const files = options.files;
      return (stream) => serveSync(stream, files);
    }
    if (service === 'framebuffer:') return (stream) => serveFramebuffer(stream, options.shell);
    if (service === 'root:' || service === 'unroot:') return (stream) => serveRoot(stream, service);
    if (service === 'remount:') return serveRemount;
    if (service === 'track-jdwp') return serveTrackJdwp;
    const reverse = options.reverse;
    if (service.startsWith('reverse:') && reverse) {
      const request = service.slice('reverse:'.length);
      return (stream) => reverse.serve(stream, request);
    }
    const tcp = /^tcp:(?:(localhost|127\.0\.0\.1):)?(\d{1,5})$/.exec(service);
    if (tcp) {
      // Nothing listening (or another host): refused, as a connect() to a closed port is.
      const handler = options.tcpServers?.get(Number(tcp[2]));
      return handler ? (stream) => handler(stream) : undefined;
    }
    if (service.startsWith('localabstract:')) {
      const handler = options.abstractSockets.get(service.slice('localabstract:'.length));
      return handler ? (stream) => handler(stream) : undefined;
    }
    return undefined;
  };
}
