// `pm install [-r] [-d] [-t] [-g] <path>`: installs an APK that was pushed to the device (the sync: service);
// `pm install -S <size>` (and `cmd package install -S <size>`, what `adb install` streams to over `exec:` or
// `abb_exec:`) reads the APK's bytes from the host's input instead.
import { readApkManifest } from '../../apk/axml';
import { filesOf } from '../../device/files';
import { failWith, type CommandContext } from '../commandTable';

const USAGE_STATUS = 255;
/** Flags pm accepts without a value; others (e.g. --user N, -i PKG) take one. */
const PLAIN_FLAGS = new Set(['-r', '-d', '-t', '-g', '-f', '-l', '-s', '--dont-kill', '--force-queryable']);
const VALUE_FLAGS = new Set(['--user', '-i', '--install-reason', '--originating-uri', '--referrer', '-p']);
/** The largest streamed APK the simulator accepts (a real device is bounded by its free storage). */
const MAX_STREAMED_BYTES = 512 * 1024 * 1024;

/** Prints `Success`, or `Failure [CODE...]` with status 1, as pm does. */
export function install(context: CommandContext, args: readonly string[]): number | Promise<number> {
  const flags = new Set<string>();
  let path: string | undefined;
  let size: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index] as string;
    if (argument === '-S') {
      size = args[index + 1];
      index += 1;
    } else if (VALUE_FLAGS.has(argument)) index += 1;
    else if (PLAIN_FLAGS.has(argument)) flags.add(argument);
    else if (argument.startsWith('-') && argument !== '-')
      return failWith(context, `Error: Unknown option: ${argument}`, USAGE_STATUS);
    else path = argument;
  }
  if (size !== undefined) return installStreamed(context, size, flags);
  if (path === undefined || path === '-')
    return failWith(context, 'Error: must either specify a package size or an APK file', 1);
  const file = filesOf(context.device.state).read(path);
  if (!file) return failure(context, `INSTALL_FAILED_INVALID_URI: Can't open file: ${path}`);
  return installBytes(context, file.data, path, flags);
}

/** `-S <size>`: exactly that many bytes from the host; fewer (the host closed early) fail as pm does. */
async function installStreamed(
  context: CommandContext,
  sizeText: string,
  flags: ReadonlySet<string>,
): Promise<number> {
  const size = /^\d+$/.test(sizeText) ? Number(sizeText) : Number.NaN;
  if (!Number.isSafeInteger(size) || size <= 0 || size > MAX_STREAMED_BYTES)
    return failWith(context, `Error: APK content size must be a positive number of bytes: ${sizeText}`, 1);
  if (!context.hostInput)
    return failure(context, 'INSTALL_FAILED_INVALID_APK: no APK content was streamed (nothing on stdin)');
  const data = await context.hostInput.read(size, context.signal);
  if (data.length < size)
    return failure(
      context,
      `INSTALL_FAILED_INVALID_APK: Failed to read ${size} bytes from stdin: got ${data.length}`,
    );
  return installBytes(context, data, 'base.apk', flags);
}

function installBytes(
  context: CommandContext,
  data: Buffer,
  path: string,
  flags: ReadonlySet<string>,
): number {
  const manifest = readApkManifest(data);
  if (!manifest)
    return failure(context, `INSTALL_PARSE_FAILED_NOT_APK: Failed to parse ${path}: not a valid APK`);
  const { state } = context.device;
  const existing = state.getPackage(manifest.packageName);
  if (existing && !flags.has('-r'))
    return failure(
      context,
      `INSTALL_FAILED_ALREADY_EXISTS: Attempt to re-install ${manifest.packageName} without first uninstalling.`,
    );
  if (existing && existing.versionCode > manifest.versionCode && !flags.has('-d'))
    return failure(
      context,
      `INSTALL_FAILED_VERSION_DOWNGRADE: Downgrade detected: Update version code ${manifest.versionCode} is older than current ${existing.versionCode}`,
    );
  state.installPackage({
    ...(existing ?? {}),
    packageName: manifest.packageName,
    versionCode: manifest.versionCode,
    ...(manifest.versionName === undefined ? {} : { versionName: manifest.versionName }),
    apkPath: `/data/app/${manifest.packageName}-1/base.apk`,
  });
  context.stdout('Success\n');
  return 0;
}

function failure(context: CommandContext, reason: string): number {
  context.stdout(`Failure [${reason}]\n`);
  return 1;
}
