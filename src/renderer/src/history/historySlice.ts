// Evidence history (evidence:list/delete/export, the export dialog's state) and the image cache of screenshots and thumbnails.
import type { ImageData } from '../../../shared/api/contract';
import {
  exportDownloadPath,
  type RunLog,
  type RunSummary,
  type SkippedRun,
} from '../../../shared/api/evidence';
import type { AppError } from '../../../shared/errors';
import type { SliceCreator } from '../store/types';
import { validateSetParams } from '../../../shared/execution/validateSetParams';
import { loadParams } from '../designer/design';
import { runName } from './format';
import { NO_FILTER, type HistoryFilter } from './historyFilter';
import { withoutRunCaptures } from '../runs/captureImagesSlice';
import { exportFileName } from '../../../shared/api/exportName';
import { folderOf, suggestExportPath } from './exportSuggestion';

export const HISTORY_LIMIT = 100;

export type ImageKind = 'screenshot' | 'thumbnail';

export type ImageEntry =
  { status: 'loading' } | { status: 'ready'; image: ImageData } | { status: 'failed'; error: AppError };

export type RunLogEntry =
  { status: 'loading' } | { status: 'ready'; log: RunLog } | { status: 'failed'; error: AppError };

export interface HistorySlice {
  historyRuns: RunSummary[];
  historySkipped: SkippedRun[];
  historyLoaded: boolean;
  historyError: AppError | null;
  /** Images by imageKey(runId, kind). */
  images: Record<string, ImageEntry>;
  /** Device log excerpts by run id, loaded when a view opens them. */
  runLogs: Record<string, RunLogEntry>;
  loadRunLog(runId: string): Promise<void>;
  /** What History shows: search and the device, status and date filters. */
  historyFilter: HistoryFilter;
  setHistoryFilter(filter: Partial<HistoryFilter>): void;
  /** Runs picked for the comparison view, in the order they were picked. */
  compareIds: string[];
  /** Adds the run to the comparison, or removes it when it is already there. */
  toggleCompare(runId: string): void;
  /** Makes exactly these runs the comparison (e.g. every device of a multi-device start). */
  setCompare(runIds: readonly string[]): void;
  loadHistory(): Promise<void>;
  /** Loads a past run's design and label into the designer (undoable), ready to run again; false when it cannot. */
  runAgain(runId: string): Promise<boolean>;
  loadImage(runId: string, kind: ImageKind): Promise<void>;
  deleteRun(runId: string): Promise<boolean>;
  /** The export dialog: open for one run, with the error of its last attempt (it stays open until one succeeds). */
  exportDialog: ExportDialogState | null;
  /** Opens the export dialog for a path on the console's machine, suggesting a name not exported there yet. */
  openExport(runId: string): void;
  closeExport(): void;
  /** Exports the dialog's run to `destination`; false (the error shown in the dialog) when it fails. */
  confirmExport(destination: string): Promise<boolean>;
  /** Paths exported by this console, and the folder of the last one: what the next suggestion avoids and uses. */
  exportedPaths: string[];
  lastExportFolder: string | null;
  /** True when exports download through the browser (the browser console) rather than to a path. */
  exportsDownload(): boolean;
  /** Downloads so far per run: the second download of a run is named `<id> (2).zip`. */
  downloadCopies: Record<string, number>;
  /** The run's export zip for the browser to save, or null (the error opens the export dialog). */
  downloadRun(runId: string): Promise<{ blob: Blob; fileName: string } | null>;
}

/** The export dialog's run and state: a path to write to (Electron), or a failed download to try again. */
export type ExportDialogState =
  | { runId: string; mode: 'path'; suggestedPath: string; error: AppError | null }
  | { runId: string; mode: 'download'; error: AppError };

export function imageKey(runId: string, kind: ImageKind): string {
  return `${kind}:${runId}`;
}

/** A data: URL for an <img> (the page's CSP allows data: images). */
export function imageUrl(image: ImageData): string {
  return `data:${image.mimeType};base64,${image.base64}`;
}

