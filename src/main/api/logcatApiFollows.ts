// The console's live logcat follows: one followLogcat stream per follow, its lines filtered by the follow's query
// and relayed as logcat:batch events, paced by a FollowPacer: at most maxLinesPerSecond (the follow's cap) in events
// of at most maxLinesPerEvent lines, checked every emitMs; beyond a second's backlog the oldest lines are skipped,
// counted in `dropped` and marked in the next batch's `skips` (never dropped silently). A stream the device ends
// (unplugged, adb gone) becomes one logcat:ended event with the reason as a structured error.
import type { LogcatFollowCounts, LogcatFollowInfo, LogcatLine } from '../../shared/api/logcatSchemas';
import { DEFAULT_FOLLOW_TAIL_LINES } from '../../shared/api/logcatSchemas';
import { fail, ok, type AppError, type Result } from '../../shared/errors';
import { matchesLogQuery, parseLogQuery, type LogQuery } from '../../shared/logcat/query';
import { REDACTION_CAVEAT } from '../../shared/logcat/redact';
import type { ConsoleEventName, ConsoleEvents } from '../../shared/api/contract';
import { followCommand, followLogcat, type LogcatFollow, type LogcatBatch } from '../logcat/stream';
import { DEFAULT_FOLLOW_MAX_LINES_PER_SECOND, FollowPacer, type PacedBatch } from '../logcat/followPacer';
import type { AdbClient } from '../../node/adb/adbkit';
import { runDeviceCommand } from '../../node/adb/deviceCommand';
import type { DeviceHubPort } from './dependencies';
import { ProcessNames } from './logcatApiProcesses';

export interface LogcatFollowsOptions {
  hub: Pick<DeviceHubPort, 'resolve'>;
  events: { emit<E extends ConsoleEventName>(event: E, payload: ConsoleEvents[E]): void };
  now?: () => number;
  /** One logcat:batch per this many ms at most (default 50). */
  emitMs?: number;
  /**
   * Lines per event at most (default 500, about 125 KB): each event is one task on the page's main thread (JSON,
   * schema, model), so small events leave room for frames between them.
   */
  maxLinesPerEvent?: number;
  /** Lines waiting to be sent at most; beyond it the oldest are skipped, marked (default: one second at the cap). */
  maxPending?: number;
  /** The default cap of a follow, lines/s sent (default 25,000); logcat:start may set its own. */
  maxLinesPerSecond?: number;
  /** Follows open at once at most (default 8); starting one more closes the oldest. */
  maxFollows?: number;
  /** Minimum ms between two process-list reads of a follow (default 2000). */
  processRefreshMs?: number;
}

export interface StartFollow {
  serial: string;
  query?: string | undefined;
  redact?: boolean | undefined;
  tail?: number | undefined;
  maxLinesPerSecond?: number | undefined;
}

/** What a bad query answers: INVALID_ARGUMENTS naming the first malformed token, every error in details. */
export function queryError(text: string, query: LogQuery): AppError | undefined {
  const [first] = query.errors;
  if (first === undefined) return undefined;
  return {
    code: 'INVALID_ARGUMENTS',
    message: `query: "${first.token}" ${first.message}`,
    details: { field: 'query', query: text, errors: query.errors },
  };
}

/** Whether adb still reaches the device: a harmless `true` (read-only), its failure as the reason. */
async function probeDevice(client: AdbClient, serial: string): Promise<Result<void>> {
  const answer = await runDeviceCommand(client, serial, 'true', { timeoutMs: PROBE_TIMEOUT_MS });
  if (!answer.ok) return answer;
  if (answer.value.status === 'timed_out')
    return fail('DEVICE_OFFLINE', `${serial} did not answer within ${PROBE_TIMEOUT_MS} ms`, { serial });
  return ok(undefined);
}

const PROBE_TIMEOUT_MS = 3000;
let counter = 0;
function nextFollowId(): string {
  counter += 1;
  return `lf-${Date.now().toString(36)}${counter.toString(36)}`;
}

