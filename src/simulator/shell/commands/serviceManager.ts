import { failWith, type CommandContext } from '../commandTable';
import { dumpsysServices } from './dumpsys';
import { cmdServices } from './services';

// `service` (/system/bin/service): servicemanager's list and lookups as `service list` and `service check NAME` print
// them. The names are the binder services this device's dumpsys and cmd front ends answer for; each carries the AIDL
// interface descriptor a real Android registers it with (empty `[]` for native dump-only services).

const DESCRIPTORS: Record<string, string> = {
  SurfaceFlinger: 'android.ui.ISurfaceComposer',
  activity: 'android.app.IActivityManager',
  alarm: 'android.app.IAlarmManager',
  appops: 'com.android.internal.app.IAppOpsService',
  battery: '',
  batterystats: 'com.android.internal.app.IBatteryStats',
  connectivity: 'android.net.IConnectivityManager',
  deviceidle: 'android.os.IDeviceIdleController',
  display: 'android.hardware.display.IDisplayManager',
  dropbox: 'com.android.internal.os.IDropBoxManagerService',
  ethernet: 'android.net.IEthernetManager',
  gfxinfo: '',
  input: 'android.hardware.input.IInputManager',
  input_method: 'com.android.internal.view.IInputMethodManager',
  jobscheduler: 'android.app.job.IJobScheduler',
  location: 'android.location.ILocationManager',
  meminfo: '',
  netstats: 'android.net.INetworkStatsService',
  notification: 'android.app.INotificationManager',
  package: 'android.content.pm.IPackageManager',
  power: 'android.os.IPowerManager',
  settings: '',
  statusbar: 'com.android.internal.statusbar.IStatusBarService',
  thermalservice: 'android.os.IThermalService',
  usagestats: 'android.app.usage.IUsageStatsManager',
  wifi: 'android.net.wifi.IWifiManager',
  window: 'android.view.IWindowManager',
};

const USAGE =
  'Usage: service [-h|-?]\n       service list\n       service check SERVICE\n       service call SERVICE CODE [i32 N | i64 N | f N | d N | s16 STR | null | fd f | nfd n | afd f ] ...\nOptions:\n   i32: Write the 32-bit integer N into the send parcel.\n   s16: Write the UTF-16 string STR into the send parcel.\n';

/** Registered names in servicemanager's order (byte-wise sorted, so capitalised names come first). */
function registered(context: CommandContext): string[] {
  const state = context.device.state;
  const names = new Set([...dumpsysServices(state), ...cmdServices(state.sdkLevel)]);
  return [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** `service list|check NAME`; `service call` needs real binder parcels and answers as a missing service would. */
export function service(context: CommandContext): number {
  const [verb, name] = context.args;
  if (verb === 'list') {
    const names = registered(context);
    context.stdout(
      `Found ${names.length} services:\n${names
        .map((entry, index) => `${index}\t${entry}: [${DESCRIPTORS[entry] ?? ''}]\n`)
        .join('')}`,
    );
    return 0;
  }
  if (verb === 'check' && name !== undefined) {
    context.stdout(`Service ${name}: ${registered(context).includes(name) ? 'found' : 'not found'}\n`);
    return 0;
  }
  if (verb === 'call' && name !== undefined) {
    if (!registered(context).includes(name))
      return failWith(context, `service: Service ${name} does not exist`, 10);
    return failWith(context, 'service: the simulated device has no binder: call is not supported', 10);
  }
  return failWith(context, USAGE.trimEnd(), verb === '-h' || verb === '-?' ? 0 : 10);
}
