// The console API, declared once: every channel's input and output, and the events the console pushes.
// src/main implements it as one typed object; Electron IPC, the preload and the local HTTP server expose it unchanged.
import type { OperatorDescription } from '../agent/messages';
import type { ResultEnvelope } from '../envelope';
import type { AppError, Result } from '../errors';
import type { Execution } from '../execution/types';
import type { ParsedChannelInput } from './channelSchemas';
import type { DeviceInfo, OperatorStatus } from './devices';
import type { ExportedRun, RunAttachment, RunList, RunLog, RunRecord, RunStep } from './evidence';
import type { Rect } from '../geometry/types';
import type { DeviceSequenceResult, SequenceHoldState, SequenceProgress } from './sequence';
import type { PanelPreset } from './presets';
import type {
  LogcatBatchEvent,
  LogcatEndedEvent,
  LogcatFollowCounts,
  LogcatFollowInfo,
} from './logcatSchemas';
import type {
  ScreenActAnswer,
  ScreenFindAnswer,
  ScreenFrameAnswer,
  ScreenTreeAnswer,
  ScreenWaitAnswer,
} from './screenSchemas';

/** An adb server the console watches: the local one, or a device lab's "host:port". */
export interface AdbServerInfo {
  server: string;
  host: string;
  port: number;
  /** Whether the last poll reached the server; absent until the first poll answers. */
  reachable?: boolean;
  tracking: boolean;
  deviceCount: number;
  error?: AppError;
  /** false: a remote server switched off (kept in the list, not polled); absent for the local server. */
  enabled?: boolean;
  /** Other addresses that were added and found to be this same server (e.g. localhost:5412 for 127.0.0.1:5412). */
  aliases?: string[];
}

export interface AppInfo {
  version: string;
  /** 'electron' in the desktop window, 'web' in a browser against the local server. */
  shell: 'electron' | 'web';
  platform: string;
  evidenceDirectory: string;
  settings: ConsoleSettings;
  /** The Operator APK `npm run build:apk` built in this checkout, when there is one (offered by "Install APK..."). */
  builtOperatorApk?: string;
}

/** User settings, persisted by the main process. */
export interface ConsoleSettings {
  /** Start a simulated phone when no real device is connected. */
  simulatorWhenNoDevice: boolean;
  operatorPackage: string;
  /** timeoutMs of each execution the console sends. */
  timeoutMs: number;
}

/** One finished execution: the Operator's envelope, reconciled, with host screenshots captured. */
export interface ExecutionOutcome {
  deviceId: string;
  terminalSource: 'androperator_result';
  envelope: ResultEnvelope;
  /**
   * For a succeeded set_on_screen_log: where the shared layout predicts the panel, from the Operator's hello right
   * after the set (absent when hello failed or the layout does not fit).
   */
  predictedBounds?: Rect;
}

/** A screenshot taken by hand, kept as a one-step run in the evidence store. */
export interface ManualCapture {
  runId: string;
  widthPx: number;
  heightPx: number;
  capturedAt: string;
  /** The screenshot step exactly as run.json records it. */
  step: RunStep;
}

/** PNG bytes for an <img>, as base64 (IPC and JSON carry no binary). */
export interface ImageData {
  mimeType: 'image/png';
  base64: string;
  widthPx: number;
  heightPx: number;
}

/** One Android tool as the console's Diagnostics area lists it (src/main/toolbox/registry.ts). */
export interface AndroidToolInfo {
  /** The MCP name, e.g. `android_settings`. */
  name: string;
  /** `androperator <command> <verb>`. */
  cli: { command: string; verb: string };
  description: string;
  risk: 'read_only' | 'mutating' | 'dangerous';
  /** JSON Schema (input side) of the tool's arguments, `device` included when the tool uses one. */
  argumentsSchema: Record<string, unknown>;
}

/** One android:run answer: the tool's result as MCP and the CLI return it, with when it was taken. */
export interface AndroidToolRun {
  tool: string;
  device: string;
  /** ISO time the call started. */
  taken_at: string;
  result: unknown;
}

/** A device change the console asks its user to approve (src/main/api/consoleApprover.ts). */
export interface ApprovalPrompt {
  /** Answer with approval:answer under this id; it is good for one answer only. */
  id: string;
  tool: string;
  device: string;
  /** Exactly what will be sent, shown verbatim. */
  preview: string;
  /** `strong`: the dialog asks a second, explicit confirmation. */
  strength: 'normal' | 'strong';
  /** ISO time after which the request is refused unanswered. */
  expires_at: string;
}

/** The held runs a capture or release request reached: device and run. */
export interface HeldRuns {
  runs: Array<{ serial: string; runId: string }>;
}

