// Where the console keeps its settings and presets (and, under ANDROPERATOR_HOME, its evidence too).
import { posix, win32 } from 'node:path';
import { defaultEvidenceDirectory } from '../evidence/directory';

const APP_FOLDER = 'androperator';

/** Overrides every per-user location at once (tests, portable installs); must be absolute. */
export const HOME_ENV = 'ANDROPERATOR_HOME';

type Env = Readonly<Record<string, string | undefined>>;

function homeOverride(env: Env, platform: string): string | undefined {
  const value = env[HOME_ENV];
  if (value === undefined || value === '') return undefined;
  const absolute = platform === 'win32' ? win32.isAbsolute(value) : posix.isAbsolute(value);
  return absolute ? value : undefined;
}

/**
 * $ANDROPERATOR_HOME when absolute; else `<config>/androperator`: $XDG_CONFIG_HOME (absolute) or ~/.config on
 * Linux and other Unixes, ~/Library/Application Support on macOS, %APPDATA% (or ~\AppData\Roaming) on Windows.
 */
export function userDataDirectory(env: Env, platform: string, homedir: string): string {
  const override = homeOverride(env, platform);
  if (override !== undefined) return override;
  if (platform === 'win32') {
    const appData = env['APPDATA'];
    const base =
      appData !== undefined && win32.isAbsolute(appData)
        ? appData
        : win32.join(homedir, 'AppData', 'Roaming');
    return win32.join(base, APP_FOLDER);
  }
  if (platform === 'darwin') return posix.join(homedir, 'Library', 'Application Support', APP_FOLDER);
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const xdg = env['XDG_CONFIG_HOME'];
  const base = xdg !== undefined && posix.isAbsolute(xdg) ? xdg : posix.join(homedir, '.config');
  return posix.join(base, APP_FOLDER);
}

/** `$ANDROPERATOR_HOME/evidence` when that is set, else the evidence store's platform default. */
export function consoleEvidenceDirectory(env: Env, platform: string, homedir: string): string {
  const override = homeOverride(env, platform);
  if (override === undefined) return defaultEvidenceDirectory({ ...env }, platform, homedir);
  return platform === 'win32' ? win32.join(override, 'evidence') : posix.join(override, 'evidence');
}
