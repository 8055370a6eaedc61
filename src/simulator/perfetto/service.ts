// The simulated device's tracing service (what traced is on Android): the data sources it offers, the detached
// sessions recording now, the timers that end them at the config's duration, and the scenarios (jank, data loss)
// that shape the next traces. One service per device, keyed by its state like the device's files and processes.
import { filesOf } from '../device/files';
import { processesOf } from '../device/processes';
import type { DeviceState } from '../device/state';
import { jankUntilNs, type JankScenario } from './activity';
import { encodeServiceState, producersFor, serviceVersionFor, type Producer } from './serviceState';
import { traceProcesses } from './threads';
import type { TraceConfig } from './traceConfig';
import { writeTraceWindow, type WrittenTrace } from './traceWriter';

/** The only directory perfetto may write traces to (SELinux on a real device). */
export const TRACE_DIRECTORY = '/data/misc/perfetto-traces';
/** Boot time the device reports in /proc/uptime when the service is created. */
const UPTIME_AT_START_MS = 3_605_210;
const CPUS = 8;
const FRAME_INTERVAL_NS = 16_666_667;
const LOSS_DURATION_NS = 120_000_000;
const MAX_JANK_FRAMES = 1000;
const MAX_OVERRUN_MS = 5000;
/** traced's file_write_period_ms default and floor (kDefaultWriteIntoFilePeriodMs, kMinWriteIntoFilePeriodMs). */
const DEFAULT_WRITE_PERIOD_MS = 5000;
const MIN_WRITE_PERIOD_MS = 100;
/**
 * A periodic write regenerates the window so far (its cost grows with the window), so the next one waits at least
 * this many times as long as the last took: writes use at most ~1/10 of the device's time.
 */
const DRAIN_COST_FACTOR = 10;

export interface StartRequest {
  key: string;
  config: TraceConfig;
  configBytes: Uint8Array;
  /** Device file to write, or undefined to hand the bytes back (`-o -`). */
  path: string | undefined;
  kernelRelease: string;
}

/** A finished session: its file (if any), the trace's bytes, and whether max_file_size_bytes ended it. */
export interface FinishedTrace {
  path: string | undefined;
  data: Buffer;
  capped: boolean;
}

export type StartResult =
  { ok: true } | { ok: false; reason: 'key-in-use' | 'session-name-in-use' | 'no-buffers' };

interface Session {
  key: string;
  config: TraceConfig;
  configBytes: Uint8Array;
  path: string | undefined;
  kernelRelease: string;
  startNs: number;
  waiters: Array<(trace: FinishedTrace | undefined) => void>;
  seed: number;
  /** traced's session id (TracingSessionID), counting from 1 per boot. */
  id: number;
  apps: Set<string>;
  loss?: { atNs: number; durationNs: number };
  timer?: NodeJS.Timeout;
  /** Periodic drain into the file (write_into_file sessions). */
  writeTimer?: NodeJS.Timeout;
  /** Set when the file cap disabled a detached session: recording is over, the session waits for --attach. */
  ended?: FinishedTrace;
}

function hash(text: string): number {
  let value = 2_166_136_261;
  for (let index = 0; index < text.length; index += 1)
    value = Math.imul(value ^ text.charCodeAt(index), 16_777_619) >>> 0;
  return value;
}

/** One device's tracing service. */
export class TracingService {
  private readonly bootEpochMs: number;
  private readonly sessions = new Map<string, Session>();
  private jank: JankScenario[] = [];
  private lossForNextSession = false;
  private sessionsStarted = 0;
  /** Data sources no producer offers now (withdrawSource): left out of --query-raw and --query. */
  private readonly withdrawn = new Set<string>();

  constructor(private readonly state: DeviceState) {
    this.bootEpochMs = state.now() - UPTIME_AT_START_MS;
    filesOf(state).makeDirectory(TRACE_DIRECTORY, Math.floor(state.now() / 1000));
  }

  /** CLOCK_BOOTTIME of the device, in ns. */
  bootNs(): number {
    return Math.round((this.state.now() - this.bootEpochMs) * 1_000_000);
  }

  /** Data source names this device's producers offer (frametimeline from API 31). */
  dataSources(): string[] {
    return this.producers().flatMap((producer) => producer.sources);
  }

  /**
   * A data source stops being offered (`available` false), as when its producer disconnects or restarts, or is
   * offered again; only what --query-raw and --query advertise changes.
   */
  setSourceAvailable(name: string, available: boolean): void {
    if (available) this.withdrawn.delete(name);
    else this.withdrawn.add(name);
  }

  /** This device's producers with the sources they offer now. */
  private producers(): Producer[] {
    return producersFor(this.state.sdkLevel).map((producer) => ({
      ...producer,
      sources: producer.sources.filter((name) => !this.withdrawn.has(name)),
    }));
  }

