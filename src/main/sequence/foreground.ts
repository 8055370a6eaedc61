// The foreground app as the host sees it right after a held capture: `dumpsys activity activities` for the resumed
// activity, then `dumpsys package <pkg>` for its version (inspect_android_app's reads and parsers). A host
// observation at capture time, labelled as such; it never fails, a failed read says why.
import type { HostForegroundObservation } from '../../shared/api/evidence';
import { shellQuote } from '../../shared/android/shellQuote';
import type { AdbClient } from '../../node/adb/adbkit';
import { runDeviceCommand } from '../../node/adb/deviceCommand';
import { ACTIVITIES_COMMAND } from '../diagnostics/app';
import { componentPackage, parseForegroundComponent, parsePackageInfo } from '../diagnostics/appParse';

/** Both reads answer in well under a second on a device; a wedged one must not hold the run. */
export const FOREGROUND_TIMEOUT_MS = 5000;
/** The activity dump of a busy device runs to a few hundred KiB; the resumed line is near its top. */
const MAX_DUMP_BYTES = 512 * 1024;

/** Reads the foreground app and its version; `now` stamps when the host had the answer. */
export async function observeForeground(
  client: AdbClient,
  serial: string,
  now: () => Date = () => new Date(),
): Promise<HostForegroundObservation> {
  const options = { timeoutMs: FOREGROUND_TIMEOUT_MS, maxBytesPerStream: MAX_DUMP_BYTES };
  const failed = (code: string, message: string): HostForegroundObservation => ({
    source: 'host_dumpsys',
    observedAt: now().toISOString(),
    status: 'failed',
    error: { code, message },
  });
  const activities = await runDeviceCommand(client, serial, ACTIVITIES_COMMAND, options);
  if (!activities.ok) return failed(activities.error.code, activities.error.message);
  const component = parseForegroundComponent(activities.value.stdout);
  if (component === null)
    return failed(
      'ANDROID_COMMAND_FAILED',
      `${ACTIVITIES_COMMAND} named no resumed activity (${activities.value.status}): the screen may be locked or off.`,
    );
  const packageName = componentPackage(component);
  const dump = await runDeviceCommand(client, serial, `dumpsys package ${shellQuote(packageName)}`, options);
  const base = { source: 'host_dumpsys' as const, packageName, component };
  if (!dump.ok)
    return {
      ...base,
      observedAt: now().toISOString(),
      status: 'failed',
      error: {
        code: dump.error.code,
        message: `The version of ${packageName} was not read: ${dump.error.message}`,
      },
    };
  const facts = parsePackageInfo(dump.value.stdout);
  return {
    ...base,
    observedAt: now().toISOString(),
    status: 'observed',
    ...(facts.version_name === null ? {} : { versionName: facts.version_name }),
    ...(facts.version_code === null ? {} : { versionCode: String(facts.version_code) }),
  };
}
