// The console's services, composed once for both shells (Electron and the browser console): hub, stores, API, events.
import { homedir as osHomedir } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConsoleApi, ConsoleSettings } from '../../shared/api/contract';
import type { DeviceInfo } from '../../shared/api/devices';
import { version } from '../../../package.json';
import { createAdbClient } from '../../node/adb/adbkit';
import { adbBinary, adbServerPort } from '../../node/env/adbServer';
import { builtOperatorApk } from '../../node/env/builtApk';
import { dataPaths } from '../../node/env/dataFolder';
import { AppErrorException } from '../../shared/errors';
import { AdbHub, type AdbHubOptions } from '../devices/hub';
import { resolveHubConfig } from '../devices/hubConfig';
import { EvidenceStore } from '../evidence/evidenceStore';
import { watchRuns, type RunsWatcher } from '../evidence/watchRuns';
import { InFlightRegistry } from '../execution/inFlight';
import { createRobotoMeasurer } from '../../node/fonts/robotoMeasurer';
import { adbSequencePorts } from '../sequence/adbPorts';
import { createConsoleApi } from './consoleApi';
import { HeldRuns } from './heldRuns';
import { ConsoleApprover } from './consoleApprover';
import type { ConsoleRunners } from './dependencies';
import { ConsoleEventBus } from './events';
import { LogcatFollows } from './logcatApiFollows';
import { PresetsStore } from './presetsStore';
import { defaultSettings, SettingsStore } from './settingsStore';
import { SimulatedPhone, wantsSimulatedPhone } from './simulatedPhone';

export interface ConsoleServicesOptions {
  shell: 'electron' | 'web';
  /** Where ANDROPERATOR_HOME, ANDROID_ADB_SERVER_PORT, ANDROPERATOR_ADB... are read (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  platform?: string;
  homedir?: string;
  /** Settings and presets folder; default the config folder (src/node/env/dataFolder.ts). */
  userDataDirectory?: string;
  evidenceDirectory?: string;
  /** false (the --no-simulator flag): never start a simulated phone, whatever the setting says. */
  simulator?: boolean;
  /** Hub tuning (poll interval, timeouts); the adb port and binary still come from `env`. */
  hub?: Omit<AdbHubOptions, 'env' | 'operatorPackage'>;
  runners?: Partial<ConsoleRunners>;
  /** One line for the user (stderr in the browser console). */
  log?: (message: string) => void;
  /** Where to look for the checkout's built Operator APK from (default: this module's folder). */
  moduleDirectory?: string;
}

export interface ConsoleServices {
  api: ConsoleApi;
  events: ConsoleEventBus;
  hub: AdbHub;
  settings: SettingsStore;
  presets: PresetsStore;
  evidence: EvidenceStore;
  phone: SimulatedPhone;
  /** The process's one in-flight registry: console runs and Serve requests to one device exclude each other. */
  inFlight: InFlightRegistry;
  /** The approval dialog's main side: its prompts are refused when the console closes. */
  approvals: ConsoleApprover;
  /** The package version, for /version and daemon discovery. */
  version: string;
  userDataDirectory: string;
  /** The last list the hub reported, for a client that connects later. */
  lastDevices(): DeviceInfo[] | undefined;
  /** Starts device tracking, then the simulated phone when no device is online and the setting wants one. */
  start(): Promise<void>;
  /** Stops the simulated phone (detached and closed) and the hub. Idempotent. */
  close(): Promise<void>;
}

