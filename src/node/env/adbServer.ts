// How the host finds adb, read from the environment the way adb itself reads it: one rule for the console, the CLI
// and the simulator launcher.

/** adb's own default server port. */
export const DEFAULT_ADB_PORT = 5037;

type Env = Readonly<Record<string, string | undefined>>;

/** A TCP port number 1..65535 from text (digits only, surrounding blanks allowed), or undefined. */
export function parsePort(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,5}$/.test(text.trim())) return undefined;
  const port = Number(text.trim());
  return port >= 1 && port <= 65535 ? port : undefined;
}

/** The local adb server port: ANDROID_ADB_SERVER_PORT when it is a valid port, else 5037. */
export function adbServerPort(env: Env): number {
  return parsePort(env.ANDROID_ADB_SERVER_PORT) ?? DEFAULT_ADB_PORT;
}

/** The adb binary: ANDROPERATOR_ADB when set, else `adb` from PATH. */
export function adbBinary(env: Env): string {
  const fromEnv = env.ANDROPERATOR_ADB?.trim();
  return fromEnv ? fromEnv : 'adb';
}
