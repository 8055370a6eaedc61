// The preview's background: a capture of the device's screen WITHOUT a panel, so the predicted panel is not drawn
// next to an old one baked into the image. A sequence's screenshot always shows its panel, so it never serves;
// "Capture screen without panel" asks the Operator whether a panel is up before and after the capture and keeps the
// capture only when none was (optionally clearing the panel first, when the user chose that).
import type { ImageData } from '../../../shared/api/contract';
import type { AppError } from '../../../shared/errors';
import { panelExecution } from '../designer/payload';
import { imageKey } from '../history/historySlice';
import type { ConsoleState, SliceCreator } from '../store/types';

/** The label the capture gets in the history. */
export const BACKGROUND_LABEL = 'Preview background (no panel)';

export interface BackgroundCapture {
  runId: string;
  /** ISO time of the capture. */
  capturedAt: string;
  widthPx: number;
  heightPx: number;
}

export type BackgroundAttempt =
  | { status: 'idle' }
  | { status: 'capturing' }
  /** The Operator shows a panel now: capturing would bake it in. */
  | { status: 'panel-shown' }
  | { status: 'failed'; error: AppError };

export interface BackgroundEntry {
  /** The last capture known to show no panel. */
  capture?: BackgroundCapture;
  attempt: BackgroundAttempt;
}

export interface BackgroundSlice {
  /** Per device serial. */
  backgrounds: Record<string, BackgroundEntry>;
  /** Captures the screen without a panel; with `clearFirst` a panel on screen is cleared before. */
  captureBackground(serial: string, options?: { clearFirst?: boolean }): Promise<void>;
}

const PANEL_APPEARED: AppError = {
  code: 'EVIDENCE_PANEL_REPLACED',
  message: 'A panel appeared on the device during the capture; the capture was not used as the background.',
};

/** The background image of `serial`, when its capture is loaded and has the display's size. */
export function backgroundImage(
  state: ConsoleState,
  serial: string,
  display: { widthPx: number; heightPx: number } | undefined,
): ImageData | undefined {
  const capture = state.backgrounds[serial]?.capture;
  if (capture === undefined || display === undefined) return undefined;
  const entry = state.images[imageKey(capture.runId, 'screenshot')];
  if (entry?.status !== 'ready') return undefined;
  const { widthPx, heightPx } = entry.image;
  return widthPx === display.widthPx && heightPx === display.heightPx ? entry.image : undefined;
}

export const createBackgroundSlice: SliceCreator<BackgroundSlice> =
  ({ client, now, nonce }) =>
  (set, get) => {
    const attempt = (serial: string, next: BackgroundAttempt, capture?: BackgroundCapture): void => {
      set((state) => {
        const previous = state.backgrounds[serial];
        const entry: BackgroundEntry = { attempt: next };
        const kept = capture ?? previous?.capture;
        if (kept !== undefined) entry.capture = kept;
        return { backgrounds: { ...state.backgrounds, [serial]: entry } };
      });
    };

    /** Whether the Operator shows a panel now, and its generation (null with the error when it cannot say). */
    const panelState = async (
      serial: string,
    ): Promise<{ visible: boolean; generation: number } | { error: AppError }> => {
      const described = await client.call('devices:describe', { serial });
      return described.ok ? described.value.panel : { error: described.error };
    };

    return {
      backgrounds: {},

      async captureBackground(serial, options) {
        if (get().backgrounds[serial]?.attempt.status === 'capturing' || get().runBusy) return;
        attempt(serial, { status: 'capturing' });
        let before = await panelState(serial);
        if ('error' in before) return attempt(serial, { status: 'failed', error: before.error });
        if (before.visible && options?.clearFirst !== true) return attempt(serial, { status: 'panel-shown' });
        if (before.visible) {
          const clear = panelExecution('clear', null, {
            now: now(),
            nonce: nonce(),
            ...(get().appInfo?.settings.timeoutMs ? { timeoutMs: get().appInfo?.settings.timeoutMs } : {}),
          });
          if (!clear.ok) return attempt(serial, { status: 'failed', error: clear.error });
          const cleared = await client.call('execution:run', { serial, execution: clear.value });
          if (!cleared.ok) return attempt(serial, { status: 'failed', error: cleared.error });
          before = await panelState(serial);
          if ('error' in before) return attempt(serial, { status: 'failed', error: before.error });
          if (before.visible) return attempt(serial, { status: 'panel-shown' });
        }
        const captured = await client.call('screenshot:capture', { serial, label: BACKGROUND_LABEL });
        if (!captured.ok) return attempt(serial, { status: 'failed', error: captured.error });
        const after = await panelState(serial);
        if ('error' in after) return attempt(serial, { status: 'failed', error: after.error });
        // A panel set (and perhaps gone again) between the two questions may be in the pixels: do not use them.
        if (after.visible || after.generation !== before.generation) {
          return attempt(serial, { status: 'failed', error: PANEL_APPEARED });
        }
        const { runId, capturedAt, widthPx, heightPx } = captured.value;
        attempt(serial, { status: 'idle' }, { runId, capturedAt, widthPx, heightPx });
        void get().loadImage(runId, 'screenshot');
        void get().loadHistory();
      },
    };
  };
