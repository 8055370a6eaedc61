// The one console store: slices combined, fed by the API client's events.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { INITIAL_DESIGN, type Design } from '../designer/design';
import { createDesignerSlice } from '../designer/designerSlice';
import { createDiagnosticsSlice } from '../diagnostics/diagnosticsSlice';
import { createDevicesSlice } from '../devices/devicesSlice';
import { createHistorySlice } from '../history/historySlice';
import { createLogcatSlice } from '../logcat/logcatSlice';
import { createOperatorSlice } from '../operator/operatorSlice';
import { createPresetsSlice } from '../presets/presetsSlice';
import { createRunsSlice } from '../runs/runsSlice';
import { createSettingsSlice } from '../settings/settingsSlice';
import { createUiSlice } from '../ui/uiSlice';
import { createApprovalSlice } from '../approval/approvalSlice';
import { createTracesSlice } from '../traces/tracesSlice';
import { createScreenSlice } from '../screen/screenSlice';
import { createLiveBackgroundSlice } from '../preview/liveBackgroundSlice';
import { createCaptureImagesSlice } from '../runs/captureImagesSlice';
import type { ConsoleState, StoreDependencies } from './types';

export type ConsoleStore = StoreApi<ConsoleState>;

export function createConsoleStore(
  dependencies: StoreDependencies,
  design: Design = INITIAL_DESIGN,
): ConsoleStore {
  return createStore<ConsoleState>()((...args) => ({
    ...createDevicesSlice(dependencies)(...args),
    ...createOperatorSlice(dependencies)(...args),
    ...createDesignerSlice(design)(dependencies)(...args),
    ...createRunsSlice(dependencies)(...args),
    ...createHistorySlice(dependencies)(...args),
    ...createPresetsSlice(dependencies)(...args),
    ...createUiSlice(dependencies)(...args),
    ...createSettingsSlice(dependencies)(...args),
    ...createDiagnosticsSlice(dependencies)(...args),
    ...createLogcatSlice(dependencies)(...args),
    ...createApprovalSlice(dependencies)(...args),
    ...createTracesSlice()(dependencies)(...args),
    ...createScreenSlice(dependencies)(...args),
    ...createLiveBackgroundSlice(dependencies)(...args),
    ...createCaptureImagesSlice(dependencies)(...args),
  }));
}

/**
 * Subscribes the store to the console's events and loads the first state. When the live connection comes back
 * after a loss, devices and history are reloaded (events sent meanwhile were missed). Returns the unsubscribe.
 */
export function connectStore(store: ConsoleStore, client: StoreDependencies['client']): () => void {
  const state = store.getState;
  let wasLost = false;
  const unsubscribers = [
    client.on('devices:changed', (devices) => state().devicesChanged(devices)),
    client.on('run:progress', (event) => state().runProgress(event)),
    client.on('run:hold', (event) => state().runHold(event)),
    client.on('execution:finished', () => {
      if (!state().runBusy) void state().loadHistory();
    }),
    // Runs written by the CLI (or another console) into the same evidence folder.
    client.on('evidence:changed', () => {
      if (!state().runBusy) void state().loadHistory();
    }),
    client.on('approval:requested', (prompt) => state().approvalRequested(prompt)),
    client.on('approval:settled', (settled) => state().approvalSettled(settled.id)),
    client.onConnection((connection) => {
      state().setConnection(connection);
      if (connection === 'lost') wasLost = true;
      if (connection === 'open' && wasLost) {
        wasLost = false;
        void state().loadDevices();
        void state().loadHistory();
      }
    }),
  ];
  void state().loadAppInfo();
  void state().loadDevices();
  void state().loadHistory();
  void state().loadPresets();
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
