// Evidence history (evidence:list/delete/export) and the image cache of screenshots and thumbnails.
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
  exportRun(runId: string, destination: string): Promise<boolean>;
  /** True when exports download through the browser (the browser console) rather than to a path. */
  exportsDownload(): boolean;
  /** The run's export zip for the browser to save, or null (the error is a notice). */
  downloadRun(runId: string): Promise<{ blob: Blob; fileName: string } | null>;
}

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

    async downloadRun(runId) {
      if (client.download === undefined) return null;
      const result = await client.download(exportDownloadPath(runId));
      if (!result.ok) {
        get().notify(`Export failed: ${result.error.message}`, 'error');
        return null;
      }
      get().notify(`Downloaded ${runId}.zip`);
      return { blob: result.value, fileName: `${runId}.zip` };
    },

    async exportRun(runId, destination) {
      const result = await client.call('evidence:export', { id: runId, destination, format: 'zip' });
      if (!result.ok) {
        get().notify(`Export failed: ${result.error.message}`, 'error');
        return false;
      }
      get().notify(`Exported ${result.value.files.length} files to ${result.value.path}`);
      return true;
    },
  });
