import { processesOf } from '../../device/processes';
import { DEFAULT_INPUT_METHOD } from '../../device/stateDefaults';
import { standbyBucketOf } from '../../device/systemState';
import { failWith, type CommandContext, type CommandHandler } from '../commandTable';
import { am } from './am';
import { pm } from './pm';
import { settings } from './settings';
import { wm } from './wm';

// Binder-service front ends: `cmd SERVICE ...`, `cmd package resolve-activity`, appops, standby buckets, monkey, ime.

/** `cmd package resolve-activity [--brief] [-a ACTION] [-c CATEGORY] PKG`: the launchable activity. */
function resolveActivity(context: CommandContext, args: readonly string[]): number {
  const brief = args.includes('--brief');
  const packageName = args
    .filter(
      (argument, index) =>
        !argument.startsWith('-') && !['-a', '-c', '--user'].includes(args[index - 1] ?? ''),
    )
    .pop();
  const info = packageName === undefined ? undefined : context.device.state.getPackage(packageName);
  if (!info?.launchActivity) {
    context.stdout('No activity found\n');
    return 0;
  }
  const short = info.launchActivity.startsWith(`${info.packageName}.`)
    ? info.launchActivity.slice(info.packageName.length)
    : info.launchActivity;
  const header = 'priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\n';
  context.stdout(
    brief
      ? `${header}${info.packageName}/${short}\n`
      : `${header}  ActivityInfo:\n    name=${info.launchActivity}\n    packageName=${info.packageName}\n`,
  );
  return 0;
}

/** `cmd package ...`: pm's verbs plus resolve-activity. */
function packageService(context: CommandContext): number | Promise<number> {
  const [verb, ...rest] = context.args;
  if (verb === 'resolve-activity') return resolveActivity(context, rest);
  return pm(context);
}

/** `cmd appops get PKG`: the ops every app has defaults for. */
export function appops(context: CommandContext): number {
  const [verb, packageName] = context.args;
  if (verb !== 'get' || packageName === undefined)
    return failWith(context, 'usage: appops get <package> [op]', 255);
  if (!context.device.state.getPackage(packageName))
    return failWith(context, `Error: No UID for ${packageName} in user 0`, 255);
  context.stdout(
    'RUN_IN_BACKGROUND: allow\nRUN_ANY_IN_BACKGROUND: allow\nWAKE_LOCK: allow\nTOAST_WINDOW: allow\n',
  );
  return 0;
}

/**
 * `am get-standby-bucket PKG` (API 28+): the bucket systemState's standbyBucketOf gives. Before 28 the verb does not
 * exist: ActivityManagerShellCommand (26-27) prints `Unknown command:` on stdout and exits -1; Am.java (up to 25)
 * prints its usage and `Error: unknown command '...'` on stderr and exits 0.
 */
export function standbyBucket(context: CommandContext, packageName: string | undefined): number {
  const sdk = context.device.state.sdkLevel;
  if (sdk < 26)
    return failWith(
      context,
      "usage: am [subcommand] [options]\n\nError: unknown command 'get-standby-bucket'",
      0,
    );
  if (sdk < 28) {
    context.stdout('Unknown command: get-standby-bucket\n');
    return 255;
  }
  const bucket = packageName === undefined ? undefined : standbyBucketOf(context.device.state, packageName);
  if (bucket === undefined)
    // UsageStatsService refuses an unknown package; the shell command prints the exception (status -1).
    return failWith(
      context,
      `\nException occurred while executing 'get-standby-bucket':\njava.lang.IllegalArgumentException: Cannot get standby bucket for non existent package (${packageName ?? 'null'})`,
      255,
    );
  context.stdout(`${bucket}\n`);
  return 0;
}

/** `am get-standby-bucket PKG`, otherwise the `am` verbs. */
export function activityManager(context: CommandContext): number | Promise<number> {
  if (context.args[0] === 'get-standby-bucket') return standbyBucket(context, context.args[1]);
  return am(context);
}

/** `monkey -p PKG -c android.intent.category.LAUNCHER 1`: launches PKG's launcher activity, as one event. */
export function monkey(context: CommandContext): number {
  const packageIndex = context.args.indexOf('-p');
  const packageName = packageIndex >= 0 ? context.args[packageIndex + 1] : undefined;
  for (const argument of context.args) context.stdout(`  bash arg: ${argument}\n`);
  const { state } = context.device;
  const info = packageName === undefined ? undefined : state.getPackage(packageName);
  if (!info?.launchActivity) {
    context.stdout('** No activities found to run, monkey aborted.\n');
    return 252;
  }
  processesOf(state).start(info.packageName);
  state.setForeground({ packageName: info.packageName, activity: info.launchActivity });
  context.stdout(
    'Events injected: 1\n## Network stats: elapsed time=14ms (0ms mobile, 0ms wifi, 14ms not connected)\n',
  );
  return 0;
}