type RelayOptions = Required<Omit<LogcatFollowsOptions, 'hub' | 'events' | 'maxPending'>> &
  Pick<LogcatFollowsOptions, 'events' | 'maxPending'>;

class Relay {
  private readonly pacer: FollowPacer;
  private timer: NodeJS.Timeout | undefined;
  received = 0;
  private unparsed = 0;
  private ended = false;
  follow: LogcatFollow | undefined;

  constructor(
    readonly client: AdbClient,
    readonly info: LogcatFollowInfo,
    private readonly query: LogQuery,
    readonly processes: ProcessNames,
    private readonly options: RelayOptions,
  ) {
    this.pacer = new FollowPacer({
      maxLinesPerSecond: info.maxLinesPerSecond ?? options.maxLinesPerSecond,
      maxLinesPerEvent: options.maxLinesPerEvent,
      // 3,000 lines a turn at most (about 740 KB): under the 1 MiB the event stream lets a client fall behind.
      maxLinesPerTake: Math.max(options.maxLinesPerEvent, 3000),
      ...(options.maxPending === undefined ? {} : { maxBacklog: options.maxPending }),
    });
  }

  /** Lines skipped by the cap so far (each skip marked in a batch). */
  get dropped(): number {
    return this.pacer.skipped;
  }

  counts(): LogcatFollowCounts {
    return {
      followId: this.info.followId,
      serial: this.info.serial,
      received: this.received,
      dropped: this.dropped,
    };
  }

  take(batch: LogcatBatch): void {
    if (this.ended) return;
    this.unparsed += batch.unparsed;
    const context = {
      packageOf: (pid: number) => this.processes.nameOf(pid),
      nowMs: this.options.now(),
    };
    const passed: LogcatLine[] = [];
    for (const line of batch.lines) {
      this.processes.noticePid(line.entry.pid);
      if (this.query.terms.length > 0 && !matchesLogQuery(this.query, line.entry, context)) continue;
      this.processes.announce(line.entry.pid);
      passed.push(line);
    }
    this.received += passed.length;
    this.pacer.push(passed);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer !== undefined || this.ended) return;
    if (this.pacer.waiting === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      for (const paced of this.pacer.take()) this.emit(paced);
      this.schedule();
    }, this.options.emitMs);
  }

  private emit(paced: PacedBatch): void {
    this.options.events.emit('logcat:batch', {
      ...this.counts(),
      lines: paced.lines,
      unparsed: this.unparsed,
      processes: this.processes.takeFresh(),
      ...(paced.skips.length > 0 ? { skips: paced.skips } : {}),
    });
  }

  /** Sends every waiting line (in bounded events, past the cap) and any skip not yet marked; stops relaying. */
  finish(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    for (const paced of this.pacer.takeAll()) this.emit(paced);
    this.ended = true;
  }
}

export class LogcatFollows {
  private readonly relays = new Map<string, Relay>();
  private readonly options: Omit<RelayOptions, 'events'>;

  constructor(private readonly dependencies: LogcatFollowsOptions) {
    this.options = {
      now: dependencies.now ?? (() => Date.now()),
      emitMs: dependencies.emitMs ?? 50,
      maxLinesPerEvent: dependencies.maxLinesPerEvent ?? 500,
      maxPending: dependencies.maxPending,
      maxLinesPerSecond: dependencies.maxLinesPerSecond ?? DEFAULT_FOLLOW_MAX_LINES_PER_SECOND,
      maxFollows: dependencies.maxFollows ?? 8,
      processRefreshMs: dependencies.processRefreshMs ?? 2000,
    };
  }

  get size(): number {
    return this.relays.size;
  }

