// Preload: named one-liners over ipcRenderer.invoke, nothing else (the console API contract grows here).
import { contextBridge, ipcRenderer } from 'electron';

contextBridge.exposeInMainWorld('androperator', {
  version: (): Promise<unknown> => ipcRenderer.invoke('app:version'),
});
