// The console's layout: devices and history | panel design | preview and results.
import type { ReactNode } from 'react';
import { Designer } from './designer/Designer';
import { Diagnostics } from './diagnostics/Diagnostics';
import { DevicePicker } from './devices/DevicePicker';
import { History } from './history/History';
import { OperatorSection } from './operator/OperatorSection';
import { Preview } from './preview/Preview';
import { Results } from './runs/Results';
import { SettingsDialog } from './settings/SettingsDialog';
import { CommandPalette } from './ui/CommandPalette';
import { HelpDialog } from './ui/HelpDialog';
import { Notices } from './ui/Notices';
import { TopBar } from './ui/TopBar';
import { useShortcuts } from './ui/useShortcuts';
import { useConsole } from './store/context';
import { ApprovalDialog } from './approval/ApprovalDialog';
import { TraceView } from './traces/TraceView';
import './ui/dialogs.css';

export function App(): ReactNode {
  useShortcuts();
  const sidebarOpen = useConsole((state) => state.sidebarOpen);
  const setSidebarOpen = useConsole((state) => state.setSidebarOpen);
  const area = useConsole((state) => state.area);
  const diagnostics = area !== 'logs';
  return (
    <div className="app">
      {!diagnostics && (
        <a className="skip-link" href="#panel-design">
          Skip to panel design
        </a>
      )}
      <TopBar />
      <main
        className={`layout ${sidebarOpen ? 'sidebar-open' : ''} ${diagnostics ? 'diagnostics-area' : ''}`}
        aria-label="androperator console"
      >
        <aside
          className="column sidebar"
          id="sidebar"
          aria-label="Devices and history"
          onKeyDown={(event) => {
            if (event.key === 'Escape' && sidebarOpen) setSidebarOpen(false);
          }}
        >
          <div className="column-scroll">
            <DevicePicker />
            {!diagnostics && <OperatorSection />}
            {!diagnostics && <History />}
          </div>
        </aside>
        {diagnostics ? (
          area === 'traces' ? (
            <TraceView />
          ) : (
            <Diagnostics />
          )
        ) : (
          <>
            <Designer />
            <div className="column workspace">
              <div className="column-scroll">
                <Preview />
                <Results />
              </div>
            </div>
          </>
        )}
      </main>
      <HelpDialog />
      <CommandPalette />
      <SettingsDialog />
      <ApprovalDialog />
      <Notices />
    </div>
  );
}
