import type { PackageInfo } from '../../device/state';
import { appUid } from '../../device/systemDefaults';
import { systemStateOf } from '../../device/systemState';
import { failWith, type CommandContext } from '../commandTable';
import { install } from './pmInstall';

// `pm` is a `cmd package` front end: usage errors exit 255 (Java's -1).
const USAGE_STATUS = 255;

/** `pm list packages|features`, `pm path`, `pm install`, `pm clear`, `pm uninstall`, `pm grant|revoke`. */
export function pm(context: CommandContext): number | Promise<number> {
  const [subcommand, ...rest] = context.args;
  switch (subcommand) {
    case 'list':
      return list(context, rest);
    case 'path':
      return path(context, rest);
    case 'install':
      return install(context, rest);
    case 'clear':
      return clear(context, rest);
    case 'uninstall':
      return uninstall(context, rest);
    case 'grant':
    case 'revoke':
      return changePermission(context, subcommand, rest);
    default:
      return failWith(
        context,
        subcommand === undefined
          ? 'usage: pm [list|path|install|clear|uninstall|grant|revoke] ...'
          : `Unknown command: ${subcommand}`,
        USAGE_STATUS,
      );
  }
}

function list(context: CommandContext, args: readonly string[]): number {
  const [what, ...rest] = args;
  if (what === 'features') {
    context.stdout(context.device.state.features.map((feature) => `feature:${feature}\n`).join(''));
    return 0;
  }
  if (what === 'packages') return listPackages(context, rest);
  return failWith(context, `Error: unknown list type '${what ?? ''}'`, USAGE_STATUS);
}

/** Options: -f (apk path), -3 (third party), -s (system), -d/-e/-u/-i/-U (accepted), --show-versioncode, --user N; a substring filter. */
function listPackages(context: CommandContext, args: readonly string[]): number {
  const options = new Set<string>();
  let filter: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index] as string;
    if (argument === '--show-versioncode') options.add('versioncode');
    else if (argument === '--user') index += 1;
    else if (/^-[f3sdeiuU]+$/.test(argument)) for (const flag of argument.slice(1)) options.add(flag);
    else if (argument.startsWith('-'))
      return failWith(context, `Error: Unknown option: ${argument}`, USAGE_STATUS);
    else filter = argument;
  }
  const selected = context.device.state
    .listPackages()
    .filter((info) => (!options.has('3') || !info.system) && (!options.has('s') || info.system))
    .filter((info) => filter === undefined || info.packageName.includes(filter))
    .sort((a, b) => (a.packageName < b.packageName ? -1 : 1));
  context.stdout(
    selected
      .map(
        (info) =>
          `${packageLine(info, options)}${options.has('U') ? ` uid:${appUid(context.device.state, info.packageName)}` : ''}\n`,
      )
      .join(''),
  );
  return 0;
}

function packageLine(info: PackageInfo, options: ReadonlySet<string>): string {
  const name = options.has('f') ? `${info.apkPath}=${info.packageName}` : info.packageName;
  return `package:${name}${options.has('versioncode') ? ` versionCode:${info.versionCode}` : ''}`;
}

/** `pm path PKG`: `package:<apk>`; status 1 and no output when the package is missing. */
function path(context: CommandContext, args: readonly string[]): number {
  const packageName = args.find((argument) => !argument.startsWith('-') && !/^\d+$/.test(argument));
  if (packageName === undefined) return failWith(context, 'Error: no package specified', USAGE_STATUS);
  const info = context.device.state.getPackage(packageName);
  if (!info) return 1;
  context.stdout(`package:${info.apkPath}\n`);
  return 0;
}

function clear(context: CommandContext, args: readonly string[]): number {
  const [packageName] = args;
  if (packageName === undefined) return failWith(context, 'Error: no package specified', USAGE_STATUS);
  if (!context.device.state.getPackage(packageName)) {
    context.stdout('Failed\n');
    return 1;
  }
  context.stdout('Success\n');
  return 0;
}

/** An exception `cmd package` reports: Android prints it on stderr and exits -1 (255). */
function exception(context: CommandContext, verb: string, text: string): number {
  return failWith(context, `Exception occurred while executing '${verb}':\n${text}`, USAGE_STATUS);
}

/** `pm grant|revoke [--user N] PKG PERMISSION`: only requested runtime permissions can change (silent on success). */
function changePermission(
  context: CommandContext,
  verb: 'grant' | 'revoke',
  args: readonly string[],
): number {
  const words = args.filter((argument, index) => argument !== '--user' && args[index - 1] !== '--user');
  const [packageName, permission] = words;
  if (packageName === undefined || permission === undefined)
    return failWith(context, 'Error: no package or permission specified', USAGE_STATUS);
  const system = systemStateOf(context.device.state);
  if (!context.device.state.getPackage(packageName))
    return exception(context, verb, `java.lang.IllegalArgumentException: Unknown package: ${packageName}`);
  const grant = system.permissions(packageName).find((entry) => entry.name === permission);
  if (!grant)
    return exception(
      context,
      verb,
      `java.lang.SecurityException: Package ${packageName} has not requested permission ${permission}`,
    );
  if (!grant.runtime)
    return exception(
      context,
      verb,
      `java.lang.SecurityException: Permission ${permission} requested by ${packageName} is not a changeable permission type`,
    );
  if (verb === 'grant') system.grantPermission(packageName, permission);
  else system.revokePermission(packageName, permission);
  return 0;
}

function uninstall(context: CommandContext, args: readonly string[]): number {
  const packageName = args.find((argument) => !argument.startsWith('-'));
  if (packageName === undefined) return failWith(context, 'Error: package name not specified', USAGE_STATUS);
  if (!context.device.state.uninstallPackage(packageName)) {
    context.stdout('Failure [DELETE_FAILED_INTERNAL_ERROR]\n');
    return 1;
  }
  context.stdout('Success\n');
  return 0;
}
