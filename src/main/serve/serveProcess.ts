// `androperator serve` as a process: start, announce, run until SIGINT/SIGTERM, then close cleanly.
import { ok, type Result } from '../../shared/errors';
import { startServe, type StartServeOptions } from './startServe';

/** What `serve` prints on stdout (one JSON line) once it listens. */
export interface ServeListening {
  url: string;
  /** Null when the token was given with --token. */
  tokenFile: string | null;
}

/**
 * Starts the Serve API, reports it through `onListening`, and shows a newly created token once through `notice`
 * (stderr). Resolves after the first SIGINT or SIGTERM, once the server, hub and discovery file are gone.
 */
export async function runServeUntilSignal(
  options: StartServeOptions,
  onListening: (listening: ServeListening) => void,
  notice: (message: string) => void,
): Promise<Result<{ stopped: true }>> {
  const started = await startServe(options);
  if (!started.ok) return started;
  const serve = started.value;
  // Handlers first: a supervisor may signal as soon as it reads the announcement.
  const stopped = new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  if (serve.tokenCreated && serve.tokenFile !== null) {
    notice(`created a new token in ${serve.tokenFile} (shown only now): ${serve.token}`);
  }
  onListening({ url: serve.url, tokenFile: serve.tokenFile });
  await stopped;
  await serve.close();
  return ok({ stopped: true });
}
