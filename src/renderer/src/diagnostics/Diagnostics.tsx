// The Diagnostics area: for the selected device, a dashboard of purpose-made views (environment, app, crashes,
// thermal and power, network, storage, Doze, permissions, background work, the raw browser), their probes run side by side, and one
// generic card per registered read-only tool that has no view. Shift+R (or "Refresh all") refreshes every view.
import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useConsole } from '../store/context';
import { AppInspectorView } from './AppInspectorView';
import { BackgroundWorkView } from './BackgroundWorkView';
import { CrashView } from './CrashView';
import { EnvironmentView } from './EnvironmentView';
import { NetworkView } from './NetworkView';
import { PermissionsView } from './PermissionsView';
import { DozeView, ThermalPowerView } from './PowerView';
import { RawBrowserView } from './RawBrowserView';
import { StorageView } from './StorageView';
import { ToolCardView } from './ToolCard';
import { LogcatView } from '../logcat/LogcatView';
import { ScreenView } from '../screen/ScreenView';
import './diagnostics.css';

/** Tools a view below shows; the others get the generic card. */
export const TOOLS_WITH_VIEWS = new Set([
  'inspect_android_environment',
  'inspect_android_app',
  'list_android_apps',
  'android_crash_report',
  'android_thermal_power',
  'android_doze',
  'android_wifi_eth',
  'android_connectivity',
  'android_storage',
  'android_permission_audit',
  'android_dumpsys',
  'android_settings',
  'android_content_query',
  'android_background_work',
]);

function inTextField(target: EventTarget): boolean {
  return target instanceof HTMLElement && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function Diagnostics(): ReactNode {
  const tools = useConsole((state) => state.androidTools);
  const toolsError = useConsole((state) => state.androidToolsError);
  const loadAndroidTools = useConsole((state) => state.loadAndroidTools);
  const serial = useConsole((state) => state.targetSerial);
  const [refreshSignal, setRefreshSignal] = useState(0);
  // The live screen captures frames continuously while it is mounted: only when the user (or the palette's "Open
  // live screen") opens it; the flag is the screen slice's.
  const screenOpen = useConsole((state) => state.screen.panelOpen);
  const setScreenOpen = useConsole((state) => state.screenSetPanelOpen);
  useEffect(() => {
    if (tools === null) void loadAndroidTools();
  }, [tools, loadAndroidTools]);
  const readOnly = (tools ?? []).filter((tool) => tool.risk === 'read_only');
  const others = readOnly.filter((tool) => !TOOLS_WITH_VIEWS.has(tool.name));
  const has = (name: string): boolean => readOnly.some((tool) => tool.name === name);
  const refreshAll = (): void => setRefreshSignal((count) => count + 1);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    if (event.key !== 'R' || !event.shiftKey || event.ctrlKey || event.metaKey || event.altKey) return;
    if (inTextField(event.target)) return;
    event.preventDefault();
    refreshAll();
  };
  const views = { serial: serial ?? '', refreshSignal };
  return (
    <section className="column diagnostics" aria-labelledby="diagnostics-title" onKeyDown={onKeyDown}>
      <div className="column-scroll">
        <div className="diagnostics-head">
          <h2 id="diagnostics-title">
            Diagnostics{serial === null ? '' : <span className="muted"> · {serial}</span>}
          </h2>
          {serial !== null && tools !== null && (
            <button
              type="button"
              className="ghost"
              onClick={refreshAll}
              aria-keyshortcuts="Shift+R"
              title="Refresh every view (Shift+R; R refreshes the view you are in)"
            >
              Refresh all
            </button>
          )}
        </div>
        {toolsError !== null && (
          <p className="error-text" role="alert">
            <strong>{toolsError.code}</strong> {toolsError.message}
          </p>
        )}
        {serial !== null && (
          <details
            className="screen-panel"
            open={screenOpen}
            onToggle={(event) => setScreenOpen(event.currentTarget.open)}
          >
            <summary>Live screen</summary>
            {screenOpen && <ScreenView key={`screen-${serial}`} serial={serial} />}
          </details>
        )}
        {serial !== null && <LogcatView key={serial} serial={serial} />}
        {serial === null ? (
          <p className="muted">Select a device to run diagnostics on it.</p>
        ) : tools === null ? (
          <p className="muted">{'Loading tools\u2026'}</p>
        ) : (
          <div key={serial}>
            <div className="tool-cards diag-views">
              {has('inspect_android_environment') && <EnvironmentView {...views} />}
              {has('inspect_android_app') && <AppInspectorView {...views} />}
              {has('android_crash_report') && <CrashView {...views} />}
              {has('android_connectivity') && has('android_wifi_eth') && <NetworkView {...views} />}
              {has('android_thermal_power') && <ThermalPowerView {...views} />}
              {has('android_storage') && <StorageView {...views} />}
              {has('android_doze') && <DozeView {...views} />}
              {has('android_permission_audit') && <PermissionsView {...views} />}
              {has('android_background_work') && <BackgroundWorkView {...views} />}
              {has('android_dumpsys') && <RawBrowserView serial={serial} />}
            </div>
            {others.length > 0 && (
              <>
                <h2 className="diagnostics-subhead">Other tools</h2>
                <div className="tool-cards">
                  {others.map((tool) => (
                    <ToolCardView key={tool.name} serial={serial} tool={tool} />
                  ))}
                </div>
              </>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