export async function createConsoleServices(options: ConsoleServicesOptions): Promise<ConsoleServices> {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const home = options.homedir ?? osHomedir();
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const paths = dataPaths({ env, platform, homedir: home });
  const dataDirectory = options.userDataDirectory ?? paths.config;
  const settings = await SettingsStore.open(dataDirectory, defaultSettings(env));
  const presets = await PresetsStore.open(dataDirectory);
  for (const problem of [settings.loadProblem, presets.loadProblem])
    if (problem !== undefined)
      log(`${problem.message} (using defaults; the file is kept aside on the next save)`);
  const evidenceDirectory = options.evidenceDirectory ?? paths.evidence;
  const evidence = new EvidenceStore(evidenceDirectory);
  const hubOptions: AdbHubOptions = {
    serversFile: paths.adbServers,
    ...options.hub,
    env,
    operatorPackage: settings.get().operatorPackage,
  };
  const created = AdbHub.create(hubOptions);
  // Why a throw: the settings store only ever holds a valid package name, so a refusal here is a bug.
  if (!created.ok) throw new AppErrorException(created.error);
  const hub = created.value;
  const config = resolveHubConfig(hubOptions);
  // AdbHub.create already accepted these options, so the config is valid.
  const adb = config.ok ? config.value : { localPort: adbServerPort(env), adbBinary: adbBinary(env) };
  const phone = new SimulatedPhone({
    adbPort: adb.localPort,
    adbBinary: adb.adbBinary,
    operatorPackage: () => settings.get().operatorPackage,
  });
  const allowed = options.simulator !== false;
  const events = new ConsoleEventBus();

  const startPhoneIfWanted = async (devices: readonly DeviceInfo[]): Promise<void> => {
    if (!wantsSimulatedPhone(devices, settings.get(), allowed)) return;
    const started = await phone.start();
    if (started.ok)
      log(`No device connected: started simulated phone ${started.value.serial} (${started.value.model}).`);
    else log(`Could not start a simulated phone: ${started.error.message}`);
  };

  const onSettingsChanged = async (next: ConsoleSettings, previous: ConsoleSettings): Promise<void> => {
    if (!next.simulatorWhenNoDevice) await phone.stop();
    else if (!previous.simulatorWhenNoDevice) {
      const listed = await hub.list();
      await startPhoneIfWanted(listed.ok ? listed.value : []);
    }
    if (next.operatorPackage !== previous.operatorPackage) await phone.restart();
  };

  const inFlight = new InFlightRegistry();
  const logcatFollows = new LogcatFollows({ hub, events });
  const approvals = new ConsoleApprover({ events });
  const holds = new HeldRuns();
  const api = createConsoleApi({
    approvals,
    app: {
      version,
      shell: options.shell,
      platform,
      builtOperatorApk: () =>
        builtOperatorApk(options.moduleDirectory ?? dirname(fileURLToPath(import.meta.url))),
    },
    hub,
    inFlight,
    evidence,
    settings,
    presets,
    events,
    onSettingsChanged,
    sequencePorts: adbSequencePorts(createRobotoMeasurer),
    logcatFollows,
    holds,
    ...(options.runners === undefined ? {} : { runners: options.runners }),
  });

  let lastDevices: DeviceInfo[] | undefined;
  const unsubscribe = hub.subscribe((devices) => {
    lastDevices = devices;
    events.emit('devices:changed', devices);
  });
  let closing: Promise<void> | undefined;
  let runsWatcher: RunsWatcher | undefined;

  return {
    api,
    events,
    hub,
    settings,
    presets,
    evidence,
    phone,
    inFlight,
    approvals,
    version,
    userDataDirectory: dataDirectory,
    lastDevices: () => lastDevices,
    async start() {
      // Why first: when no adb server runs, the hub's poll and tracker would each spawn `adb start-server` at once,
      // and the loser fails with "Address already in use". One version() call starts it alone.
      // Runs the CLI writes into the same folder reach an open History as events, without a Refresh.
      runsWatcher ??= await watchRuns(
        evidenceDirectory,
        (runIds) => events.emit('evidence:changed', { runIds }),
        {
          log,
        },
      );
      await createAdbClient({ port: adb.localPort, bin: adb.adbBinary })
        .version()
        .catch(() => undefined);
      const first = await hub.start();
      if (hub.serversFileProblem !== undefined)
        log(`${hub.serversFileProblem} (remote adb servers not restored; the next change rewrites it)`);
      if (!first.ok) log(`adb: ${first.error.message}`);
      await startPhoneIfWanted(first.ok ? first.value : []);
    },
    close() {
      closing ??= (async () => {
        unsubscribe();
        approvals.refuseAll('the console is closing');
        // A held panel is cleared before the devices are let go: its run records why (endedBy closed).
        await holds.releaseAll('closed');
        runsWatcher?.close();
        await logcatFollows.close();
        await phone.stop();
        await hub.close();
      })();
      return closing;
    },
  };
}
