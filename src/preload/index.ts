// Preload: named one-liners over ipcRenderer.invoke, one per console channel, and event subscription. No logic.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  CONSOLE_EVENTS,
  type ConsoleApi,
  type ConsoleEventName,
  type ConsoleEvents,
} from '../shared/api/contract';

const api = {
  'app:info': (input) => ipcRenderer.invoke('app:info', input),
  'settings:update': (input) => ipcRenderer.invoke('settings:update', input),
  'devices:list': (input) => ipcRenderer.invoke('devices:list', input),
  'devices:describe': (input) => ipcRenderer.invoke('devices:describe', input),
  'devices:servers': (input) => ipcRenderer.invoke('devices:servers', input),
  'devices:addServer': (input) => ipcRenderer.invoke('devices:addServer', input),
  'devices:removeServer': (input) => ipcRenderer.invoke('devices:removeServer', input),
  'devices:setServerEnabled': (input) => ipcRenderer.invoke('devices:setServerEnabled', input),
  'execution:run': (input) => ipcRenderer.invoke('execution:run', input),
  'sequence:run': (input) => ipcRenderer.invoke('sequence:run', input),
  'sequence:capture': (input) => ipcRenderer.invoke('sequence:capture', input),
  'sequence:release': (input) => ipcRenderer.invoke('sequence:release', input),
  'screenshot:capture': (input) => ipcRenderer.invoke('screenshot:capture', input),
  'screenshot:save': (input) => ipcRenderer.invoke('screenshot:save', input),
  'evidence:list': (input) => ipcRenderer.invoke('evidence:list', input),
  'evidence:get': (input) => ipcRenderer.invoke('evidence:get', input),
  'evidence:image': (input) => ipcRenderer.invoke('evidence:image', input),
  'evidence:log': (input) => ipcRenderer.invoke('evidence:log', input),
  'evidence:delete': (input) => ipcRenderer.invoke('evidence:delete', input),
  'evidence:export': (input) => ipcRenderer.invoke('evidence:export', input),
  'evidence:attach': (input) => ipcRenderer.invoke('evidence:attach', input),
  'operator:status': (input) => ipcRenderer.invoke('operator:status', input),
  'operator:enable': (input) => ipcRenderer.invoke('operator:enable', input),
  'operator:disable': (input) => ipcRenderer.invoke('operator:disable', input),
  'operator:openSettings': (input) => ipcRenderer.invoke('operator:openSettings', input),
  'operator:install': (input) => ipcRenderer.invoke('operator:install', input),
  'presets:list': (input) => ipcRenderer.invoke('presets:list', input),
  'presets:save': (input) => ipcRenderer.invoke('presets:save', input),
  'presets:delete': (input) => ipcRenderer.invoke('presets:delete', input),
  'android:tools': (input) => ipcRenderer.invoke('android:tools', input),
  'android:run': (input) => ipcRenderer.invoke('android:run', input),
  'logcat:start': (input) => ipcRenderer.invoke('logcat:start', input),
  'logcat:stop': (input) => ipcRenderer.invoke('logcat:stop', input),
  'logcat:redaction': (input) => ipcRenderer.invoke('logcat:redaction', input),
  'approval:answer': (input) => ipcRenderer.invoke('approval:answer', input),
  'android:cancel': (input) => ipcRenderer.invoke('android:cancel', input),
  'screen:frame': (input) => ipcRenderer.invoke('screen:frame', input),
  'screen:tree': (input) => ipcRenderer.invoke('screen:tree', input),
  'screen:act': (input) => ipcRenderer.invoke('screen:act', input),
  'screen:find': (input) => ipcRenderer.invoke('screen:find', input),
  'screen:waitText': (input) => ipcRenderer.invoke('screen:waitText', input),
  'screen:cancelWait': (input) => ipcRenderer.invoke('screen:cancelWait', input),
} satisfies ConsoleApi;

/** Subscribes to one console event (only the names in CONSOLE_EVENTS); returns the unsubscribe function. */
function on<E extends ConsoleEventName>(event: E, listener: (payload: ConsoleEvents[E]) => void): () => void {
  if (!(CONSOLE_EVENTS as readonly string[]).includes(event))
    throw new Error(`Unknown console event ${event}`);
  const forward = (_event: IpcRendererEvent, payload: ConsoleEvents[E]): void => listener(payload);
  ipcRenderer.on(event, forward);
  return () => void ipcRenderer.removeListener(event, forward);
}

/** window.androperator: the ConsoleApi (channel name -> call) plus `on`. */
contextBridge.exposeInMainWorld('androperator', { ...api, on });
