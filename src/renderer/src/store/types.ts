// The console store's shape: one zustand store made of slices that sit next to their features.
import type { StateCreator } from 'zustand/vanilla';
import type { ConsoleClient } from '../api/client';
import type { DesignerSlice } from '../designer/designerSlice';
import type { DiagnosticsSlice } from '../diagnostics/diagnosticsSlice';
import type { DevicesSlice } from '../devices/devicesSlice';
import type { HistorySlice } from '../history/historySlice';
import type { LogcatSlice } from '../logcat/logcatSlice';
import type { OperatorSlice } from '../operator/operatorSlice';
import type { PresetsSlice } from '../presets/presetsSlice';
import type { RunsSlice } from '../runs/runsSlice';
import type { SettingsSlice } from '../settings/settingsSlice';
import type { UiSlice } from '../ui/uiSlice';
import type { ApprovalSlice } from '../approval/approvalSlice';
import type { TracesSlice } from '../traces/tracesSlice';
import type { ScreenSlice } from '../screen/screenSlice';
import type { LiveBackgroundSlice } from '../preview/liveBackgroundSlice';
import type { CaptureImagesSlice } from '../runs/captureImagesSlice';

export type ConsoleState = DevicesSlice &
  OperatorSlice &
  DesignerSlice &
  RunsSlice &
  HistorySlice &
  PresetsSlice &
  UiSlice &
  SettingsSlice &
  DiagnosticsSlice &
  LogcatSlice &
  ApprovalSlice &
  TracesSlice &
  ScreenSlice &
  LiveBackgroundSlice &
  CaptureImagesSlice;

/** What the slices need from outside: the API client, a clock and a nonce source. */
export interface StoreDependencies {
  client: ConsoleClient;
  now: () => number;
  /** Seven base-36 characters for command ids. */
  nonce: () => string;
}

export type SliceCreator<T> = (dependencies: StoreDependencies) => StateCreator<ConsoleState, [], [], T>;
