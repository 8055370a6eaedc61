// `dumpsys`: the dispatcher over the simulated system services (one module per service under dumpsys/). Which
// services exist depends on the API level, as on a device; a missing one answers `Can't find service: X` on stderr
// and status 0, as dumpsys does.
import type { DeviceState } from '../../device/state';
import { systemStateOf } from '../../device/systemState';
import type { CommandContext } from '../commandTable';
import { activityService } from './dumpsys/activity';
import { alarmService, jobSchedulerService, usageStatsService } from './dumpsys/background';
import { displayService } from './dumpsys/display';
import { dateTime, SEPARATOR } from './dumpsys/format';
import { gfxinfoService } from './dumpsys/gfxinfo';
import { inputMethodService, inputService } from './dumpsys/input';
import { meminfoService } from './dumpsys/meminfo';
import { connectivityService, ethernetService, netstatsService, wifiService } from './dumpsys/network';
import { dropboxService, notificationService } from './dumpsys/notification';
import { packageService } from './dumpsys/package';
import {
  batteryService,
  batteryStatsService,
  deviceIdleService,
  powerService,
  thermalService,
} from './dumpsys/power';
import { surfaceFlingerService } from './dumpsys/surfaceFlinger';
import { windowService } from './dumpsys/window';

type DumpService = (state: DeviceState, args: readonly string[]) => string;

interface ServiceEntry {
  dump: DumpService;
  /** Present from this API level (or when `present` says so). */
  present: (state: DeviceState) => boolean;
}

const always = (): boolean => true;
const fromApi =
  (level: number) =>
  (state: DeviceState): boolean =>
    state.sdkLevel >= level;

// Ethernet is a connectivity-module service on every device from API 31; before, only devices with an interface.
const hasEthernet = (state: DeviceState): boolean =>
  state.sdkLevel >= 31 || systemStateOf(state).ethernet.interfaceName !== undefined;

const SERVICES: Record<string, ServiceEntry> = {
  SurfaceFlinger: { dump: surfaceFlingerService, present: always },
  activity: { dump: activityService, present: always },
  alarm: { dump: alarmService, present: always },
  battery: { dump: batteryService, present: always },
  batterystats: { dump: batteryStatsService, present: always },
  connectivity: { dump: connectivityService, present: always },
  deviceidle: { dump: deviceIdleService, present: fromApi(23) },
  display: { dump: (state) => displayService(state), present: always },
  dropbox: { dump: dropboxService, present: always },
  ethernet: { dump: (state) => ethernetService(state), present: hasEthernet },
  gfxinfo: { dump: gfxinfoService, present: always },
  input: { dump: (state) => inputService(state), present: always },
  input_method: { dump: (state) => inputMethodService(state), present: always },
  jobscheduler: { dump: (state) => jobSchedulerService(state), present: always },
  meminfo: { dump: meminfoService, present: always },
  netstats: { dump: netstatsService, present: always },
  notification: { dump: notificationService, present: always },
  package: { dump: packageService, present: always },
  power: { dump: (state) => powerService(state), present: always },
  thermalservice: { dump: (state) => thermalService(state), present: fromApi(29) },
  usagestats: { dump: (state) => usageStatsService(state), present: always },
  wifi: { dump: (state) => wifiService(state), present: always },
  window: { dump: windowService, present: always },
};

/** The services this device lists, sorted as servicemanager lists them. */
export function dumpsysServices(state: DeviceState): string[] {
  return Object.entries(SERVICES)
    .filter(([, entry]) => entry.present(state))
    .map(([name]) => name)
    .sort();
}

function serviceList(state: DeviceState): string {
  return `Currently running services:\n${dumpsysServices(state)
    .map((name) => `  ${name}\n`)
    .join('')}`;
}

/** `dumpsys` with no service: the list, then every service under a `DUMP OF SERVICE` header. */
function dumpAll(state: DeviceState): string {
  const parts = [serviceList(state)];
  for (const name of dumpsysServices(state)) {
    const text = SERVICES[name]?.dump(state, []) ?? '';
    parts.push(
      `${SEPARATOR}\nDUMP OF SERVICE ${name}:\n${text}--------- 0.012s was the duration of dumpsys ${name}, ending at: ${dateTime(state, state.now())}\n`,
    );
  }
  return parts.join('');
}

/** A dumpsys call whose stream the host closed while the fault's delay held its answer back. */
export interface DumpsysClosedEarly {
  /** The service asked for (`-l` or `(all)` for the list and the full dump). */
  service: string;
  /** Wall time the stream was closed, and how long the answer had waited by then. */
  atMs: number;
  waitedMs: number;
  delayMs: number;
}

const CLOSED_EARLY_LIMIT = 50;
const dumpsysDelays = new WeakMap<DeviceState, number>();
const closedEarlyLogs = new WeakMap<DeviceState, DumpsysClosedEarly[]>();

/** A slow dumpsys (simctl fault dumpsys delay MS): every answer waits MS before it is written. 0 clears it. */
export function setDumpsysDelay(state: DeviceState, delayMs: number): void {
  if (delayMs > 0) dumpsysDelays.set(state, delayMs);
  else dumpsysDelays.delete(state);
}

export function dumpsysDelayOf(state: DeviceState): number {
  return dumpsysDelays.get(state) ?? 0;
}

/** The delayed dumpsys calls the host gave up on, oldest first (the last CLOSED_EARLY_LIMIT). */
export function dumpsysClosedEarly(state: DeviceState): readonly DumpsysClosedEarly[] {
  return [...(closedEarlyLogs.get(state) ?? [])];
}

/** Waits the fault's delay; false when the host closed the stream first (recorded; nothing may be written). */
async function waitForDelay(context: CommandContext, service: string): Promise<boolean> {
  const { state } = context.device;
  const delayMs = dumpsysDelayOf(state);
  if (delayMs === 0) return true;
  const startedAt = Date.now();
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, delayMs);
    function done(): void {
      clearTimeout(timer);
      context.signal.removeEventListener('abort', done);
      resolve();
    }
    if (context.signal.aborted) done();
    else context.signal.addEventListener('abort', done);
  });
  if (!context.signal.aborted) return true;
  const log = closedEarlyLogs.get(state) ?? [];
  const atMs = Date.now();
  log.push({ service, atMs, waitedMs: atMs - startedAt, delayMs });
  closedEarlyLogs.set(state, log.slice(-CLOSED_EARLY_LIMIT));
  return false;
}

/** `dumpsys [-l] [-t SECONDS] [SERVICE [ARGS...]]`. */
export async function dumpsys(context: CommandContext): Promise<number> {
  const { state } = context.device;
  const args = [...context.args];
  while (args[0] === '-t' || args[0] === '-T') args.splice(0, 2);
  const [service, ...rest] = args;
  if (!(await waitForDelay(context, service ?? '(all)'))) return 1;
  if (service === '-l') {
    context.stdout(serviceList(state));
    return 0;
  }
  if (service === undefined) {
    context.stdout(dumpAll(state));
    return 0;
  }
  const entry = SERVICES[service];
  if (!entry?.present(state)) {
    context.stderr(`Can't find service: ${service}\n`);
    return 0;
  }
  context.stdout(entry.dump(state, rest));
  return 0;
}
