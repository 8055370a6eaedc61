// A remote adb server the user added to the hub: its link, its on/off switch, the addresses that identify it, and
// the status the console shows for it.
import { createAdbClient } from '../../node/adb/adbkit';
import { remoteServerError } from './hubErrors';
import { ServerLink, type AdbServerStatus } from './serverLink';

export interface RemoteServer {
  link: ServerLink;
  enabled: boolean;
  identities: string[];
  /** Other addresses entered for it. */
  aliases: string[];
}

/** A remote server at `host:port`, named by `label` in errors and the list (not tracked yet). */
export function createRemoteServer(
  server: {
    label: string;
    host: string;
    port: number;
    identities: string[];
    enabled: boolean;
    aliases: readonly string[];
  },
  timeoutMs: number,
): RemoteServer {
  const { label, host, port } = server;
  const link = new ServerLink(
    label,
    createAdbClient({ host, port, startServer: false }),
    (error) => remoteServerError(error, label),
    timeoutMs,
  );
  return { link, enabled: server.enabled, identities: server.identities, aliases: [...server.aliases] };
}

/** Its status for the console: a switched-off server is kept but shows no devices and no tracking. */
export function remoteServerStatus(remote: RemoteServer): AdbServerStatus {
  const status = remote.link.status();
  const aliases = remote.aliases.length === 0 ? {} : { aliases: [...remote.aliases] };
  if (remote.enabled) return { ...status, enabled: true, ...aliases };
  return {
    server: status.server,
    host: status.host,
    port: status.port,
    tracking: false,
    deviceCount: 0,
    enabled: false,
    ...aliases,
  };
}
