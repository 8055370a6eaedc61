// Where evidence lives when the caller does not say: the platform's per-user data directory.
import { posix, win32 } from 'node:path';

const APP_FOLDER = 'androperator';
const EVIDENCE_FOLDER = 'evidence';

/**
 * `<user data>/androperator/evidence`: $XDG_DATA_HOME (absolute) or ~/.local/share on Linux and other Unixes,
 * ~/Library/Application Support on macOS, %APPDATA% (or ~\AppData\Roaming) on Windows.
 */
export function defaultEvidenceDirectory(
  env: Record<string, string | undefined>,
  platform: string,
  homedir: string,
): string {
  if (platform === 'win32') {
    const appData = env['APPDATA'];
    const base =
      appData !== undefined && win32.isAbsolute(appData)
        ? appData
        : win32.join(homedir, 'AppData', 'Roaming');
    return win32.join(base, APP_FOLDER, EVIDENCE_FOLDER);
  }
  if (platform === 'darwin')
    return posix.join(homedir, 'Library', 'Application Support', APP_FOLDER, EVIDENCE_FOLDER);
  // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
  const xdg = env['XDG_DATA_HOME'];
  const base = xdg !== undefined && posix.isAbsolute(xdg) ? xdg : posix.join(homedir, '.local', 'share');
  return posix.join(base, APP_FOLDER, EVIDENCE_FOLDER);
}
