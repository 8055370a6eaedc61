// Console-wide UI state: app info, the live-event connection, notices, the shortcuts dialog and the palette.
import type { AppInfo } from '../../../shared/api/contract';
import type { AppError } from '../../../shared/errors';
import type { ConnectionState } from '../api/client';
import type { SliceCreator } from '../store/types';

export interface Notice {
  id: number;
  tone: 'info' | 'error';
  text: string;
}

export interface UiSlice {
  appInfo: AppInfo | null;
  appInfoError: AppError | null;
  connection: ConnectionState;
  notices: Notice[];
  helpOpen: boolean;
  /** The command palette (Ctrl/Cmd+K). */
  paletteOpen: boolean;
  /** Below 1200 px the devices-and-history column is a drawer over the designer; whether it is open. */
  sidebarOpen: boolean;
  loadAppInfo(): Promise<void>;
  setConnection(state: ConnectionState): void;
  notify(text: string, tone?: Notice['tone']): void;
  dismissNotice(id: number): void;
  setHelpOpen(open: boolean): void;
  setPaletteOpen(open: boolean): void;
  setSidebarOpen(open: boolean): void;
}

const MAX_NOTICES = 4;

export const createUiSlice: SliceCreator<UiSlice> =
  ({ client }) =>
  (set) => {
    let nextId = 1;
    return {
      appInfo: null,
      appInfoError: null,
      connection: 'connecting',
      notices: [],
      helpOpen: false,
      paletteOpen: false,
      sidebarOpen: false,
      async loadAppInfo() {
        const result = await client.call('app:info', {});
        set(result.ok ? { appInfo: result.value, appInfoError: null } : { appInfoError: result.error });
      },
      setConnection(connection) {
        set({ connection });
      },
      notify(text, tone = 'info') {
        const notice: Notice = { id: nextId, tone, text };
        nextId += 1;
        set((state) => ({ notices: [...state.notices, notice].slice(-MAX_NOTICES) }));
      },
      dismissNotice(id) {
        set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) }));
      },
      setHelpOpen(helpOpen) {
        set({ helpOpen });
      },
      setPaletteOpen(paletteOpen) {
        set({ paletteOpen });
      },
      setSidebarOpen(sidebarOpen) {
        set({ sidebarOpen });
      },
    };
  };
