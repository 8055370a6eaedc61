// Everything `npm run web` does short of process signals: flags, services, server, the one line with the address.
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { fail, ok, type Result } from '../../../shared/errors';
import { createConsoleServices, type ConsoleServices, type ConsoleServicesOptions } from '../services';
import { startWebConsole } from './webConsole';
import { homedir } from 'node:os';
import { openDataFolder, type DataPaths } from '../../../node/env/legacyMigration';
import { removeDiscovery, writeDiscovery } from '../../daemon/discovery';
import { readRememberedPort, rememberPort } from '../../http/rememberedPort';
import { generateToken, loadOrCreateToken } from '../../http/token';
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
  /** Where the data folder is looked for (default os.homedir()). */
  homedir?: string;
}

export interface RunningWebConsole {
  url: string;
  services: ConsoleServices;
  /** Closes the server, stops the simulated phone and the hub. */
  close(): Promise<void>;
}

/** The console's token, kept in the data folder so the printed address stays valid across restarts. */
async function consoleToken(paths: DataPaths, log: (message: string) => void): Promise<string> {
  const loaded = await loadOrCreateToken(paths.consoleToken);
  if (loaded.ok) return loaded.value.token;
  log(`${loaded.error.message}: using a token for this start only, so an open tab must be reopened`);
  return generateToken();
}

/** The address on its own line between blank lines, so it stands out in the build output above it. */
export function addressBanner(url: string): string {
  return [
    '',
    'androperator console is running. Open this address in your browser:',
    '',
    `    ${url}`,
    '',
  ].join('\n');
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
  const home = options.homedir ?? homedir();
  const paths = await openDataFolder(
    { env: options.env, platform: process.platform, homedir: home },
    options.log,
  );
  const services = await createConsoleServices({
    ...options.services,
    shell: 'web',
    env: options.env,
    homedir: home,
    simulator: flags.value.simulator,
    log: options.log,
  });
  const token = await consoleToken(paths, options.log);
  const remembered =
    flags.value.port === undefined ? await readRememberedPort(paths.consoleState) : undefined;
  const start = (port: number) =>
    startWebConsole({
      services,
      screenshotDirectory: paths.screenshots,
      host: flags.value.host,
      port,
      token,
      tokenLocation: `the address the console printed at start (its token is kept in ${paths.consoleToken})`,
      ...(options.staticDirectory === undefined ? {} : { staticDirectory: options.staticDirectory }),
      log: options.log,
    });
  let web = await start(flags.value.port ?? remembered ?? 0);
  if (!web.ok && remembered !== undefined && web.error.code === 'LISTEN_FAILED') {
    options.log(
      `port ${remembered} of the last start is taken (${String(web.error.details?.cause)}): using a free port, so the address changed`,
    );
    web = await start(0);
  }
  if (!web.ok) {
    await services.close();
    return web;
  }
  const saved = await rememberPort(paths.consoleState, web.value.server.port);
  if (!saved.ok) options.log(`the port is not remembered for the next start: ${saved.error.message}`);
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
  const registered = await writeDiscovery(paths.data, record);
  if (!registered.ok) options.log?.(`Not registered for the CLI: ${registered.error.message}`);
  options.print(flags.value.json ? JSON.stringify({ url }) : addressBanner(url));
  let closed: Promise<void> | undefined;
  return ok({
    url,
    services,
    close: () => {
      closed ??= (async () => {
        if (registered.ok) await removeDiscovery(paths.data, record);
        await web.value.close();
        await services.close();
      })();
      return closed;
    },
  });
}
