// The per-user androperator home: the serve token, the daemon discovery file and managed screenshots live here.
import { isAbsolute, join } from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

/** Overrides the home (tests, portable installs); ignored unless absolute. */
export const ANDROPERATOR_HOME_ENV = 'ANDROPERATOR_HOME';

/** $ANDROPERATOR_HOME when absolute, else `~/.androperator`. */
export function androperatorHome(env: Env, homedir: string): string {
  const override = env[ANDROPERATOR_HOME_ENV];
  if (override !== undefined && override !== '' && isAbsolute(override)) return override;
  return join(homedir, '.androperator');
}

/** The discovery folder: one `<pid>-<port>.json` entry per running serve (or console). */
export function daemonDirectory(home: string): string {
  return join(home, 'daemons');
}

/** The serve token file. */
export function serveTokenPath(home: string): string {
  return join(home, 'serve-token');
}

/** Runtime-managed screenshots of `serve` and MCP. */
export function managedScreenshotDirectory(home: string): string {
  return join(home, 'screenshots');
}
