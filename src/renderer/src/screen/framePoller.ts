// The Screen view's live frames: periodic screen:frame requests for one device, one in flight at a time, shown as
// they arrive with the measured fps. Polling stops while the view is hidden, while Freeze is on (the last frame
// stays), and when the device goes away (the view shows it disconnected; it never switches device by itself).
import type { ScreenFrameAnswer } from '../../../shared/api/screenSchemas';
import type { AppError, Result } from '../../../shared/errors';

export type PollerStatus = 'idle' | 'live' | 'frozen' | 'hidden' | 'disconnected' | 'failed';

export interface PollerState {
  serial: string | null;
  status: PollerStatus;
  frame: ScreenFrameAnswer | null;
  /** Frames per second over the last FPS_WINDOW frames; null until two arrived. */
  fps: number | null;
  error: AppError | null;
  frames: number;
}

export const FPS_WINDOW = 10;
/** The pause between one frame's arrival and the next request (a capture is the real bound). */
export const FRAME_GAP_MS = 100;

export interface PollerPorts {
  fetchFrame: (serial: string) => Promise<Result<ScreenFrameAnswer>>;
  now: () => number;
  /** Schedules the next request; returns a cancel function. */
  schedule: (run: () => void, delayMs: number) => () => void;
  onChange: (state: PollerState) => void;
}

export class FramePoller {
  private state: PollerState = {
    serial: null,
    status: 'idle',
    frame: null,
    fps: null,
    error: null,
    frames: 0,
  };
  private visible = true;
  private frozen = false;
  private connected = true;
  private inFlight = false;
  private cancelNext: (() => void) | null = null;
  private arrivals: number[] = [];
  /** Moves on with each device change, so an answer for the previous device is dropped. */
  private generation = 0;

  constructor(private readonly ports: PollerPorts) {}

  get current(): PollerState {
    return this.state;
  }

  /** Follows `serial` (null: none); a different device clears the frame. */
  setDevice(serial: string | null): void {
    if (serial === this.state.serial) return;
    this.generation += 1;
    this.cancel();
    this.inFlight = false;
    this.arrivals = [];
    this.connected = true;
    this.update({ serial, frame: null, fps: null, error: null, frames: 0 });
    this.pump();
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
    this.pump();
  }

  setFrozen(frozen: boolean): void {
    this.frozen = frozen;
    this.pump();
  }

  /** Whether the followed device is still listed (false: disconnected, polling stops). */
  setConnected(connected: boolean): void {
    this.connected = connected;
    this.pump();
  }

  private statusNow(): PollerStatus {
    if (this.state.serial === null) return 'idle';
    if (!this.connected) return 'disconnected';
    if (!this.visible) return 'hidden';
    if (this.frozen) return 'frozen';
    return this.state.status === 'failed' ? 'failed' : 'live';
  }

  private pump(): void {
    const status = this.statusNow();
    if (status !== this.state.status) this.update({ status });
    if (status !== 'live' && status !== 'failed') {
      this.cancel();
      return;
    }
    if (this.inFlight || this.cancelNext !== null) return;
    this.request();
  }

  private request(): void {
    const serial = this.state.serial;
    if (serial === null) return;
    const generation = this.generation;
    this.inFlight = true;
    void this.ports.fetchFrame(serial).then((answer) => {
      if (generation !== this.generation) return;
      this.inFlight = false;
      if (answer.ok) {
        this.arrivals = [...this.arrivals, this.ports.now()].slice(-FPS_WINDOW);
        this.update({
          frame: answer.value,
          fps: fpsOf(this.arrivals),
          error: null,
          frames: this.state.frames + 1,
          status: this.statusNow() === 'failed' ? 'live' : this.state.status,
        });
      } else {
        this.update({
          error: answer.error,
          status: answer.error.code === 'DEVICE_NOT_FOUND' ? 'disconnected' : 'failed',
        });
        if (answer.error.code === 'DEVICE_NOT_FOUND') this.connected = false;
      }
      if (this.statusNow() === 'live' || this.statusNow() === 'failed') {
        this.cancelNext = this.ports.schedule(
          () => {
            this.cancelNext = null;
            this.pump();
          },
          answer.ok ? FRAME_GAP_MS : FRAME_GAP_MS * 10,
        );
      }
    });
  }

  private cancel(): void {
    this.cancelNext?.();
    this.cancelNext = null;
  }

  private update(change: Partial<PollerState>): void {
    this.state = { ...this.state, ...change };
    this.ports.onChange(this.state);
  }
}

/** Frames per second from arrival times (ms); null with fewer than two. */
export function fpsOf(arrivals: readonly number[]): number | null {
  if (arrivals.length < 2) return null;
  const first = arrivals[0] ?? 0;
  const last = arrivals[arrivals.length - 1] ?? 0;
  if (last <= first) return null;
  return Math.round(((arrivals.length - 1) * 10_000) / (last - first)) / 10;
}
