// list_android_apps (`pm list packages -f -U [-3|-s] | head -n N`) and top_android_apps (`top -b -n 1 -m N -o
// PID,USER,RES,%MEM,%CPU,CMDLINE -s 3`), reference section 2.
import { ok } from '../../shared/errors';
import { LIST_APPS_ARGUMENTS, TOP_APPS_ARGUMENTS } from '../../shared/android/inspectArguments';
import { commandFailure } from '../android/outcome';
import { defineTool } from '../android/tool';
import { parsePackageRows, parseTopRows } from './appListParse';

const SCOPE_FLAG = { all: '', user: ' -3', system: ' -s' } as const;

export function listAppsCommand(scope: keyof typeof SCOPE_FLAG, limit: number): string {
  return `pm list packages -f -U${SCOPE_FLAG[scope]} | head -n ${String(limit)}`;
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
    const command = listAppsCommand(args.scope, args.limit);
    const result = await context.run(command);
    if (!result.ok) return result;
    const failure = commandFailure(command, result.value);
    if (failure) return failure;
    const packages = parsePackageRows(result.value.stdout);
    return ok({
      kind: 'android_apps',
      status: result.value.status,
      scope: args.scope,
      limit: args.limit,
      count: packages.length,
      limit_reached: packages.length >= args.limit,
      packages,
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
    return ok({
      kind: 'android_top',
      status: result.value.status,
      sort: 'resident_memory',
      count: rows.length,
      rows: rows.slice(0, args.limit),
      raw_header,
      command,
      stderr: result.value.stderr,
    });
  },
});
