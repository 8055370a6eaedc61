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
  /** What the last add did when it added nothing new (the address is a server already listed). */
  adbServersNotice: string | null;
  /** Opening clears old errors and reloads the adb servers. */
  setSettingsOpen(open: boolean): void;
  /** Sends only `patch` (nothing when it is empty); false when the console refused it. */
  saveSettings(patch: Partial<ConsoleSettings>): Promise<boolean>;
  loadAdbServers(): Promise<void>;
  /** Watches another adb server ("host:port"); false when the console refused the address. */
  addAdbServer(address: string): Promise<boolean>;
  removeAdbServer(address: string): Promise<boolean>;
  /** Switches a remote server on or off (kept in the list either way). */
  setAdbServerEnabled(address: string, enabled: boolean): Promise<boolean>;
}

/** "localhost:5412 is the same server as 127.0.0.1:5412" when the added address was merged; else null. */
export function mergeNotice(
  typed: string,
  before: readonly AdbServerInfo[],
  after: readonly AdbServerInfo[],
): string | null {
  const address = typed.trim().toLowerCase();
  const name = (server: AdbServerInfo): string =>
    server.server === 'local' ? `the local adb server (port ${server.port})` : server.server;
  if (before.some((server) => server.server === address)) return `${address} is already in the list.`;
  const same = after.find((server) => server.server !== address && server.aliases?.includes(address));
  if (same === undefined) return null;
  return `${address} is the same server as ${name(same)}: it is listed once, with its devices.`;
}

export const createSettingsSlice: SliceCreator<SettingsSlice> =
  ({ client }) =>
  (set, get) => {
    // The three server channels all answer with the whole list.
    const serversCall = async (call: () => Promise<ApiResult<AdbServerInfo[]>>): Promise<boolean> => {
      set({ adbServersBusy: true, adbServersNotice: null });
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
      adbServersNotice: null,

      setSettingsOpen(open) {
        set(
          open
            ? { settingsOpen: true, settingsError: null, adbServersError: null, adbServersNotice: null }
            : { settingsOpen: false },
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

      addAdbServer: async (address) => {
        const before = get().adbServers;
        const added = await serversCall(() => client.call('devices:addServer', { address: address.trim() }));
        if (added) set({ adbServersNotice: mergeNotice(address, before, get().adbServers) });
        return added;
      },

      removeAdbServer: (address) => serversCall(() => client.call('devices:removeServer', { address })),

      setAdbServerEnabled: (address, enabled) =>
        serversCall(() => client.call('devices:setServerEnabled', { address, enabled })),
    };
  };
