// Electron IPC: one handler per console channel (sender checked, input re-validated) and events to the window.
// Plain functions over ipcMain-like objects, so tests never load electron.
import {
  CONSOLE_CHANNELS,
  type ApiResult,
  type ConsoleApi,
  type ConsoleChannel,
} from '../../shared/api/contract';
import { fail } from '../../shared/errors';
import { dispatchChannel } from '../api/dispatch';
import type { ConsoleEventBus } from '../api/events';

/** The part of IpcMainInvokeEvent the check reads; a destroyed frame is null. */
export interface IpcInvokeEvent {
  senderFrame: { url: string } | null;
}

/** The part of Electron's ipcMain that registration uses. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcInvokeEvent, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** The part of WebContents that receives events. */
export interface WebContentsLike {
  send(channel: string, payload: unknown): void;
  isDestroyed(): boolean;
}

export interface IpcRegistration {
  api: ConsoleApi;
  /** True for the URL of a frame allowed to call the API (see trustedRendererUrl). */
  isTrustedSender: (url: string) => boolean;
  onError?: (error: unknown, channel: ConsoleChannel) => void;
}

function forbidden(channel: ConsoleChannel, url: string | undefined): ApiResult<never> {
  return fail(
    'FORBIDDEN',
    `${channel} was called from a page that is not the console (${url ?? 'a closed frame'}).`,
    {
      channel,
    },
  );
}

/** Registers a handler for every channel; returns the function that removes them all. */
export function registerConsoleIpc(ipcMain: IpcMainLike, registration: IpcRegistration): () => void {
  for (const channel of CONSOLE_CHANNELS) {
    ipcMain.handle(channel, async (event, input) => {
      const url = event.senderFrame?.url;
      if (url === undefined || !registration.isTrustedSender(url)) return forbidden(channel, url);
      return dispatchChannel(registration.api, channel, input, registration.onError);
    });
  }
  return () => {
    for (const channel of CONSOLE_CHANNELS) ipcMain.removeHandler(channel);
  };
}

/** Sends every console event to the window's page under its own name; returns the unsubscribe function. */
export function forwardConsoleEvents(
  events: ConsoleEventBus,
  target: () => WebContentsLike | undefined,
): () => void {
  return events.subscribe(
    ({ event, payload }) => {
      const contents = target();
      if (contents !== undefined && !contents.isDestroyed()) contents.send(event, payload);
    },
    () => (target()?.isDestroyed() === false ? 1 : 0),
  );
}
