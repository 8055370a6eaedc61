import type { DeviceState } from '../device/state';

// The state of one shell process: variables (and which are exported), `$?`, `$$`, `$0`, positional parameters,
// the working directory and the EXIT trap. `sh -c` gets a new one from the exported variables; `$(...)` and
// pipeline stages get a copy (a subshell).

interface Variable {
  value: string;
  exported: boolean;
}

/** Thrown by `exit` and `exec`; ends the shell process (or subshell) that catches it. */
export class ShellExit {
  constructor(readonly status: number) {}
}

const PATH =
  '/product/bin:/apex/com.android.runtime/bin:/apex/com.android.art/bin:/system_ext/bin:/system/bin:' +
  '/system/xbin:/odm/bin:/vendor/bin:/vendor/xbin';

/** What adbd's shell starts with on an API 35 device (uid shell). */
function deviceEnvironment(state: DeviceState): Record<string, string> {
  return {
    ANDROID_ASSETS: '/system/app',
    ANDROID_DATA: '/data',
    ANDROID_ROOT: '/system',
    ANDROID_STORAGE: '/storage',
    EXTERNAL_STORAGE: '/sdcard',
    HOME: '/',
    HOSTNAME: state.getProperty('ro.product.device') ?? 'localhost',
    LOGNAME: 'shell',
    PATH,
    SHELL: '/bin/sh',
    TMPDIR: '/data/local/tmp',
    USER: 'shell',
  };
}

// Why per device: `$$` must differ between shells of one device and grow like real pids.
const nextPidByState = new WeakMap<DeviceState, number>();

function allocatePid(state: DeviceState): number {
  const pid = nextPidByState.get(state) ?? 4_100;
  nextPidByState.set(state, pid + 7);
  return pid;
}

export class ShellState {
  status = 0;
  exitTrap: string | undefined;
  positional: string[] = [];
  private readonly variables = new Map<string, Variable>();

  private constructor(
    readonly pid: number,
    /** `$0`, also the prefix of the shell's own error messages. */
    readonly name: string,
  ) {}

  /** The login shell adbd starts for one service request. */
  static login(state: DeviceState): ShellState {
    const shell = new ShellState(allocatePid(state), '/system/bin/sh');
    for (const [name, value] of Object.entries(deviceEnvironment(state))) shell.set(name, value, true);
    shell.set('PWD', '/', true);
    return shell;
  }

  /** A child `sh` process: a new pid, only the exported variables (plus `extra`, e.g. `A=1 sh -c ...`). */
  child(state: DeviceState, name: string, extra: Record<string, string> = {}): ShellState {
    const shell = new ShellState(allocatePid(state), name);
    for (const [key, value] of Object.entries({ ...this.environment(), ...extra }))
      shell.set(key, value, true);
    return shell;
  }

  /** A subshell: same pid and variables, no EXIT trap; changes do not reach the parent. */
  subshell(): ShellState {
    const shell = new ShellState(this.pid, this.name);
    for (const [key, variable] of this.variables) shell.variables.set(key, { ...variable });
    shell.status = this.status;
    shell.positional = [...this.positional];
    return shell;
  }

  get(name: string): string | undefined {
    if (name === '?') return String(this.status);
    if (name === '$') return String(this.pid);
    if (name === '#') return String(this.positional.length);
    if (name === '0') return this.name;
    if (name === '@' || name === '*') return this.positional.join(' ');
    if (name === '-') return '';
    if (name === '!') return undefined;
    // mksh's RANDOM: a new value 0..32767 on every read (scripts use it for temporary file names).
    if (name === 'RANDOM' && !this.variables.has(name)) return String(Math.floor(Math.random() * 32768));
    if (/^[0-9]+$/.test(name)) return this.positional[Number(name) - 1];
    return this.variables.get(name)?.value;
  }

  /** Sets a variable; `exported` undefined keeps the current export flag. */
  set(name: string, value: string, exported?: boolean): void {
    const current = this.variables.get(name);
    this.variables.set(name, { value, exported: exported ?? current?.exported ?? false });
  }

  /** `export NAME` without a value: marks it (an unset name is exported once it gets a value). */
  markExported(name: string): void {
    const current = this.variables.get(name);
    if (current) current.exported = true;
    else this.variables.set(name, { value: '', exported: true });
  }

  unset(name: string): void {
    this.variables.delete(name);
  }

  /** Exported variables, as a command's environment. */
  environment(): Record<string, string> {
    const environment: Record<string, string> = {};
    for (const [name, variable] of [...this.variables].sort(([a], [b]) => (a < b ? -1 : 1)))
      if (variable.exported) environment[name] = variable.value;
    return environment;
  }

  get workingDirectory(): string {
    return this.get('PWD') || '/';
  }
}