  /** TracingServiceState as `perfetto --query-raw` prints it. */
  queryRaw(): Buffer {
    return encodeServiceState({
      producers: this.producers(),
      version: serviceVersionFor(this.state.sdkLevel),
      sessions: [...this.sessions.values()].map((session) => ({
        id: session.id,
        disabled: session.ended !== undefined,
        config: session.config,
        startRealtimeNs: this.bootEpochMs * 1_000_000 + session.startNs,
      })),
      sessionsStarted: this.sessionsStarted,
    });
  }

  /** Starts a detached session writing into `path` (created empty, 0600, by the caller's check). */
  start(request: StartRequest): StartResult {
    if (this.sessions.has(request.key)) return { ok: false, reason: 'key-in-use' };
    const name = request.config.uniqueSessionName;
    if (name && [...this.sessions.values()].some((session) => session.config.uniqueSessionName === name))
      return { ok: false, reason: 'session-name-in-use' };
    if (request.config.buffers.length === 0) return { ok: false, reason: 'no-buffers' };
    const startNs = this.bootNs();
    const session: Session = {
      ...request,
      startNs,
      seed: hash(`${request.key}:${startNs}`),
      id: this.sessionsStarted + 1,
      apps: new Set([this.state.foreground.packageName]),
      waiters: [],
    };
    if (this.lossForNextSession) {
      this.lossForNextSession = false;
      const durationNs = request.config.durationMs * 1_000_000 || 2_000_000_000;
      session.loss = { atNs: startNs + Math.floor(durationNs / 2), durationNs: LOSS_DURATION_NS };
    }
    if (request.path !== undefined)
      filesOf(this.state).write(request.path, {
        data: Buffer.alloc(0),
        mode: 0o600,
        mtimeSeconds: Math.floor(this.state.now() / 1000),
      });
    if (request.config.durationMs > 0) {
      session.timer = setTimeout(() => this.finish(session, 'duration'), request.config.durationMs);
      session.timer.unref();
    }
    if (request.config.writeIntoFile && request.path !== undefined) this.scheduleDrain(session, 0);
    this.sessions.set(request.key, session);
    this.sessionsStarted += 1;
    return { ok: true };
  }

  /** True while a session with this detach key exists: recording, or stopped by its file cap and not reattached. */
  isDetached(key: string): boolean {
    return this.sessions.has(key);
  }

  /** True while the session records (false once its file cap disabled it). */
  isRecording(key: string): boolean {
    const session = this.sessions.get(key);
    return session !== undefined && session.ended === undefined;
  }

  /**
   * Ends the session now and writes its file; undefined when there is no such session. A session its file cap
   * already disabled is released with the file as it was written.
   */
  stop(key: string): FinishedTrace | undefined {
    const session = this.sessions.get(key);
    if (!session) return undefined;
    if (session.ended) {
      this.sessions.delete(key);
      return session.ended;
    }
    return this.finish(session, 'stop');
  }

  /** Resolves with the trace when the session ends (duration or stop), undefined if aborted or already gone. */
  waitFor(key: string, signal: AbortSignal): Promise<FinishedTrace | undefined> {
    const session = this.sessions.get(key);
    if (!session || signal.aborted) return Promise.resolve(undefined);
    if (session.ended) return Promise.resolve(this.stop(key));
    return new Promise((resolve) => {
      const onAbort = (): void => resolve(undefined);
      signal.addEventListener('abort', onAbort, { once: true });
      session.waiters.push((trace) => {
        signal.removeEventListener('abort', onAbort);
        resolve(trace);
      });
    });
  }

  /** The package's next `frames` frames miss their deadline by running `overrunMs` longer; false if not running. */
  startJank(packageName: string, options: { frames: number; overrunMs: number }): boolean {
    if (processesOf(this.state).pidOf(packageName) === undefined) return false;
    const frames = Math.min(MAX_JANK_FRAMES, Math.max(1, Math.floor(options.frames)));
    const overrunMs = Math.min(MAX_OVERRUN_MS, Math.max(1, options.overrunMs));
    const fromNs = this.bootNs();
    // Scenarios over before every recording session began can no longer appear in a trace.
    const oldestStart = Math.min(fromNs, ...[...this.sessions.values()].map((session) => session.startNs));
    this.jank = this.jank.filter((scenario) => scenario.untilNs >= oldestStart);
    this.jank.push({
      packageName,
      fromNs,
      untilNs: jankUntilNs(fromNs, frames, overrunMs, FRAME_INTERVAL_NS),
      frames,
      overrunMs,
    });
    for (const session of this.sessions.values()) session.apps.add(packageName);
    return true;
  }

