// Server-sent events: one hub per server, fan-out of JSON events, keep-alive pings, slow clients dropped.
import type { ServerResponse } from 'node:http';
import type { SseEvent } from './types';
import { securityHeaders } from './respond';

/** First event on every stream (reference §6). */
export const CONNECTED_EVENT: SseEvent = {
  event: 'heartbeat',
  data: { code: 'CONNECTED', message: 'Androperator SSE stream active' },
};

const EVENT_NAME = /^[A-Za-z0-9_.:-]{1,128}$/;

/** True for names that cannot break the SSE framing (no CR/LF/colon-space tricks, no blanks). */
export function isValidEventName(name: string): boolean {
  return EVENT_NAME.test(name);
}

/** One event in wire format. JSON.stringify escapes newlines, so the data always fits on one `data:` line. */
export function formatSseEvent(event: string, data: unknown): string {
  if (!isValidEventName(event)) throw new RangeError(`Invalid SSE event name: ${JSON.stringify(event)}`);
  return `event: ${event}\ndata: ${JSON.stringify(data) ?? 'null'}\n\n`;
}

export interface SseHubOptions {
  pingIntervalMs: number;
  /** A client whose unsent output grows beyond this is disconnected instead of buffered without bound. */
  maxBufferedBytes: number;
}

export interface SseHub {
  /** Turns `response` into a stream: headers, the CONNECTED heartbeat, then `initialEvents`. */
  attach(response: ServerResponse, initialEvents: readonly SseEvent[]): void;
  /** Writes the event to every client; returns how many received it. Throws RangeError on a bad event name. */
  broadcast(event: string, data: unknown): number;
  count(): number;
  /** Ends every stream and closes its connection (used at shutdown). */
  close(): void;
}

export function createSseHub(options: SseHubOptions): SseHub {
  const clients = new Set<ServerResponse>();
  let timer: NodeJS.Timeout | undefined;

  const drop = (client: ServerResponse): void => {
    clients.delete(client);
    if (clients.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  const write = (client: ServerResponse, text: string): boolean => {
    if (client.destroyed || client.writableEnded) {
      drop(client);
      return false;
    }
    client.write(text);
    if (client.writableLength > options.maxBufferedBytes) {
      drop(client);
      client.destroy();
      return false;
    }
    return true;
  };
  const ping = (): void => {
    for (const client of [...clients]) write(client, ': ping\n\n');
  };

  return {
    attach(response, initialEvents) {
      response.writeHead(200, {
        ...securityHeaders(false),
        'Content-Type': 'text/event-stream; charset=utf-8',
        Connection: 'keep-alive',
      });
      response.socket?.setTimeout(0);
      response.socket?.setNoDelay(true);
      clients.add(response);
      response.on('close', () => drop(response));
      if (timer === undefined) {
        timer = setInterval(ping, options.pingIntervalMs);
        // The server's own handle keeps the process alive; the ping timer must never be the reason it lingers.
        timer.unref();
      }
      write(response, formatSseEvent(CONNECTED_EVENT.event, CONNECTED_EVENT.data));
      for (const event of initialEvents) write(response, formatSseEvent(event.event, event.data));
    },
    broadcast(event, data) {
      const text = formatSseEvent(event, data);
      let delivered = 0;
      for (const client of [...clients]) if (write(client, text)) delivered += 1;
      return delivered;
    },
    count: () => clients.size,
    close() {
      for (const client of [...clients]) {
        drop(client);
        // The socket is captured first: the response detaches from it once finished.
        const socket = client.socket;
        client.end(() => socket?.destroy());
      }
    },
  };
}