export const createHistorySlice: SliceCreator<HistorySlice> =
  ({ client }) =>
  (set, get) => ({
    historyRuns: [],
    historySkipped: [],
    historyLoaded: false,
    compareIds: [],
    toggleCompare(runId) {
      set((state) => ({
        compareIds: state.compareIds.includes(runId)
          ? state.compareIds.filter((id) => id !== runId)
          : [...state.compareIds, runId],
      }));
    },
    setCompare(runIds) {
      set({ compareIds: [...new Set(runIds)] });
    },
    historyError: null,
    images: {},
    runLogs: {},
    historyFilter: NO_FILTER,

    setHistoryFilter(filter) {
      set((state) => ({ historyFilter: { ...state.historyFilter, ...filter } }));
    },

    async runAgain(runId) {
      const result = await client.call('evidence:get', { id: runId });
      if (!result.ok) {
        get().notify(`Run not loaded: ${result.error.message}`, 'error');
        return false;
      }
      const record = result.value;
      const design = validateSetParams(record.design);
      if (!design.ok) {
        get().notify(`${runName(record)} has no panel design to run again: ${design.error.message}`, 'error');
        return false;
      }
      get().editDesign(loadParams, design.value, null);
      get().setRunLabel(record.label ?? '');
      get().notify(`Loaded ${runName(record)} into the designer: Run sequence runs it again.`);
      return true;
    },

    async loadHistory() {
      const result = await client.call('evidence:list', { limit: HISTORY_LIMIT });
      if (!result.ok) {
        set({ historyError: result.error, historyLoaded: true });
        return;
      }
      set({
        historyRuns: result.value.runs,
        historySkipped: result.value.skipped,
        historyLoaded: true,
        historyError: null,
      });
    },

    async loadImage(runId, kind) {
      const key = imageKey(runId, kind);
      const current = get().images[key];
      if (current !== undefined && current.status !== 'failed') return;
      set((state) => ({ images: { ...state.images, [key]: { status: 'loading' } } }));
      const result = await client.call('evidence:image', { id: runId, kind });
      const entry: ImageEntry = result.ok
        ? { status: 'ready', image: result.value }
        : { status: 'failed', error: result.error };
      set((state) => ({ images: { ...state.images, [key]: entry } }));
    },

    async loadRunLog(runId) {
      const current = get().runLogs[runId];
      if (current !== undefined && current.status !== 'failed') return;
      set((state) => ({ runLogs: { ...state.runLogs, [runId]: { status: 'loading' } } }));
      const result = await client.call('evidence:log', { id: runId });
      const entry: RunLogEntry = result.ok
        ? { status: 'ready', log: result.value }
        : { status: 'failed', error: result.error };
      set((state) => ({ runLogs: { ...state.runLogs, [runId]: entry } }));
    },

    async deleteRun(runId) {
      const result = await client.call('evidence:delete', { id: runId });
      if (!result.ok) {
        get().notify(`Run not deleted: ${result.error.message}`, 'error');
        return false;
      }
      set((state) => {
        const images = { ...state.images };
        delete images[imageKey(runId, 'screenshot')];
        delete images[imageKey(runId, 'thumbnail')];
        const runLogs = { ...state.runLogs };
        delete runLogs[runId];
        return {
          captureImages: withoutRunCaptures(state.captureImages, runId),
          runLogs,
          historyRuns: state.historyRuns.filter((run) => run.id !== runId),
          compareIds: state.compareIds.filter((id) => id !== runId),
          images,
        };
      });
      get().notify(`Deleted run ${runId}`);
      return true;
    },

    exportsDownload() {
      return client.download !== undefined;
    },

    downloadCopies: {},
    async downloadRun(runId) {
      if (client.download === undefined) return null;
      const result = await client.download(exportDownloadPath(runId));
      if (!result.ok) {
        set({ exportDialog: { runId, mode: 'download', error: result.error } });
        return null;
      }
      const copy = (get().downloadCopies[runId] ?? 0) + 1;
      const fileName = exportFileName(runId, copy);
      set((state) => ({ downloadCopies: { ...state.downloadCopies, [runId]: copy }, exportDialog: null }));
      get().notify(`Downloaded ${fileName}`);
      return { blob: result.value, fileName };
    },

    exportDialog: null,
    exportedPaths: [],
    lastExportFolder: null,
    openExport(runId) {
      const { lastExportFolder, exportedPaths, appInfo } = get();
      const suggestedPath = suggestExportPath(
        runId,
        lastExportFolder,
        appInfo?.evidenceDirectory,
        exportedPaths,
      );
      set({ exportDialog: { runId, mode: 'path', suggestedPath, error: null } });
    },
    closeExport() {
      set({ exportDialog: null });
    },

    async confirmExport(destination) {
      const dialog = get().exportDialog;
      if (dialog?.mode !== 'path') return false;
      // The kept suggestion may exist from an earlier session: then the next free copy; a typed path never.
      const ifExists = destination === dialog.suggestedPath ? 'rename' : 'fail';
      const result = await client.call('evidence:export', {
        id: dialog.runId,
        destination,
        format: 'zip',
        ifExists,
      });
      if (!result.ok) {
        set((state) =>
          state.exportDialog?.runId === dialog.runId
            ? { exportDialog: { ...dialog, error: result.error } }
            : {},
        );
        return false;
      }
      const { path, files } = result.value;
      set((state) => ({
        exportDialog: null,
        exportedPaths: [...state.exportedPaths, path],
        lastExportFolder: folderOf(path),
      }));
      get().notify(`Exported ${files.length} files to ${path}`);
      return true;
    },
  });