/** How an approval request ended: answered, timed out (`expired`) or with no console page left (`unavailable`). */
export interface ApprovalSettled {
  id: string;
  outcome: 'approved' | 'refused' | 'expired' | 'unavailable';
}

/** Every request/response channel: `domain:verb` -> { input, output }. */
export interface ConsoleApiChannels {
  'app:info': { input: ParsedChannelInput<'app:info'>; output: AppInfo };
  'settings:update': { input: ParsedChannelInput<'settings:update'>; output: ConsoleSettings };
  'devices:list': { input: ParsedChannelInput<'devices:list'>; output: DeviceInfo[] };
  'devices:describe': { input: ParsedChannelInput<'devices:describe'>; output: OperatorDescription };
  'devices:servers': { input: ParsedChannelInput<'devices:servers'>; output: AdbServerInfo[] };
  'devices:addServer': { input: ParsedChannelInput<'devices:addServer'>; output: AdbServerInfo[] };
  'devices:removeServer': { input: ParsedChannelInput<'devices:removeServer'>; output: AdbServerInfo[] };
  'devices:setServerEnabled': {
    input: ParsedChannelInput<'devices:setServerEnabled'>;
    output: AdbServerInfo[];
  };
  'execution:run': { input: ParsedChannelInput<'execution:run'>; output: ExecutionOutcome };
  'sequence:run': {
    input: ParsedChannelInput<'sequence:run'>;
    /** One result per requested serial, in order; a device that could not run carries its own error. */
    output: DeviceSequenceResult[];
  };
  /** Another capture on every held run (of `serials`); SEQUENCE_NOT_HELD when none holds its panel. */
  'sequence:capture': { input: ParsedChannelInput<'sequence:capture'>; output: HeldRuns };
  /** Releases every held run (of `serials`): each clears its panel and its sequence:run answers. */
  'sequence:release': { input: ParsedChannelInput<'sequence:release'>; output: HeldRuns };
  'screenshot:capture': { input: ParsedChannelInput<'screenshot:capture'>; output: ManualCapture };
  'screenshot:save': { input: ParsedChannelInput<'screenshot:save'>; output: { path: string } };
  'evidence:list': { input: ParsedChannelInput<'evidence:list'>; output: RunList };
  'evidence:get': { input: ParsedChannelInput<'evidence:get'>; output: RunRecord };
  'evidence:image': { input: ParsedChannelInput<'evidence:image'>; output: ImageData };
  /** The run's device log excerpt (logcat.txt) and its record; EVIDENCE_NOT_FOUND when the run has none. */
  'evidence:log': { input: ParsedChannelInput<'evidence:log'>; output: RunLog };
  'evidence:delete': { input: ParsedChannelInput<'evidence:delete'>; output: { deleted: string } };
  'evidence:export': {
    input: ParsedChannelInput<'evidence:export'>;
    output: ExportedRun;
  };
  /** Stores a view's answer as an attachment of run `id` (its folder and attachments.json). */
  'evidence:attach': { input: ParsedChannelInput<'evidence:attach'>; output: RunAttachment };
  'operator:status': { input: ParsedChannelInput<'operator:status'>; output: OperatorStatus };
  'operator:enable': { input: ParsedChannelInput<'operator:enable'>; output: OperatorStatus };
  'operator:disable': { input: ParsedChannelInput<'operator:disable'>; output: OperatorStatus };
  'operator:openSettings': { input: ParsedChannelInput<'operator:openSettings'>; output: { opened: true } };
  /** Installs an APK from a path on the machine running the console (push + `pm install -r`). */
  'operator:install': { input: ParsedChannelInput<'operator:install'>; output: OperatorStatus };
  'presets:list': { input: ParsedChannelInput<'presets:list'>; output: PanelPreset[] };
  'presets:save': { input: ParsedChannelInput<'presets:save'>; output: PanelPreset[] };
  'presets:delete': { input: ParsedChannelInput<'presets:delete'>; output: PanelPreset[] };
  'android:tools': { input: ParsedChannelInput<'android:tools'>; output: AndroidToolInfo[] };
  /** Runs one Android tool on a device; a mutating or dangerous one asks the console's approval dialog first. */
  'android:run': { input: ParsedChannelInput<'android:run'>; output: AndroidToolRun };
  /** Opens a live logcat follow on a device; its lines arrive as logcat:batch events. */
  'logcat:start': { input: ParsedChannelInput<'logcat:start'>; output: LogcatFollowInfo };
  /** Closes the follow's adb stream and answers once it is closed. */
  'logcat:stop': { input: ParsedChannelInput<'logcat:stop'>; output: LogcatFollowCounts };
  /** Redaction on or off for the lines the follow reads from now on. */
  'logcat:redaction': { input: ParsedChannelInput<'logcat:redaction'>; output: LogcatFollowInfo };
  /** The user's answer to one approval:requested prompt; an unknown or settled id approves nothing. */
  'approval:answer': { input: ParsedChannelInput<'approval:answer'>; output: ApprovalSettled };
  /** Cancels the android:run with this run_id: its adb streams are closed before the answer (false: none in flight). */
  'android:cancel': { input: ParsedChannelInput<'android:cancel'>; output: { cancelled: boolean } };
  /** One live-screen frame of a device (one capture in flight per device; a second caller shares it). */
  'screen:frame': { input: ParsedChannelInput<'screen:frame'>; output: ScreenFrameAnswer };
  /** The device's UI tree for the Screen view (inspect_android_ui, full) with its focus summary. */
  'screen:tree': { input: ParsedChannelInput<'screen:tree'>; output: ScreenTreeAnswer };
  /** One UI action from the Screen view: the user's own action (no dialog), except a dangerous-labelled activation. */
  'screen:act': { input: ParsedChannelInput<'screen:act'>; output: ScreenActAnswer };
  /** The one node with an exact text or description and/or exact bounds in a complete tree, and that tree. */
  'screen:find': { input: ParsedChannelInput<'screen:find'>; output: ScreenFindAnswer };
  /** android.wait_text: polls until the text is on screen; screen:cancelWait with its wait_id stops the poll. */
  'screen:waitText': { input: ParsedChannelInput<'screen:waitText'>; output: ScreenWaitAnswer };
  /** Stops the screen:waitText with this wait_id and answers once its poll ended (false: none in flight). */
  'screen:cancelWait': { input: ParsedChannelInput<'screen:cancelWait'>; output: { cancelled: boolean } };
}