  async start(request: StartFollow): Promise<Result<LogcatFollowInfo>> {
    const text = (request.query ?? '').trim();
    const query = parseLogQuery(text);
    const invalid = queryError(text, query);
    if (invalid !== undefined) return { ok: false, error: invalid };
    const device = await this.dependencies.hub.resolve(request.serial);
    if (!device.ok) return device;
    const { client, serial } = device.value;
    const processes = new ProcessNames(client, serial, this.options.now, this.options.processRefreshMs);
    await processes.read();
    const redact = request.redact ?? true;
    const tail = request.tail ?? DEFAULT_FOLLOW_TAIL_LINES;
    const followId = nextFollowId();
    const info: LogcatFollowInfo = {
      followId,
      serial,
      command: followCommand(tail),
      query: text,
      redacting: redact,
      caveat: REDACTION_CAVEAT,
      startedAt: new Date(this.options.now()).toISOString(),
      maxLinesPerSecond: request.maxLinesPerSecond ?? this.options.maxLinesPerSecond,
    };
    const relay = new Relay(client, info, query, processes, {
      ...this.options,
      events: this.dependencies.events,
    });
    const opened = await followLogcat(client, serial, {
      tail,
      redact,
      batchMs: this.options.emitMs,
      onBatch: (batch) => relay.take(batch),
      onEnd: (reason) => void this.ended(followId, reason),
    });
    if (!opened.ok) return opened;
    relay.follow = opened.value;
    info.deviceClock = opened.value.clock;
    this.relays.set(followId, relay);
    await this.makeRoom();
    return ok(info);
  }

  /** Closes the follow's adb stream, waits until it is closed, sends what was read, and answers the counts. */
  async stop(followId: string): Promise<Result<LogcatFollowCounts>> {
    const relay = this.relays.get(followId);
    if (relay === undefined)
      return fail('NOT_FOUND', `No logcat follow ${followId}: it was stopped or has ended; start a new one`, {
        field: 'followId',
        followId,
      });
    this.relays.delete(followId);
    await relay.follow?.stop();
    relay.finish();
    return ok(relay.counts());
  }

  setRedaction(followId: string, redact: boolean): Result<LogcatFollowInfo> {
    const relay = this.relays.get(followId);
    if (relay === undefined)
      return fail('NOT_FOUND', `No logcat follow ${followId}: it was stopped or has ended; start a new one`, {
        field: 'followId',
        followId,
      });
    relay.follow?.setRedaction(redact);
    relay.info.redacting = redact;
    return ok({ ...relay.info });
  }

  /**
   * A page that went away without stopping its follow leaves it open; beyond maxFollows the oldest is closed, so
   * they never pile up. Its page (if still there) gets logcat:ended saying why.
   */
  private async makeRoom(): Promise<void> {
    while (this.relays.size > this.options.maxFollows) {
      const [oldest] = this.relays.keys();
      if (oldest === undefined) return;
      const relay = this.relays.get(oldest);
      const stopped = await this.stop(oldest);
      if (relay === undefined || !stopped.ok) continue;
      this.dependencies.events.emit('logcat:ended', {
        ...stopped.value,
        error: {
          code: 'COMMAND_CANCELLED',
          message: `The logcat follow ended: at most ${this.options.maxFollows} follows stay open and a newer one started; restart it`,
          details: { serial: relay.info.serial, command: relay.info.command, max: this.options.maxFollows },
        },
      });
    }
  }

  /** Stops every follow (console shutdown). */
  async close(): Promise<void> {
    await Promise.all([...this.relays.keys()].map((followId) => this.stop(followId)));
  }

  /** The device ended the stream: send what was read, then logcat:ended with why. */
  private async ended(followId: string, reason: string): Promise<void> {
    const relay = this.relays.get(followId);
    if (relay === undefined) return;
    this.relays.delete(followId);
    relay.finish();
    const { serial } = relay.info;
    // Why a probe and not the hub: the hub's device list can lag the unplug by a poll; adb itself knows now.
    const device = await probeDevice(relay.client, serial);
    const error: AppError = device.ok
      ? {
          code: 'ANDROID_COMMAND_FAILED',
          message: `The logcat follow ended: ${reason} on ${serial}; start it again`,
          details: { serial, command: relay.info.command },
        }
      : {
          ...device.error,
          message: `The logcat follow ended: ${device.error.message}`,
          details: { ...device.error.details, serial, command: relay.info.command },
        };
    this.dependencies.events.emit('logcat:ended', { ...relay.counts(), error });
  }
}
