// Live logcat follow for the console's viewer: one open adb stream (`logcat -v threadtime -T <n>`), lines parsed
// with the shared entry parser, redacted by default, and handed over in batches (one per `batchMs`). Read-only:
// it never clears, resizes or writes log files (-c, -G, -f). Stopping closes the adb stream and waits for it.
// Before the stream opens, `date '+%s %z'` reads the device clock, so each threadtime line gets its epoch_ms (the
// viewer's `age:` and time windows); without it (the command failed) lines keep epoch_ms null and `clock` says so.
import type { Duplex } from 'node:stream';
import type { AdbClient } from '../../node/adb/adbkit';
import { toAppError } from '../../node/adb/adbkit';
import { fail, ok, type Result } from '../../shared/errors';
import { isLogDivider, parseLogLine, type LogEntry } from '../../shared/logcat/entry';
import { redactMessage } from '../../shared/logcat/redact';
import { runDeviceCommand } from '../../node/adb/deviceCommand';
import { DEVICE_CLOCK_COMMAND, localEntryEpochMs, parseDeviceClock, type DeviceClock } from './localWindow';

export const MAX_FOLLOW_TAIL = 50_000;
export const DEFAULT_BATCH_MS = 80;

/** One followed line: the parsed entry (message already redacted when redaction is on). */
export interface FollowedLine {
  /** Sequence number within this follow, from 0: gaps would show loss. */
  seq: number;
  entry: LogEntry;
  /** Values redaction replaced in this line. */
  redactions: number;
}

export interface LogcatBatch {
  lines: FollowedLine[];
  /** Lines of other formats (not threadtime), counted and skipped. */
  unparsed: number;
}

export interface LogcatFollowOptions {
  /** `-T <n>`: how many recent lines to start with (1..MAX_FOLLOW_TAIL). */
  tail: number;
  /** Redact messages before they leave this module (default true). */
  redact?: boolean;
  batchMs?: number;
  onBatch(batch: LogcatBatch): void;
  /** Called once when the device side ends the stream (not after stop()). */
  onEnd?(reason: string): void;
}

/** The device clock as the follow read it, with the host time of the reading (for the skew between them). */
export interface FollowClock {
  /** Device epoch ms (whole seconds: `date +%s`). */
  deviceMs: number;
  /** Host epoch ms when the answer came. */
  hostMs: number;
  /** The device's UTC offset then, e.g. `+0100`. */
  utcOffset: string;
}

export interface LogcatFollow {
  readonly command: string;
  /** The device clock read before the stream opened; null when it could not be read (lines then have no epoch). */
  readonly clock: FollowClock | null;
  /** Turns redaction on or off for lines read from now on. */
  setRedaction(on: boolean): void;
  readonly redacting: boolean;
  /** Lines parsed so far. */
  readonly lineCount: number;
  /** Closes the adb stream and resolves once it is closed (pending lines are flushed first). */
  stop(): Promise<void>;
}

/** The exact device command for a follow: only an integer reaches the shell. */
export function followCommand(tail: number): string {
  return `logcat -v threadtime -T ${tail}`;
}

function checkTail(tail: number): Result<number> {
  if (!Number.isInteger(tail) || tail < 1 || tail > MAX_FOLLOW_TAIL)
    return fail(
      'INVALID_ARGUMENTS',
      `tail must be an integer from 1 to ${MAX_FOLLOW_TAIL} (the -T line count)`,
      {
        field: 'tail',
        value: tail,
      },
    );
  return ok(tail);
}

function waitClosed(stream: Duplex): Promise<void> {
  if (stream.closed || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    stream.once('close', () => resolve());
  });
}

/** Opens the follow on `serial`; the stream is open when this resolves. */
export async function followLogcat(
  client: AdbClient,
  serial: string,
  options: LogcatFollowOptions,
): Promise<Result<LogcatFollow>> {
  const tail = checkTail(options.tail);
  if (!tail.ok) return tail;
  const command = followCommand(tail.value);
  const clock = await readClock(client, serial);
  let stream: Duplex;
  try {
    stream = await client.openShell(serial, command);
  } catch (error) {
    return { ok: false, error: toAppError(error) };
  }
  return ok(new Follow(stream, command, options, clock));
}

