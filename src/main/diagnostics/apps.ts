// list_android_apps (`pm list packages -f -U [-3|-s] | head -n N`) and top_android_apps (`top -b -n 1 -m N -o
// PID,USER,RES,%MEM,%CPU,CMDLINE -s 3`), reference section 2. pm's exit status is lost in the pipe (head's is
// reported), so an `Error:` line on stderr with no package rows is the failure it would have been; pm before
// Android 8 has no `-U` (`Error: Unknown option: -U`): the list is read again without it, uids null.
import { fail, ok } from '../../shared/errors';
import type { CommandResult } from '../../node/adb/deviceCommand';
import { LIST_APPS_ARGUMENTS, TOP_APPS_ARGUMENTS } from '../../shared/android/inspectArguments';
import { commandFailure } from '../android/outcome';
import { defineTool } from '../android/tool';
import { parsePackageRows, parseTopRows } from './appListParse';

const SCOPE_FLAG = { all: '', user: ' -3', system: ' -s' } as const;

export function listAppsCommand(scope: keyof typeof SCOPE_FLAG, limit: number, uids = true): string {
  return `pm list packages -f${uids ? ' -U' : ''}${SCOPE_FLAG[scope]} | head -n ${String(limit)}`;
}

/** pm's `Error:` line (stderr) when it printed no package row: its status is lost behind `| head`. */
function pmError(result: CommandResult): string | undefined {
  if (/^package:/m.test(result.stdout)) return undefined;
  return /^Error: .*$/m.exec(result.stderr)?.[0];
}

export function topAppsCommand(limit: number): string {
  return `top -b -n 1 -m ${String(limit)} -o PID,USER,RES,%MEM,%CPU,CMDLINE -s 3`;
}

export const listAndroidApps = defineTool({
  name: 'list_android_apps',
  cli: { command: 'android', verb: 'apps' },
  description:
    'Lists installed packages with their APK path and uid: all, user-installed or system, at most limit (default 200).',
  risk: 'read_only',
  arguments: LIST_APPS_ARGUMENTS,
  async run(context, args) {
    let command = listAppsCommand(args.scope, args.limit);
    let result = await context.run(command);
    if (!result.ok) return result;
    const uidsSupported = pmError(result.value) !== 'Error: Unknown option: -U';
    if (!uidsSupported) {
      command = listAppsCommand(args.scope, args.limit, false);
      result = await context.run(command);
      if (!result.ok) return result;
    }
    const failure = commandFailure(command, result.value);
    if (failure) return failure;
    const error = pmError(result.value);
    if (error !== undefined)
      return fail('ANDROID_COMMAND_FAILED', `${command}: pm answered ${error}`, {
        command,
        status: 'failed',
        exit_code: result.value.exit_code,
        stderr: result.value.stderr,
        stdout: result.value.stdout.slice(0, 2048),
      });
    const packages = parsePackageRows(result.value.stdout);
    return ok({
      kind: 'android_apps',
      status: result.value.status,
      scope: args.scope,
      limit: args.limit,
      count: packages.length,
      limit_reached: packages.length >= args.limit,
      packages,
      uids_supported: uidsSupported,
      command,
      stderr: result.value.stderr,
    });
  },
});

export const topAndroidApps = defineTool({
  name: 'top_android_apps',
  cli: { command: 'android', verb: 'top' },
  description:
    'The processes using the most resident memory (one top snapshot), at most limit rows (default 10).',
  risk: 'read_only',
  arguments: TOP_APPS_ARGUMENTS,
  async run(context, args) {
    const command = topAppsCommand(args.limit);
    const result = await context.run(command);
    if (!result.ok) return result;
    const failure = commandFailure(command, result.value);
    if (failure) return failure;
    const { rows, raw_header } = parseTopRows(result.value.stdout);
    const kept = rows.slice(0, args.limit);
    return ok({
      kind: 'android_top',
      status: result.value.status,
      sort: 'resident_memory',
      count: kept.length,
      rows: kept,
      raw_header,
      command,
      stderr: result.value.stderr,
    });
  },
});
