// A held run's capture images (evidence:image with a capture index), loaded when a capture's thumbnail comes into
// view and kept by run and index; a failed load is tried again the next time it is asked for.
import type { SliceCreator } from '../store/types';
import type { ImageEntry } from '../history/historySlice';

export interface CaptureImagesSlice {
  /** Capture images by captureImageKey(runId, index). */
  captureImages: Record<string, ImageEntry>;
  loadCaptureImage(runId: string, index: number): Promise<void>;
}

export function captureImageKey(runId: string, index: number): string {
  return `capture:${runId}:${index}`;
}

/** The capture images without those of one run (a deleted run's images must not stay in memory). */
export function withoutRunCaptures(
  images: Record<string, ImageEntry>,
  runId: string,
): Record<string, ImageEntry> {
  const prefix = `capture:${runId}:`;
  return Object.fromEntries(Object.entries(images).filter(([key]) => !key.startsWith(prefix)));
}

export const createCaptureImagesSlice: SliceCreator<CaptureImagesSlice> =
  ({ client }) =>
  (set, get) => ({
    captureImages: {},

    async loadCaptureImage(runId, index) {
      const key = captureImageKey(runId, index);
      const current = get().captureImages[key];
      if (current !== undefined && current.status !== 'failed') return;
      set((state) => ({ captureImages: { ...state.captureImages, [key]: { status: 'loading' } } }));
      const result = await client.call('evidence:image', { id: runId, kind: 'screenshot', capture: index });
      const entry: ImageEntry = result.ok
        ? { status: 'ready', image: result.value }
        : { status: 'failed', error: result.error };
      set((state) => ({ captureImages: { ...state.captureImages, [key]: entry } }));
    },
  });
