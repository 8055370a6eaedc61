// The top bar: product name, live connection, version, and the palette, shortcuts and settings buttons.
import { useEffect, useRef, type ReactNode } from 'react';
import { AreaSwitch } from '../diagnostics/AreaSwitch';
import { useConsole } from '../store/context';
import { shortcutOf } from './shortcuts';
import { IS_MAC } from './useShortcuts';

const PALETTE = shortcutOf('palette', IS_MAC);

const CONNECTION_TEXT = { open: 'Live', connecting: 'Connecting\u2026', lost: 'Reconnecting\u2026' } as const;

export function TopBar(): ReactNode {
  const connection = useConsole((state) => state.connection);
  const appInfo = useConsole((state) => state.appInfo);
  const appInfoError = useConsole((state) => state.appInfoError);
  const setHelpOpen = useConsole((state) => state.setHelpOpen);
  const setPaletteOpen = useConsole((state) => state.setPaletteOpen);
  const settingsOpen = useConsole((state) => state.settingsOpen);
  const setSettingsOpen = useConsole((state) => state.setSettingsOpen);
  const sidebarOpen = useConsole((state) => state.sidebarOpen);
  const setSidebarOpen = useConsole((state) => state.setSidebarOpen);
  const settingsButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Focus goes back to the Settings button when its dialog closes (Esc, Cancel, Save or the backdrop).
  useEffect(() => {
    if (wasOpen.current && !settingsOpen) settingsButton.current?.focus();
    wasOpen.current = settingsOpen;
  }, [settingsOpen]);
  return (
    <header className="top-bar">
      {/* Shown below 1200 px only (layout.css), where the devices-and-history column is a drawer. */}
      <button
        type="button"
        className="ghost sidebar-toggle"
        aria-expanded={sidebarOpen}
        aria-controls="sidebar"
        onClick={() => setSidebarOpen(!sidebarOpen)}
      >
        Devices &amp; history
      </button>
      <h1 className="product">
        androperator <span className="product-sub">console</span>
      </h1>
      <AreaSwitch />
      <span className={`connection connection-${connection}`} role="status" aria-label="Connection">
        <span className="dot" aria-hidden="true" />
        {CONNECTION_TEXT[connection]}
      </span>
      {appInfo !== null && (
        <span className="muted top-meta" title={`Evidence folder: ${appInfo.evidenceDirectory}`}>
          v{appInfo.version} · {appInfo.settings.operatorPackage}
        </span>
      )}
      {appInfoError !== null && <span className="error-text">{appInfoError.message}</span>}
      <span className="spacer" />
      <button
        type="button"
        className="ghost"
        aria-haspopup="dialog"
        onClick={() => setPaletteOpen(true)}
        aria-keyshortcuts={PALETTE.aria}
        title={`Command palette (${PALETTE.keys})`}
      >
        Commands <kbd>{PALETTE.keys}</kbd>
      </button>
      <button
        type="button"
        className="ghost"
        onClick={() => setHelpOpen(true)}
        aria-keyshortcuts="?"
        title="Keyboard shortcuts (?)"
      >
        Shortcuts <kbd>?</kbd>
      </button>
      <button
        ref={settingsButton}
        type="button"
        className="ghost"
        aria-haspopup="dialog"
        onClick={() => setSettingsOpen(true)}
      >
        Settings
      </button>
    </header>
  );
}
