// The Operator section's actions on one device (operator:* channels): refresh its status, enable or disable its
// accessibility service, open the accessibility settings, install an APK. One action per device at a time.
import type { OperatorStatus } from '../../../shared/api/devices';
import type { AppError, Result } from '../../../shared/errors';
import type { SliceCreator } from '../store/types';
import { successText } from './operatorStatus';

export type OperatorAction = 'status' | 'enable' | 'disable' | 'openSettings' | 'install';

/** How the last action on a device ended: a sentence on success, the error on failure. */
export type OperatorOutcome =
  | { action: OperatorAction; ok: true; message: string }
  | { action: OperatorAction; ok: false; error: AppError };

export interface OperatorEntry {
  /** The action running now, if any. */
  busy: OperatorAction | null;
  outcome?: OperatorOutcome;
}

export interface OperatorSlice {
  /** Per device serial. */
  operators: Record<string, OperatorEntry>;
  /** Each resolves to whether the action succeeded (false too when another action on the device is running). */
  refreshOperator(serial: string): Promise<boolean>;
  enableOperator(serial: string): Promise<boolean>;
  disableOperator(serial: string): Promise<boolean>;
  openOperatorSettings(serial: string): Promise<boolean>;
  installOperator(serial: string, apkPath: string): Promise<boolean>;
}

type Answer = Result<OperatorStatus | { opened: true }>;

function isStatus(value: OperatorStatus | { opened: true }): value is OperatorStatus {
  return 'installed' in value;
}

export const createOperatorSlice: SliceCreator<OperatorSlice> =
  ({ client }) =>
  (set, get) => {
    const update = (serial: string, entry: OperatorEntry): void =>
      set((state) => ({ operators: { ...state.operators, [serial]: entry } }));

    /** Runs one call with the device's busy flag; a returned status goes into the device list at once. */
    const run = async (
      serial: string,
      action: OperatorAction,
      call: () => Promise<Answer>,
    ): Promise<boolean> => {
      const previous = get().operators[serial];
      if (previous !== undefined && previous.busy !== null) return false;
      update(serial, { ...previous, busy: action });
      const answer = await call();
      if (!answer.ok) {
        update(serial, { busy: null, outcome: { action, ok: false, error: answer.error } });
        return false;
      }
      const status = isStatus(answer.value) ? answer.value : undefined;
      if (status !== undefined) {
        const devices = get().devices;
        // Through devicesChanged, so a device whose Operator just became reachable is described again.
        if (devices.some((device) => device.serial === serial)) {
          get().devicesChanged(
            devices.map((device) => (device.serial === serial ? { ...device, operator: status } : device)),
          );
        }
      }
      update(serial, { busy: null, outcome: { action, ok: true, message: successText(action, status) } });
      return true;
    };

    return {
      operators: {},
      refreshOperator: (serial) => run(serial, 'status', () => client.call('operator:status', { serial })),
      enableOperator: (serial) => run(serial, 'enable', () => client.call('operator:enable', { serial })),
      disableOperator: (serial) => run(serial, 'disable', () => client.call('operator:disable', { serial })),
      openOperatorSettings: (serial) =>
        run(serial, 'openSettings', () => client.call('operator:openSettings', { serial })),
      installOperator: (serial, apkPath) =>
        run(serial, 'install', () => client.call('operator:install', { serial, apkPath })),
    };
  };
