// The preview's background choice and its live frames: with "Live screen" chosen, the preview shown and the page
// visible, the selected (online) device's frames are requested through screen:frame at a modest rate (one in
// flight, LIVE_FRAME_GAP_MS between an answer and the next request); anything else stops the requests. The frames
// come from the Screen view's FramePoller (main shares one capture in flight per device between both views).
import { FramePoller, type PollerState } from '../screen/framePoller';
import type { SliceCreator } from '../store/types';
import { nextBackground, type BackgroundChoice } from './liveBackground';

/** The pause between a frame's arrival and the next request: at most ~3 frames a second for a background. */
export const LIVE_FRAME_GAP_MS = 300;
/** After a failed capture the next try waits longer (the poller asks for 10x its own gap; this is the floor). */
export const LIVE_RETRY_MS = 2000;

/** What the preview asks of the live background. */
export interface LiveFollow {
  /** The target device (null: none selected). */
  serial: string | null;
  /** The device is listed and online ("device" state). */
  online: boolean;
  /** The preview is mounted and on screen and the page is visible. */
  shown: boolean;
}

export interface LiveBackgroundSlice {
  previewBackground: BackgroundChoice;
  /** The live frames of the followed device (the poller's state). */
  liveBackground: PollerState;
  setPreviewBackground(choice: BackgroundChoice): void;
  /** Capture without panel -> live screen -> neutral -> ... */
  cyclePreviewBackground(): void;
  /** Called by the preview whenever the device, its state or the preview's visibility changes. */
  followLiveBackground(follow: LiveFollow): void;
}

const IDLE: PollerState = { serial: null, status: 'idle', frame: null, fps: null, error: null, frames: 0 };

export const createLiveBackgroundSlice: SliceCreator<LiveBackgroundSlice> =
  ({ client, now }) =>
  (set, get) => {
    let follow: LiveFollow = { serial: null, online: false, shown: false };
    const poller = new FramePoller({
      fetchFrame: (serial) => client.call('screen:frame', { serial }),
      now,
      // The poller's own gaps suit the Screen view (10 fps); a background needs far fewer frames.
      schedule: (run, delayMs) => {
        const timer = setTimeout(
          run,
          delayMs > LIVE_FRAME_GAP_MS ? Math.max(delayMs, LIVE_RETRY_MS) : LIVE_FRAME_GAP_MS,
        );
        return () => clearTimeout(timer);
      },
      onChange: (liveBackground) => set({ liveBackground }),
    });

    /** Applies the current follow and choice to the poller; requests run only when all allow them. */
    const apply = (): void => {
      const wanted = get().previewBackground === 'live' && follow.shown;
      const serial = follow.serial;
      // Hidden first: a device change then never starts a request before the online state is known.
      if (!wanted || serial !== poller.current.serial) poller.setVisible(false);
      poller.setDevice(serial);
      poller.setConnected(follow.online);
      poller.setVisible(wanted);
    };

    return {
      previewBackground: 'capture',
      liveBackground: IDLE,
      setPreviewBackground(previewBackground) {
        if (previewBackground === get().previewBackground) return;
        set({ previewBackground });
        apply();
      },
      cyclePreviewBackground() {
        get().setPreviewBackground(nextBackground(get().previewBackground));
      },
      followLiveBackground(next) {
        if (next.serial === follow.serial && next.online === follow.online && next.shown === follow.shown)
          return;
        follow = next;
        apply();
      },
    };
  };