/** `ime list [-s] [-a]`, `ime enable|set ID`. */
export function ime(context: CommandContext): number {
  const [verb, ...rest] = context.args;
  const current = context.device.state.getSetting('secure', 'default_input_method') ?? DEFAULT_INPUT_METHOD;
  if (verb === 'list') {
    const [packageName = '', service = ''] = current.split('/');
    context.stdout(
      rest.includes('-s')
        ? `${current}\n`
        : `${current}:\n  mId=${current} mSettingsActivity=${packageName}${service.replace(/\.[^.]+$/, '.settings.SettingsActivity')}\n`,
    );
    return 0;
  }
  if ((verb === 'set' || verb === 'enable') && rest[0] !== undefined) {
    if (verb === 'set') context.device.state.putSetting('secure', 'default_input_method', rest[0]);
    context.stdout(`Input method ${rest[0]} ${verb === 'set' ? 'selected' : 'enabled'}\n`);
    return 0;
  }
  return failWith(context, 'usage: ime list|enable|set ...', 255);
}

/**
 * `cmd location is-location-enabled` prints `true`/`false` (secure `location_mode` not 0);
 * `set-location-enabled true|false` switches it (mode 3, high accuracy, or 0). The service exists from API 31.
 */
function location(context: CommandContext): number {
  const [verb, value] = context.args;
  const { state } = context.device;
  if (verb === 'is-location-enabled') {
    context.stdout(`${(state.getSetting('secure', 'location_mode') ?? '0') !== '0'}\n`);
    return 0;
  }
  if (verb === 'set-location-enabled' && (value === 'true' || value === 'false')) {
    state.putSetting('secure', 'location_mode', value === 'true' ? '3' : '0');
    return 0;
  }
  return failWith(
    context,
    'Location service commands:\n  help or -h\n  is-location-enabled [--user <USER_ID>]\n  set-location-enabled true|false [--user <USER_ID>]',
    255,
  );
}

const STATUSBAR_VERBS = new Set([
  'expand-notifications',
  'expand-settings',
  'collapse',
  'add-tile',
  'remove-tile',
  'click-tile',
  'get-status-icons',
  'send-disable-flag',
  'tracing',
]);

/** `cmd statusbar VERB`: shade and tile commands are accepted (the simulated screen draws no shade). */
function statusbar(context: CommandContext): number {
  const [verb] = context.args;
  if (verb === 'get-status-icons') {
    context.stdout(
      'Total 7 icons\n  slot (wifi)\n  slot (mobile)\n  slot (battery)\n  slot (clock)\n  slot (bluetooth)\n  slot (location)\n  slot (volume)\n',
    );
    return 0;
  }
  if (verb !== undefined && STATUSBAR_VERBS.has(verb)) return 0;
  return failWith(
    context,
    'usage: cmd statusbar [command]\n  expand-notifications\n  expand-settings\n  collapse\n  add-tile COMPONENT\n  remove-tile COMPONENT\n  click-tile COMPONENT\n  get-status-icons\n  send-disable-flag FLAG...',
    255,
  );
}

const SERVICES: Record<string, CommandHandler> = {
  package: packageService,
  activity: activityManager,
  window: wm,
  settings,
  appops,
  input_method: ime,
  location,
  statusbar,
};

/** The `cmd` services an Android version has (`cmd location` arrived in API 31). */
export function cmdServices(sdk: number): string[] {
  return Object.keys(SERVICES).filter((name) => name !== 'location' || sdk >= 31);
}

function available(context: CommandContext): string[] {
  return cmdServices(context.device.state.sdkLevel);
}

/** `cmd SERVICE ARGS...`; `cmd -l` lists services; an unknown one answers `cmd: Can't find service: X` (status 20). */
export function cmd(context: CommandContext): number | Promise<number> {
  const [service, ...args] = context.args;
  if (service === undefined || service === '-l') {
    context.stdout(`${available(context).sort().join('\n')}\n`);
    return 0;
  }
  const handler = available(context).includes(service) ? SERVICES[service] : undefined;
  if (!handler) return failWith(context, `cmd: Can't find service: ${service}`, 20);
  return handler({ ...context, name: service, args });
}
