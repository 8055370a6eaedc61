// The console API over HTTP: POST /api/<channel> with the input as JSON, GET /api/events as server-sent events.
import type { ConsoleApi } from '../../../shared/api/contract';
import type { DeviceInfo } from '../../../shared/api/devices';
import { fail } from '../../../shared/errors';
import type { Route, SseEvent } from '../../http/types';
import { dispatchChannel, isConsoleChannel } from '../dispatch';

export interface ConsoleRouteOptions {
  /** Sent to each new event stream first, so a page that connects late still has the device list. */
  lastDevices?: () => DeviceInfo[] | undefined;
  onError?: (error: unknown, channel: string) => void;
}

/** Every ApiResult answers 200 (errors are values); only an unknown channel is a 404. */
export function consoleRoutes(api: ConsoleApi, options: ConsoleRouteOptions = {}): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/events',
      handler: async () => {
        const devices = options.lastDevices?.();
        const initialEvents: SseEvent[] =
          devices === undefined ? [] : [{ event: 'devices:changed', data: devices }];
        return { status: 200, stream: { kind: 'sse', initialEvents } };
      },
    },
    {
      method: 'POST',
      path: '/api/:channel',
      handler: async (request) => {
        const channel = request.params['channel'] ?? '';
        if (!isConsoleChannel(channel))
          return {
            status: 404,
            json: fail('NOT_FOUND', `No console channel ${JSON.stringify(channel)}`, { channel }),
          };
        return { status: 200, json: await dispatchChannel(api, channel, request.body, options.onError) };
      },
    },
  ];
}
