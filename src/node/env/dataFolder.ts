// The one place that says where androperator keeps its files: the per-user data folder (evidence, managed
// screenshots, the serve and console tokens, daemon discovery, the console's remembered address) and the config
// folder (settings, presets, remote adb servers). Every other module asks here; nothing else builds these paths.
import { join, posix, win32 } from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

/** Overrides both folders at once (tests, portable installs); ignored unless absolute. */
export const HOME_ENV = 'ANDROPERATOR_HOME';

const APP_FOLDER = 'androperator';
const DAEMONS_FOLDER = 'daemons';

/** Where the folders are computed from: the environment, the platform (process.platform) and the home directory. */
export interface FolderContext {
  env: Env;
  platform: string;
  homedir: string;
}

function pathsOf(platform: string): typeof posix {
  return platform === 'win32' ? win32 : posix;
}

function absoluteOrUndefined(value: string | undefined, platform: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  return pathsOf(platform).isAbsolute(value) ? value : undefined;
}

/** $ANDROPERATOR_HOME when set to an absolute path. */
export function homeOverride(context: FolderContext): string | undefined {
  return absoluteOrUndefined(context.env[HOME_ENV], context.platform);
}

/** %APPDATA%\androperator (or ~\AppData\Roaming\androperator) on Windows. */
function windowsFolder({ env, homedir }: FolderContext): string {
  const appData = absoluteOrUndefined(env['APPDATA'], 'win32');
  return win32.join(appData ?? win32.join(homedir, 'AppData', 'Roaming'), APP_FOLDER);
}

/** ~/Library/Application Support/androperator on macOS. */
function macFolder({ homedir }: FolderContext): string {
  return posix.join(homedir, 'Library', 'Application Support', APP_FOLDER);
}

/**
 * The data folder: $ANDROPERATOR_HOME; else $XDG_DATA_HOME/androperator (~/.local/share/androperator) on Linux and
 * other Unixes, ~/Library/Application Support/androperator on macOS, %APPDATA%\androperator on Windows.
 */
export function dataFolder(context: FolderContext): string {
  const override = homeOverride(context);
  if (override !== undefined) return override;
  if (context.platform === 'win32') return windowsFolder(context);
  if (context.platform === 'darwin') return macFolder(context);
  // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
  const xdg = absoluteOrUndefined(context.env['XDG_DATA_HOME'], context.platform);
  return posix.join(xdg ?? posix.join(context.homedir, '.local', 'share'), APP_FOLDER);
}

/**
 * The config folder (settings, presets, remote adb servers): $ANDROPERATOR_HOME; else $XDG_CONFIG_HOME/androperator
 * (~/.config/androperator) on Linux and other Unixes; the data folder itself on macOS and Windows.
 */
export function configFolder(context: FolderContext): string {
  const override = homeOverride(context);
  if (override !== undefined) return override;
  if (context.platform === 'win32') return windowsFolder(context);
  if (context.platform === 'darwin') return macFolder(context);
  const xdg = absoluteOrUndefined(context.env['XDG_CONFIG_HOME'], context.platform);
  return posix.join(xdg ?? posix.join(context.homedir, '.config'), APP_FOLDER);
}

/** The folder releases before the data folder used: ~/.androperator (migrated by migrateLegacyFolder). */
export function legacyFolder(context: Pick<FolderContext, 'platform' | 'homedir'>): string {
  return pathsOf(context.platform).join(context.homedir, '.androperator');
}

/** Every file and folder androperator keeps, for one context. */
export interface DataPaths {
  data: string;
  config: string;
  /** Console and CLI runs (run.json, PNGs). */
  evidence: string;
  /** Screenshots taken without a path by serve, MCP and the console's Serve routes. */
  screenshots: string;
  /** One `<pid>-<port>.json` per running serve or console, read by the CLI. */
  daemons: string;
  /** The bearer token of `androperator serve` (0600). */
  serveToken: string;
  /** The browser console's bearer token (0600), kept so its address stays the same across restarts. */
  consoleToken: string;
  /** The browser console's remembered port. */
  consoleState: string;
  /** Remote adb servers and whether each is enabled. */
  adbServers: string;
  /** System trace captures (start_system_trace): one 0700 `trace-<id>` folder each (src/main/traces). */
  systemTraces: string;
  /** Cross-process UI-writer leases, one lock file per device (src/main/ui/actions/uiLock.ts). */
  uiLeases: string;
}

export function dataPaths(context: FolderContext): DataPaths {
  const paths = pathsOf(context.platform);
  const data = dataFolder(context);
  const config = configFolder(context);
  const inData = (name: string): string => paths.join(data, name);
  return {
    data,
    config,
    evidence: inData('evidence'),
    screenshots: inData('screenshots'),
    daemons: inData(DAEMONS_FOLDER),
    serveToken: inData('serve-token'),
    consoleToken: inData('console-token'),
    consoleState: inData('console.json'),
    adbServers: paths.join(config, 'adb-servers.json'),
    systemTraces: inData('system-traces'),
    uiLeases: inData('ui-leases'),
  };
}

/** The paths of this process (process.env, process.platform and the given home directory). */
export function processDataPaths(homedir: string, env: Env = process.env): DataPaths {
  return dataPaths({ env, platform: process.platform, homedir });
}

/** The discovery folder inside a data folder of this machine (what DataPaths.daemons holds). */
export function daemonDirectory(data: string): string {
  return join(data, DAEMONS_FOLDER);
}