  /** Ftrace data is lost: now in every recording session, or mid-window in the next one when none records. */
  injectLoss(): void {
    const recording = [...this.sessions.values()];
    if (recording.length === 0) this.lossForNextSession = true;
    for (const session of recording) session.loss = { atNs: this.bootNs(), durationNs: LOSS_DURATION_NS };
  }

  /** Device shutdown: timers are cleared and recording sessions end without writing. */
  close(): void {
    for (const session of this.sessions.values()) {
      clearTimeout(session.timer);
      clearTimeout(session.writeTimer);
      for (const waiter of session.waiters) waiter(undefined);
    }
    this.sessions.clear();
  }

  /**
   * A periodic write: the file grows with what was recorded so far. When the next packet would make it reach
   * max_file_size_bytes, traced stops writing and disables the session, as at the end of its duration.
   */
  private drain(session: Session): void {
    if (session.ended || !this.sessions.has(session.key)) return;
    const started = performance.now();
    session.apps.add(this.state.foreground.packageName);
    const written = writeTraceWindow(this.traceInput(session, this.bootNs()), { final: false });
    if (written.capped) {
      this.finish(session, 'file-cap', written);
      return;
    }
    this.writeFile(session, written.data);
    this.scheduleDrain(session, performance.now() - started);
  }

  /** The next periodic write: file_write_period_ms (default 5 s, at least 100 ms), spaced out by its cost. */
  private scheduleDrain(session: Session, lastCostMs: number): void {
    const period = Math.max(MIN_WRITE_PERIOD_MS, session.config.fileWritePeriodMs || DEFAULT_WRITE_PERIOD_MS);
    session.writeTimer = setTimeout(
      () => this.drain(session),
      Math.max(period, DRAIN_COST_FACTOR * lastCostMs),
    );
    session.writeTimer.unref();
  }

  /**
   * Stops recording and writes the file. At the end of its duration a detached session is freed (traced's
   * FlushAndDisableTracing without a consumer); a file cap only disables it, so it stays attachable until --attach.
   */
  private finish(
    session: Session,
    reason: 'duration' | 'stop' | 'file-cap',
    capped?: WrittenTrace,
  ): FinishedTrace {
    clearTimeout(session.timer);
    clearTimeout(session.writeTimer);
    const endNs = this.bootNs();
    session.apps.add(this.state.foreground.packageName);
    const written = capped ?? writeTraceWindow(this.traceInput(session, endNs), { final: true });
    this.writeFile(session, written.data);
    const finished = { path: session.path, data: written.data, capped: written.capped };
    const waiters = session.waiters.splice(0);
    if (reason === 'file-cap' && waiters.length === 0) session.ended = finished;
    else this.sessions.delete(session.key);
    for (const waiter of waiters) waiter(finished);
    return finished;
  }

  private writeFile(session: Session, data: Buffer): void {
    if (session.path === undefined) return;
    filesOf(this.state).write(session.path, {
      data,
      mode: 0o600,
      mtimeSeconds: Math.floor(this.state.now() / 1000),
    });
  }

  private traceInput(session: Session, endNs: number): Parameters<typeof writeTraceWindow>[0] {
    const processes = processesOf(this.state);
    const apps = [...session.apps].flatMap((packageName) => {
      const pid = processes.pidOf(packageName);
      if (pid === undefined) return [];
      const foreground = this.state.foreground;
      const activity =
        foreground.packageName === packageName ? foreground.activity : `${packageName}.MainActivity`;
      return [{ packageName, pid, layerName: `TX - ${packageName}/${activity}#0` }];
    });
    const realtimeNs = this.bootEpochMs * 1_000_000 + session.startNs;
    return {
      config: session.config,
      configBytes: session.configBytes,
      startNs: session.startNs,
      endNs,
      seed: session.seed,
      cpus: CPUS,
      processes: traceProcesses(processes.list()),
      apps,
      jank: this.jank,
      frameIntervalNs: FRAME_INTERVAL_NS,
      sdkLevel: this.state.sdkLevel,
      fingerprint: this.state.getProperty('ro.build.fingerprint') ?? '',
      kernelRelease: session.kernelRelease,
      realtimeNs,
      monotonicOffsetNs: 1_207_000_000,
      ...(session.loss ? { loss: session.loss } : {}),
    };
  }

  /** `perfetto --version`. */
  queryVersion(): string {
    return serviceVersionFor(this.state.sdkLevel);
  }
}

const services = new WeakMap<DeviceState, TracingService>();

/** The tracing service of the device whose state this is. */
export function tracingServiceOf(state: DeviceState): TracingService {
  let service = services.get(state);
  if (!service) {
    service = new TracingService(state);
    services.set(state, service);
  }
  return service;
}

/** Ends the device's tracing sessions (device close); nothing happens when perfetto was never used. */
export function closeTracingService(state: DeviceState): void {
  services.get(state)?.close();
}
