// Background log traffic of a simulated device: system_server, System UI, the radio and the running apps write
// realistic lines at a configured rate. Entries come from a seeded generator and are written lazily, when the log is
// read (state.logs()) or while a streaming reader is attached (the only time a timer runs).
import { PHONE_PID, processesOf, SYSTEM_SERVER_PID, SYSTEMUI_PACKAGE } from './processes';
import type { DeviceState, LogInput, LogSource } from './state';

export interface LogTrafficOptions {
  /** Mean entries per second over all writers (a Pixel at rest writes 2-10); 0 writes nothing. */
  ratePerSecond: number;
  /** Same seed, same clock: same entries. */
  seed: number;
  /** How much history exists when traffic starts (the boot tail `logcat -d` shows); default 20 s. */
  historyMs?: number;
}

/** Milliseconds between catch-ups while a streaming reader is attached. */
const READER_TICK_MS = 200;

/** mulberry32: a small, fast, well-mixed 32-bit generator. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Writer = { pid: number; uid: number; packageName?: string };
type Template = (random: () => number, writer: Writer, threads: number[]) => LogInput;

const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;
const int = (random: () => number, low: number, high: number): number =>
  low + Math.floor(random() * (high - low + 1));

const SYSTEM_TEMPLATES: readonly Template[] = [
  (random, writer, threads) => ({
    buffer: 'system',
    priority: 'I',
    tag: 'UsageStatsService',
    message: 'User[0] Flushing usage stats to disk',
    tid: threads[5],
  }),
  (random) => ({
    buffer: 'system',
    priority: 'D',
    tag: 'ConnectivityService',
    message: `NetReassign [no changes] [c ${int(random, 1, 4)}] [a 1] [i 0]`,
  }),
  (random, writer, threads) => ({
    buffer: 'system',
    priority: 'I',
    tag: 'JobScheduler',
    message: `Job ${int(random, 100, 999)} (u0a${int(random, 100, 200)}) finished: reason=${pick(random, ['successful', 'timeout', 'constraints'])}`,
    tid: threads[6],
  }),
  (random) => ({
    buffer: 'system',
    priority: 'W',
    tag: 'ActivityManager',
    message: `Slow operation: ${int(random, 51, 180)}ms so far, now at startProcess: done updating pids map`,
  }),
  (random, writer, threads) => ({
    priority: 'D',
    tag: 'BatteryService',
    message: `Processing new values: level=${int(random, 60, 90)}, temperature=${int(random, 280, 320)}, voltage=${int(random, 3900, 4300)}`,
    tid: threads[4],
  }),
  (random, writer, threads) => ({
    priority: 'I',
    tag: 'WifiClientModeImpl[wlan0]',
    message: `Connected to "SimNet" rssi=${-int(random, 45, 70)} linkSpeed=${pick(random, [433, 866, 1200])}Mbps`,
    tid: threads[3],
  }),
  (random) => ({
    buffer: 'events',
    priority: 'I',
    tag: 'battery_level',
    ...((): Pick<LogInput, 'message' | 'event'> => {
      const level = int(random, 60, 90);
      const voltage = int(random, 3900, 4300);
      const temperature = int(random, 280, 320);
      return {
        message: `[${level},${voltage},${temperature}]`,
        event: { tagNumber: 2722, values: [{ int: level }, { int: voltage }, { int: temperature }] },
      };
    })(),
  }),
];

const APP_TEMPLATES: readonly Template[] = [
  (random, writer, threads) => ({
    priority: 'D',
    tag: 'OpenGLRenderer',
    message: `endAllActiveAnimators on 0xb400007a${int(random, 0x100000, 0xffffff).toString(16)} (RippleDrawable) with handle 0xb400007b${int(random, 0x100000, 0xffffff).toString(16)}`,
    tid: threads[5],
  }),
  (random) => ({
    priority: 'I',
    tag: 'Choreographer',
    message: `Skipped ${int(random, 30, 90)} frames!  The application may be doing too much work on its main thread.`,
  }),
  (random, writer) => ({
    priority: 'D',
    tag: 'CompatibilityChangeReporter',
    message: `Compat change id reported: ${pick(random, [171228096, 194833441, 237531167])}; UID ${writer.uid}; state: ENABLED`,
  }),
  (random, writer, threads) => ({
    priority: 'I',
    tag: 'okhttp.OkHttpClient',
    message: `<-- 200 https://api.${(writer.packageName ?? 'app').split('.')[1] ?? 'app'}.example/v1/${pick(random, ['feed', 'sync', 'config', 'cart'])} (${int(random, 40, 400)}ms, ${int(random, 1, 40)}.${int(random, 0, 9)}kB body)`,
    tid: threads[6],
  }),
  () => ({ priority: 'D', tag: 'InsetsController', message: 'hide(ime(), fromIme=false)' }),
  (random, writer) => ({
    priority: 'D',
    tag: 'ProfileInstaller',
    message: `Installing profile for ${writer.packageName ?? 'app'}`,
  }),
];

const SYSTEMUI_TEMPLATES: readonly Template[] = [
  (random) => ({
    priority: 'D',
    tag: 'KeyguardUpdateMonitor',
    message: `handleBatteryUpdate level=${int(random, 60, 90)}`,
  }),
  (random) => ({
    priority: 'I',
    tag: 'NotifCollection',
    message: `notification posted 0|com.android.systemui|${int(random, 1, 9)}|null|10178`,
  }),
];

const RADIO_TEMPLATES: readonly Template[] = [
  (random) => ({
    buffer: 'radio',
    priority: 'D',
    tag: 'RILJ',
    message: `[UNSL]< UNSOL_SIGNAL_STRENGTH SignalStrength:{mLte=CellSignalStrengthLte: rssi=${-int(random, 60, 90)} rsrp=${-int(random, 90, 115)} level=${int(random, 2, 4)}} [PHONE0]`,
  }),
  (random) => ({
    buffer: 'radio',
    priority: 'D',
    tag: 'ServiceStateTracker',
    message: `[0] Poll ServiceState done: oldSS=[0 home] newSS=[0 home] oldMaxDataCalls=${int(random, 1, 2)} mNewMaxDataCalls=1`,
  }),
];

class LogTraffic implements LogSource {
  private nextTimeMs: number;
  private index = 0;
  private readonly timing: () => number;
  private readers = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly state: DeviceState,
    private readonly options: LogTrafficOptions,
  ) {
    this.timing = generator(options.seed);
    this.nextTimeMs = state.now() - (options.historyMs ?? 20_000);
    this.advance();
  }

  private advance(): void {
    // Exponential gaps: a Poisson stream at the configured rate.
    const gap = -Math.log(1 - this.timing()) * (1000 / this.options.ratePerSecond);
    this.nextTimeMs += Math.max(1, Math.round(gap));
  }

  catchUp(nowMs: number): void {
    if (!(this.options.ratePerSecond > 0)) return;
    while (this.nextTimeMs <= nowMs) {
      this.write(this.nextTimeMs, this.index);
      this.index += 1;
      this.advance();
    }
  }

  private write(timeMs: number, index: number): void {
    const random = generator(this.options.seed ^ Math.imul(index + 1, 0x9e3779b1));
    const processes = processesOf(this.state);
    const roll = random();
    let writer: Writer;
    let templates: readonly Template[];
    if (roll < 0.4) {
      writer = { pid: SYSTEM_SERVER_PID, uid: 1000 };
      templates = SYSTEM_TEMPLATES;
    } else if (roll < 0.5) {
      writer = { pid: PHONE_PID, uid: 1001 };
      templates = RADIO_TEMPLATES;
    } else {
      const apps = processes.appProcesses().filter((process) => !process.processName.endsWith(':remote'));
      const foreground = apps.find((process) => process.packageName === this.state.foreground.packageName);
      // The foreground app writes half of the app traffic; the others share the rest.
      const process =
        foreground && random() < 0.5 ? foreground : apps.length > 0 ? pick(random, apps) : undefined;
      if (!process) return;
      writer = { pid: process.pid, uid: process.uid, packageName: process.packageName };
      templates = process.packageName === SYSTEMUI_PACKAGE ? SYSTEMUI_TEMPLATES : APP_TEMPLATES;
    }
    const threads = processes.threads(writer.pid).map((thread) => thread.tid);
    const entry = pick(random, templates)(random, writer, threads);
    this.state.appendLog({ pid: writer.pid, tid: writer.pid, uid: writer.uid, ...entry, timeMs });
  }

  /** Streaming readers attached now; the timer runs only while this is above 0. */
  get attachedReaders(): number {
    return this.timer === undefined ? 0 : this.readers;
  }

  /** Keeps new entries flowing to 'log' listeners while at least one streaming reader is attached. */
  attachReader(): () => void {
    this.readers += 1;
    if (this.readers === 1 && this.options.ratePerSecond > 0) {
      this.timer = setInterval(() => this.state.catchUpLogs(), READER_TICK_MS);
      this.timer.unref?.();
    }
    let attached = true;
    return () => {
      if (!attached) return;
      attached = false;
      this.readers -= 1;
      if (this.readers === 0 && this.timer !== undefined) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }
}

export type { LogTraffic };

const trafficByState = new WeakMap<DeviceState, LogTraffic>();

/** Starts background log traffic on a device (once; a second call keeps the first generator). */
export function startLogTraffic(state: DeviceState, options: LogTrafficOptions): LogTraffic {
  let traffic = trafficByState.get(state);
  if (!traffic) {
    traffic = new LogTraffic(state, options);
    trafficByState.set(state, traffic);
    state.addLogSource(traffic);
  }
  return traffic;
}

/** The device's traffic generator, if it has one. */
export function logTrafficOf(state: DeviceState): LogTraffic | undefined {
  return trafficByState.get(state);
}

/** A streaming reader's hold on the device's traffic timer; a no-op release when the device has no traffic. */
export function attachLogReader(state: DeviceState): () => void {
  return trafficByState.get(state)?.attachReader() ?? (() => undefined);
}
