// inspect_android_app: the foreground (or a chosen) package's activity, memory, version, install times, permissions,
// process and storage, from the reference's five commands run concurrently (reference section 2).
import { fail, ok } from '../../shared/errors';
import { APP_ARGUMENTS } from '../../shared/android/inspectArguments';
import { isPackageName } from '../../shared/android/packageName';
import { shellQuote } from '../../shared/android/shellQuote';
import { commandFailure } from '../android/outcome';
import { defineTool } from '../android/tool';
import {
  componentPackage,
  parseApkPaths,
  parseForegroundComponent,
  parseMemoryTotals,
  parsePackageInfo,
  parsePid,
  parseStorageLines,
} from './appParse';
import { runSections, sectionsTimedOut, type ProbeSection } from './sections';

export const ACTIVITIES_COMMAND = 'dumpsys activity activities';

export const APP_CAVEATS = [
  'status is complete when the activity, memory, package and process commands exited 0 and the version parsed; the storage command does not count (du exits non-zero as shell without root)',
  'storage_kb_lines come from du over the app data directories, which adb shell (uid 2000) may not read without root: empty lines mean unreadable, not empty',
  'pid and process rows are the current main process only; a restarted or child process may differ',
];

/** The per-package commands, every value single-quoted. */
export function appCommands(
  packageName: string,
): Record<'memory' | 'package_info' | 'process' | 'storage', string> {
  const name = shellQuote(packageName);
  return {
    memory: `dumpsys meminfo ${name}`,
    package_info: `dumpsys package ${name}`,
    process: `pidof ${name}; top -b -n 1 | grep -F ${name} | head -n 5`,
    storage: `pm path ${name}; du -sk ${shellQuote(`/data/user/0/${packageName}`)} ${shellQuote(`/data/data/${packageName}`)} 2>/dev/null`,
  };
}

/** complete when every counted command exited 0 and the package parsed; else partial (failures returned earlier). */
export function appStatus(
  activityStatus: ProbeSection['status'],
  sections: Readonly<Record<'memory' | 'package_info' | 'process', ProbeSection>>,
  versionParsed: boolean,
): 'complete' | 'partial' {
  const counted = [
    activityStatus,
    sections.memory.status,
    sections.package_info.status,
    sections.process.status,
  ];
  return versionParsed && counted.every((status) => status === 'complete') ? 'complete' : 'partial';
}

export const inspectAndroidApp = defineTool({
  name: 'inspect_android_app',
  cli: { command: 'android', verb: 'app' },
  description:
    'Inspects one app (default: the foreground app): foreground component, pid, version, install and update times, ' +
    'status complete or partial (a command exited non-zero or the package did not parse), ' +
    'granted permissions, PSS/RSS memory, APK paths and storage. Storage sizes need root (du); as shell they are usually empty.',
  risk: 'read_only',
  arguments: APP_ARGUMENTS,
  async run(context, args) {
    const activity = await context.run(ACTIVITIES_COMMAND);
    if (!activity.ok) return activity;
    const activityFailure = commandFailure(ACTIVITIES_COMMAND, activity.value);
    if (activityFailure && args.package === undefined) return activityFailure;
    const foreground = parseForegroundComponent(activity.value.stdout);
    const packageName = args.package ?? (foreground === null ? undefined : componentPackage(foreground));
    if (packageName === undefined)
      return fail(
        'NOT_FOUND',
        'inspect_android_app: no resumed activity in dumpsys activity activities (screen off or locked?): pass package',
      );
    if (!isPackageName(packageName))
      return fail(
        'ANDROID_COMMAND_FAILED',
        `inspect_android_app: foreground package ${JSON.stringify(packageName)} is not a package name`,
      );
    const ran = await runSections(context, appCommands(packageName));
    if (!ran.ok) return ran;
    const sections = ran.value;
    const timedOut = sectionsTimedOut(sections);
    if (timedOut) return timedOut;
    const apkPaths = parseApkPaths(sections.storage.stdout);
    if (apkPaths.length === 0)
      return fail(
        'NOT_FOUND',
        `inspect_android_app: package ${packageName} is not installed (pm path printed nothing)`,
        {
          package: packageName,
          stderr: sections.storage.stderr,
        },
      );
    const info = parsePackageInfo(sections.package_info.stdout);
    const memory = parseMemoryTotals(sections.memory.stdout);
    const { status: activityStatus, exit_code, stdout, stderr } = activity.value;
    return ok({
      kind: 'android_app',
      status: appStatus(activityStatus, sections, info.version_code !== null),
      package: packageName,
      foreground_component: foreground,
      is_foreground: foreground !== null && componentPackage(foreground) === packageName,
      summary: {
        pid: parsePid(sections.process.stdout),
        version_name: info.version_name,
        version_code: info.version_code,
        total_pss_kb: memory.total_pss_kb,
        total_rss_kb: memory.total_rss_kb,
        apk_paths: apkPaths,
        storage_kb_lines: parseStorageLines(sections.storage.stdout),
        first_install_time: info.first_install_time,
        last_update_time: info.last_update_time,
        requested_permissions: info.requested_permissions,
        granted_permissions: info.granted_permissions,
      },
      caveats: APP_CAVEATS,
      activity: { command: ACTIVITIES_COMMAND, status: activityStatus, exit_code, stdout, stderr },
      ...sections,
    });
  },
});
