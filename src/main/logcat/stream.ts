// Live logcat follow for the console's viewer: one open adb stream (`logcat -v threadtime -T <n>`), lines parsed
// with the shared entry parser, redacted by default, and handed over in batches (one per `batchMs`). Read-only:
// it never clears, resizes or writes log files (-c, -G, -f). Stopping closes the adb stream and waits for it.
import type { Duplex } from 'node:stream';
import type { AdbClient } from '../../node/adb/adbkit';
import { toAppError } from '../../node/adb/adbkit';
import { fail, ok, type Result } from '../../shared/errors';
import { isLogDivider, parseLogLine, type LogEntry } from '../../shared/logcat/entry';
import { redactMessage } from '../../shared/logcat/redact';

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

export interface LogcatFollow {
  readonly command: string;
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
  let stream: Duplex;
  try {
    stream = await client.openShell(serial, command);
  } catch (error) {
    return { ok: false, error: toAppError(error) };
  }
  return ok(new Follow(stream, command, options));
}

class Follow implements LogcatFollow {
  redacting: boolean;
  lineCount = 0;
  private partial = '';
  private pending: FollowedLine[] = [];
  private unparsed = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopping = false;
  private readonly closed: Promise<void>;

  constructor(
    private readonly stream: Duplex,
    readonly command: string,
    private readonly options: LogcatFollowOptions,
  ) {
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
    let redactions = 0;
    if (this.redacting) {
      const redacted = redactMessage(entry.message);
      entry.message = redacted.text;
      redactions = redacted.count;
    }
    this.pending.push({ seq: this.lineCount, entry, redactions });
    this.lineCount += 1;
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
