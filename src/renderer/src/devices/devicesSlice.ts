// Devices: the list (live from devices:changed), the designer's target, the ticked devices of multi-device
// runs, and each device's Operator description (display metrics, placeholder values).
import type { OperatorDescription } from '../../../shared/agent/messages';
import type { DeviceInfo } from '../../../shared/api/devices';
import type { AppError } from '../../../shared/errors';
import type { ConsoleState, SliceCreator } from '../store/types';

export interface DescriptionEntry {
  status: 'loading' | 'ready' | 'failed';
  description?: OperatorDescription;
  error?: AppError;
}

export interface DevicesSlice {
  devices: DeviceInfo[];
  devicesLoaded: boolean;
  devicesError: AppError | null;
  /** The designer's target device; kept when it disappears (shown as disconnected) until the user picks another. */
  targetSerial: string | null;
  /** The last listing of every device seen since the console started, for entries shown as disconnected. */
  lastSeen: Record<string, DeviceInfo>;
  /** Devices ticked for runs on several devices at once. */
  tickedSerials: string[];
  descriptions: Record<string, DescriptionEntry>;
  loadDevices(): Promise<void>;
  devicesChanged(devices: DeviceInfo[]): void;
  selectTarget(serial: string): void;
  toggleTicked(serial: string): void;
  describeDevice(serial: string): Promise<void>;
}

/** True when the device can take executions (adb state "device"). */
export function isOnline(device: DeviceInfo | undefined): boolean {
  return device?.state === 'device';
}

function firstOnline(devices: readonly DeviceInfo[]): string | null {
  return devices.find((device) => isOnline(device))?.serial ?? null;
}

/**
 * Keeps the target, even when it is no longer listed: a run must never land on another phone without the user
 * choosing it. Only a console without a target yet picks one (the first online device).
 */
function keepTarget(current: string | null, devices: readonly DeviceInfo[]): string | null {
  return current ?? firstOnline(devices);
}

/** Devices whose Operator just became reachable (their description is worth fetching again). */
function newlyReachable(before: readonly DeviceInfo[], after: readonly DeviceInfo[]): string[] {
  return after
    .filter((device) => {
      const previous = before.find((candidate) => candidate.serial === device.serial);
      const wasReady = isOnline(previous) && previous?.operator?.reachable === true;
      return isOnline(device) && device.operator?.reachable === true && !wasReady;
    })
    .map((device) => device.serial);
}

export const createDevicesSlice: SliceCreator<DevicesSlice> =
  ({ client }) =>
  (set, get) => {
    const inFlight = new Set<string>();

    /** Describes the target and ticked devices that are online but not described yet (or newly reachable). */
    const describeWanted = (state: ConsoleState, refresh: readonly string[]): void => {
      const wanted = new Set([
        ...(state.targetSerial === null ? [] : [state.targetSerial]),
        ...state.tickedSerials,
      ]);
      for (const serial of wanted) {
        const device = state.devices.find((candidate) => candidate.serial === serial);
        if (!isOnline(device)) continue;
        const entry = state.descriptions[serial];
        if (entry === undefined || refresh.includes(serial)) void get().describeDevice(serial);
      }
    };

    return {
      devices: [],
      devicesLoaded: false,
      devicesError: null,
      targetSerial: null,
      lastSeen: {},
      tickedSerials: [],
      descriptions: {},

      async loadDevices() {
        const result = await client.call('devices:list', {});
        if (!result.ok) {
          set({ devicesError: result.error, devicesLoaded: true });
          return;
        }
        set({ devicesError: null });
        get().devicesChanged(result.value);
      },

      devicesChanged(devices) {
        const before = get().devices;
        set((state) => ({
          devices,
          devicesLoaded: true,
          targetSerial: keepTarget(state.targetSerial, devices),
          lastSeen: {
            ...state.lastSeen,
            ...Object.fromEntries(devices.map((device) => [device.serial, device])),
          },
        }));
        describeWanted(get(), newlyReachable(before, devices));
      },

      selectTarget(serial) {
        if (get().targetSerial === serial) return;
        set({ targetSerial: serial });
        describeWanted(get(), []);
      },

      toggleTicked(serial) {
        set((state) => ({
          tickedSerials: state.tickedSerials.includes(serial)
            ? state.tickedSerials.filter((candidate) => candidate !== serial)
            : [...state.tickedSerials, serial],
        }));
        describeWanted(get(), []);
      },

      async describeDevice(serial) {
        if (inFlight.has(serial)) return;
        inFlight.add(serial);
        const previous = get().descriptions[serial];
        set((state) => ({
          descriptions: { ...state.descriptions, [serial]: { ...previous, status: 'loading' } },
        }));
        const result = await client.call('devices:describe', { serial });
        inFlight.delete(serial);
        set((state) => ({
          descriptions: {
            ...state.descriptions,
            [serial]: result.ok
              ? { status: 'ready', description: result.value }
              : // Keep the last good description: metrics rarely change, and the preview stays useful.
                {
                  status: 'failed',
                  error: result.error,
                  ...(previous?.description ? { description: previous.description } : {}),
                },
          },
        }));
      },
    };
  };

/**
 * The serials a run goes to: the ticked devices, else the target. A ticked or targeted device that disconnected
 * stays in the list (the run gate then blocks the run), so a run never silently drops or swaps a phone.
 */
export function runSerials(state: Pick<ConsoleState, 'tickedSerials' | 'targetSerial'>): string[] {
  if (state.tickedSerials.length > 0) return state.tickedSerials;
  return state.targetSerial === null ? [] : [state.targetSerial];
}

/** Target and ticked devices that are no longer listed, in that order, with what was last seen of them. */
export function disconnectedDevices(
  state: Pick<ConsoleState, 'devices' | 'tickedSerials' | 'targetSerial' | 'lastSeen'>,
): DeviceInfo[] {
  const wanted = [...(state.targetSerial === null ? [] : [state.targetSerial]), ...state.tickedSerials];
  return [...new Set(wanted)]
    .filter((serial) => !state.devices.some((device) => device.serial === serial))
    .map((serial) => state.lastSeen[serial] ?? { serial, state: 'unknown', server: 'local' });
}

/** "Pixel 7 (emulator-5554)", or the serial alone when the model is unknown. */
export function deviceLabel(devices: readonly DeviceInfo[], serial: string): string {
  const model = devices.find((device) => device.serial === serial)?.model;
  return model === undefined ? serial : `${model} (${serial})`;
}
