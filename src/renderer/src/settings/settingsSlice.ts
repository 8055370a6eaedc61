// The Settings dialog: saving user settings (settings:update) and the watched adb servers (devices:*Server).
import type { AdbServerInfo, ApiResult, ConsoleSettings } from '../../../shared/api/contract';
import type { AppError } from '../../../shared/errors';
import type { SliceCreator } from '../store/types';

export interface SettingsSlice {
  settingsOpen: boolean;
  settingsSaving: boolean;
  /** The last settings:update failure, shown in the dialog until the next save or open. */
  settingsError: AppError | null;
  adbServers: AdbServerInfo[];
  /** The last failure listing, adding or removing an adb server. */
  adbServersError: AppError | null;
  adbServersBusy: boolean;
  /** Opening clears old errors and reloads the adb servers. */
  setSettingsOpen(open: boolean): void;
  /** Sends only `patch` (nothing when it is empty); false when the console refused it. */
  saveSettings(patch: Partial<ConsoleSettings>): Promise<boolean>;
  loadAdbServers(): Promise<void>;
  /** Watches another adb server ("host:port"); false when the console refused the address. */
  addAdbServer(address: string): Promise<boolean>;
  removeAdbServer(address: string): Promise<boolean>;
}

export const createSettingsSlice: SliceCreator<SettingsSlice> =
  ({ client }) =>
  (set, get) => {
    // The three server channels all answer with the whole list.
    const serversCall = async (call: () => Promise<ApiResult<AdbServerInfo[]>>): Promise<boolean> => {
      set({ adbServersBusy: true });
      const result = await call();
      set(
        result.ok
          ? { adbServers: result.value, adbServersError: null, adbServersBusy: false }
          : { adbServersError: result.error, adbServersBusy: false },
      );
      return result.ok;
    };
    return {
      settingsOpen: false,
      settingsSaving: false,
      settingsError: null,
      adbServers: [],
      adbServersError: null,
      adbServersBusy: false,

      setSettingsOpen(open) {
        set(
          open ? { settingsOpen: true, settingsError: null, adbServersError: null } : { settingsOpen: false },
        );
        if (open) void get().loadAdbServers();
      },

      async saveSettings(patch) {
        if (Object.keys(patch).length === 0) return true;
        set({ settingsSaving: true, settingsError: null });
        const result = await client.call('settings:update', patch);
        if (!result.ok) {
          set({ settingsSaving: false, settingsError: result.error });
          return false;
        }
        const appInfo = get().appInfo;
        set({
          settingsSaving: false,
          appInfo: appInfo === null ? null : { ...appInfo, settings: result.value },
        });
        get().notify('Settings saved');
        return true;
      },

      loadAdbServers: async () => {
        await serversCall(() => client.call('devices:servers', {}));
      },

      addAdbServer: (address) =>
        serversCall(() => client.call('devices:addServer', { address: address.trim() })),

      removeAdbServer: (address) => serversCall(() => client.call('devices:removeServer', { address })),
    };
  };