export type ConsoleChannel = keyof ConsoleApiChannels;
export type ChannelInput<C extends ConsoleChannel> = ConsoleApiChannels[C]['input'];
export type ChannelOutput<C extends ConsoleChannel> = ConsoleApiChannels[C]['output'];

/** Results cross every boundary as values. */
export type ApiResult<T> = Result<T>;

/** The console API as one object: a missing or renamed channel is a compile error. */
export type ConsoleApi = {
  [C in ConsoleChannel]: (input: ChannelInput<C>) => Promise<ApiResult<ChannelOutput<C>>>;
};

/** Events the console pushes (IPC events in Electron, SSE in the browser). */
export interface ConsoleEvents {
  'devices:changed': DeviceInfo[];
  'run:progress': SequenceProgress & { serial: string };
  /** A held run changed: a capture taken, checked or observed, or the hold ended (and why). */
  'run:hold': SequenceHoldState & { serial: string };
  'execution:finished': { serial: string; execution: Execution; outcome: ApiResult<ExecutionOutcome> };
  /** Runs appeared, changed or went away in the evidence folder (the console's own, or the CLI's). */
  'evidence:changed': { runIds: string[] };
  'logcat:batch': LogcatBatchEvent;
  'logcat:ended': LogcatEndedEvent;
  /** A tool run from the console needs the user's approval before it changes the device. */
  'approval:requested': ApprovalPrompt;
  /** A prompt was answered, timed out or withdrawn: every page closes its dialog. */
  'approval:settled': ApprovalSettled;
}

export type ConsoleEventName = keyof ConsoleEvents;

/** Channel names, in one list (the preload and the HTTP router loop over it). */
export const CONSOLE_CHANNELS = [
  'app:info',
  'settings:update',
  'devices:list',
  'devices:describe',
  'devices:servers',
  'devices:addServer',
  'devices:removeServer',
  'devices:setServerEnabled',
  'execution:run',
  'sequence:run',
  'sequence:capture',
  'sequence:release',
  'screenshot:capture',
  'screenshot:save',
  'evidence:list',
  'evidence:get',
  'evidence:image',
  'evidence:log',
  'evidence:delete',
  'evidence:export',
  'evidence:attach',
  'operator:status',
  'operator:enable',
  'operator:disable',
  'operator:openSettings',
  'operator:install',
  'presets:list',
  'presets:save',
  'presets:delete',
  'android:tools',
  'android:run',
  'logcat:start',
  'logcat:stop',
  'logcat:redaction',
  'approval:answer',
  'android:cancel',
  'screen:frame',
  'screen:tree',
  'screen:act',
  'screen:find',
  'screen:waitText',
  'screen:cancelWait',
] as const satisfies readonly ConsoleChannel[];

export const CONSOLE_EVENTS = [
  'devices:changed',
  'run:progress',
  'execution:finished',
  'evidence:changed',
  'logcat:batch',
  'logcat:ended',
  'approval:requested',
  'approval:settled',
  'run:hold',
] as const satisfies readonly ConsoleEventName[];