/** `date '+%s %z'` on the device; null when it fails (the follow still opens). */
async function readClock(
  client: AdbClient,
  serial: string,
): Promise<{ reading: FollowClock; clock: DeviceClock } | null> {
  const answer = await runDeviceCommand(client, serial, DEVICE_CLOCK_COMMAND, { timeoutMs: 5000 });
  if (!answer.ok || answer.value.status !== 'complete') return null;
  const clock = parseDeviceClock(answer.value.stdout);
  if (clock === undefined) return null;
  return {
    clock,
    reading: { deviceMs: clock.epoch_s * 1000, hostMs: Date.now(), utcOffset: clock.utc_offset },
  };
}

class Follow implements LogcatFollow {
  redacting: boolean;
  lineCount = 0;
  private partial = '';
  private pending: FollowedLine[] = [];
  private unparsed = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly secondEpochs = new Map<string, number | null>();
  private secondsCachedAt = Number.NaN;
  private stopping = false;
  private readonly closed: Promise<void>;
  readonly clock: FollowClock | null;

  constructor(
    private readonly stream: Duplex,
    readonly command: string,
    private readonly options: LogcatFollowOptions,
    private readonly deviceClock: { reading: FollowClock; clock: DeviceClock } | null,
  ) {
    this.clock = deviceClock?.reading ?? null;
    this.redacting = options.redact ?? true;
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => this.take(chunk));
    stream.on('error', () => undefined);
    this.closed = waitClosed(stream);
    stream.once('end', () => {
      this.flush();
      if (!this.stopping) this.options.onEnd?.('the device ended the logcat stream');
    });
  }

  setRedaction(on: boolean): void {
    this.redacting = on;
  }

  private take(chunk: string): void {
    const text = this.partial + chunk;
    const lines = text.split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) this.add(line);
    if (this.pending.length > 0 || this.unparsed > 0)
      this.timer ??= setTimeout(() => this.flush(), this.batchMs);
  }

  private get batchMs(): number {
    return this.options.batchMs ?? DEFAULT_BATCH_MS;
  }

  private add(line: string): void {
    if (line === '' || line === '\r' || isLogDivider(line)) return;
    const entry = parseLogLine(line);
    if (entry === undefined) {
      this.unparsed += 1;
      return;
    }
    if (entry.epoch_ms === null && this.deviceClock !== null) entry.epoch_ms = this.epochOf(entry.time);
    let redactions = 0;
    if (this.redacting) {
      const redacted = redactMessage(entry.message);
      entry.message = redacted.text;
      redactions = redacted.count;
    }
    this.pending.push({ seq: this.lineCount, entry, redactions });
    this.lineCount += 1;
  }

  /**
   * The line's epoch ms, its year judged against the device clock now (the reading plus the time since). Lines of
   * one second share the date arithmetic: it is cached per `MM-DD HH:MM:SS` (and per elapsed second of the clock),
   * and only the fraction is added per line (the follow's parse cost at 20,000 lines/s).
   */
  private epochOf(time: string): number | null {
    const base = this.deviceClock;
    if (base === null) return null;
    const elapsedS = Math.floor((Date.now() - base.reading.hostMs) / 1000);
    const clock = { ...base.clock, epoch_s: base.clock.epoch_s + elapsedS };
    const dot = time.indexOf('.');
    if (dot !== 14) return localEntryEpochMs(time, clock);
    if (elapsedS !== this.secondsCachedAt || this.secondEpochs.size > 256) {
      this.secondEpochs.clear();
      this.secondsCachedAt = elapsedS;
    }
    const second = time.slice(0, dot);
    let start = this.secondEpochs.get(second);
    if (start === undefined) {
      start = localEntryEpochMs(`${second}.0`, clock);
      this.secondEpochs.set(second, start);
    }
    const fraction = time.slice(dot + 1);
    if (start === null || !/^\d{1,9}$/.test(fraction)) return localEntryEpochMs(time, clock);
    return start + Math.floor(Number(`0.${fraction}`) * 1000);
  }

  private flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0 && this.unparsed === 0) return;
    const batch = { lines: this.pending, unparsed: this.unparsed };
    this.pending = [];
    this.unparsed = 0;
    this.options.onBatch(batch);
  }

  async stop(): Promise<void> {
    if (!this.stopping) {
      this.stopping = true;
      this.flush();
      this.stream.destroy();
    }
    await this.closed;
    if (this.timer !== undefined) clearTimeout(this.timer);
  }
}
