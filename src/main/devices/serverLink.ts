// One adb server as the hub sees it: the last device list, its availability, and a self-healing tracker.
import type { AppError } from '../../shared/errors';
import type { AdbClient, AdbDeviceTracker, AdbTrackerEvent } from '../../node/adb/adbkit';
import { coalesce } from './coalesce';
import { serverTimeoutError } from './hubErrors';
import { settleWithin } from './settleWithin';
import type { DeviceState } from './types';
import type { AdbServerInfo } from '../../shared/api/contract';

/** A row of one server's device list. */
export interface ListedDevice {
  server: string;
  serial: string;
  state: DeviceState;
  /** What adb printed, e.g. "no permissions (...)" behind state 'unknown'. */
  rawState: string;
  client: AdbClient;
}

/** What servers() reports for each adb server. */
/** One adb server as the console reports it (the console API's AdbServerInfo). */
export type AdbServerStatus = AdbServerInfo;

const KNOWN_STATES: readonly DeviceState[] = [
  'device',
  'offline',
  'unauthorized',
  'recovery',
  'sideload',
  'bootloader',
];

/** Maps adb's state text to DeviceState: transitional states to the state a user acts on, the rest to 'unknown'. */
export function toDeviceState(raw: string): DeviceState {
  const known = KNOWN_STATES.find((state) => state === raw);
  if (known) return known;
  if (raw === 'authorizing') return 'unauthorized';
  if (raw === 'connecting') return 'offline';
  return 'unknown';
}

const MIN_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;

export class ServerLink {
  private devices: ListedDevice[] = [];
  private reachable: boolean | undefined;
  /** When the last successful poll started (Date.now()). */
  private polledAt: number | undefined;
  private error: AppError | undefined;
  private tracker: AdbDeviceTracker | undefined;
  private tracking = false;
  /** Bumped on every (re)subscription and on stop, so late callbacks of an old subscription are ignored. */
  private subscription = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private attempt = 0;
  private onSignal: () => void = () => undefined;
  /** Polls this server; concurrent callers share runs. */
  readonly poll: () => Promise<void>;

  constructor(
    readonly server: string,
    readonly client: AdbClient,
    private readonly describeError: (error: unknown) => AppError,
    private readonly timeoutMs: number,
  ) {
    this.poll = coalesce(() => this.pollOnce());
  }

  get listed(): readonly ListedDevice[] {
    return this.devices;
  }

  /** The last failure, when the last poll failed. */
  get failure(): AppError | undefined {
    return this.reachable === false ? this.error : undefined;
  }

  status(): AdbServerStatus {
    const status: AdbServerStatus = {
      server: this.server,
      host: this.client.host,
      port: this.client.port,
      reachable: this.reachable,
      tracking: this.tracker !== undefined,
      deviceCount: this.devices.length,
    };
    const failure = this.failure;
    if (failure) status.error = failure;
    return status;
  }

  /** Opens a track-devices subscription; `onSignal` fires on every tracker event and when it ends. */
  startTracking(onSignal: () => void): void {
    if (this.tracking) return;
    this.tracking = true;
    this.onSignal = onSignal;
    this.subscribe();
  }

  stopTracking(): void {
    this.tracking = false;
    this.subscription += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.tracker?.stop();
    this.tracker = undefined;
  }

  /** Whether the last poll succeeded and started at most `maxAgeMs` ago. */
  polledWithin(maxAgeMs: number, now = Date.now()): boolean {
    return this.reachable === true && this.polledAt !== undefined && now - this.polledAt <= maxAgeMs;
  }

  private async pollOnce(): Promise<void> {
    const startedAt = Date.now();
    const outcome = await settleWithin(this.client.listDevices(), this.timeoutMs);
    if (outcome === 'timeout') return this.fail(serverTimeoutError(this.server, this.timeoutMs));
    if (!outcome.ok) return this.fail(this.describeError(outcome.error));
    this.reachable = true;
    this.error = undefined;
    this.polledAt = startedAt;
    this.devices = outcome.value.map((entry) => ({
      server: this.server,
      serial: entry.serial,
      state: toDeviceState(entry.state),
      rawState: entry.state,
      client: this.client,
    }));
  }

  private fail(error: AppError): void {
    this.reachable = false;
    this.error = error;
    this.devices = [];
  }

  private subscribe(): void {
    if (!this.tracking) return;
    this.subscription += 1;
    const subscription = this.subscription;
    const openedAt = Date.now();
    let settled = false;
    let ended = false;
    const failed = (): void => {
      if (settled) return;
      settled = true;
      if (subscription === this.subscription) this.retry(openedAt);
    };
    const timer = setTimeout(failed, this.timeoutMs);
    const onEvent = (event: AdbTrackerEvent): void => {
      if (subscription !== this.subscription) return;
      if (event.type !== 'end') {
        this.onSignal();
        return;
      }
      ended = true;
      this.tracker = undefined;
      this.retry(openedAt);
    };
    this.client.trackDevices(onEvent).then(
      (tracker) => {
        clearTimeout(timer);
        // A subscription that opened after its timeout, or after stop(), is closed at once.
        if (settled || subscription !== this.subscription) {
          tracker.stop();
          return;
        }
        settled = true;
        if (!ended) this.tracker = tracker;
      },
      () => {
        clearTimeout(timer);
        failed();
      },
    );
  }

  /** Re-subscribes with exponential backoff (reset once a subscription lived longer than the longest wait). */
  private retry(openedAt: number): void {
    if (!this.tracking) return;
    if (Date.now() - openedAt > MAX_RETRY_MS) this.attempt = 0;
    const delay = Math.min(MIN_RETRY_MS * 2 ** this.attempt, MAX_RETRY_MS);
    this.attempt += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.subscribe(), delay);
    this.onSignal();
  }
}
