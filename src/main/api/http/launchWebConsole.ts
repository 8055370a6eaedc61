// Everything `npm run web` does short of process signals: flags, services, server, the one line with the address.
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { fail, ok, type Result } from '../../../shared/errors';
import { createConsoleServices, type ConsoleServices, type ConsoleServicesOptions } from '../services';
import { startWebConsole } from './webConsole';
import { homedir } from 'node:os';
import { removeDiscovery, writeDiscovery } from '../../daemon/discovery';
import { androperatorHome, managedScreenshotDirectory } from '../../daemon/home';
import { parseWebFlags, WEB_USAGE } from './webFlags';

export interface LaunchWebConsoleOptions {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  /** The built renderer; omitted, only the API is served. */
  staticDirectory?: string;
  /** stdout: the address line (or the help text). */
  print: (line: string) => void;
  /** stderr: everything else. */
  log: (message: string) => void;
  /** Extra service options (tests tune the hub's poll interval). */
  services?: Omit<ConsoleServicesOptions, 'shell' | 'env' | 'simulator' | 'log'>;
}

export interface RunningWebConsole {
  url: string;
  services: ConsoleServices;
  /** Closes the server, stops the simulated phone and the hub. */
  close(): Promise<void>;
}

/** The running console, 'help' after printing the usage, or the error that stopped it from starting. */
export async function launchWebConsole(
  options: LaunchWebConsoleOptions,
): Promise<Result<RunningWebConsole | 'help'>> {
  const flags = parseWebFlags(options.argv);
  if (!flags.ok) return flags;
  if (flags.value.help) {
    options.print(WEB_USAGE);
    return ok('help');
  }
  if (options.staticDirectory !== undefined) {
    const index = join(options.staticDirectory, 'index.html');
    const built = await access(index).then(
      () => true,
      () => false,
    );
    if (!built)
      return fail(
        'FILE_NOT_FOUND',
        `The console's web page is not built (${index} is missing).`,
        { path: index },
        'Run npm run build first (npm run web does).',
      );
  }
  const services = await createConsoleServices({
    ...options.services,
    shell: 'web',
    env: options.env,
    simulator: flags.value.simulator,
    log: options.log,
  });
  const daemonHome = androperatorHome(options.env, homedir());
  const web = await startWebConsole({
    services,
    screenshotDirectory: managedScreenshotDirectory(daemonHome),
    host: flags.value.host,
    port: flags.value.port,
    ...(options.staticDirectory === undefined ? {} : { staticDirectory: options.staticDirectory }),
    log: options.log,
  });
  if (!web.ok) {
    await services.close();
    return web;
  }
  await services.start();
  const url = web.value.url;
  // Registered as a daemon: `androperator on-screen-log` and `exec` then run through this console.
  const record = {
    url: web.value.server.url,
    token: web.value.token,
    pid: process.pid,
    version: services.version,
    startedAt: new Date().toISOString(),
  };
  const registered = await writeDiscovery(daemonHome, record);
  if (!registered.ok) options.log?.(`Not registered for the CLI: ${registered.error.message}`);
  options.print(flags.value.json ? JSON.stringify({ url }) : `androperator console: ${url}`);
  let closed: Promise<void> | undefined;
  return ok({
    url,
    services,
    close: () => {
      closed ??= (async () => {
        if (registered.ok) await removeDiscovery(daemonHome, record);
        await web.value.close();
        await services.close();
      })();
      return closed;
    },
  });
}
