// The simulated device's activity over a recording window, as kernel and SurfaceFlinger events: apps drawing at the
// display's vsync (Choreographer#doFrame on the main thread, DrawFrame on RenderThread), SurfaceFlinger composing,
// binder calls into system_server, and the scheduler's switches and wakeups per CPU. Deterministic from a seed.
import { threadNamed, type TraceProcess, type TraceThread } from './threads';

/**
 * A scenario's jank: the package's next `frames` frames from `fromNs` run `overrunMs` longer on the main thread.
 * They happen in device time: a trace covering only part of [fromNs, untilNs) shows only that part.
 */
export interface JankScenario {
  packageName: string;
  fromNs: number;
  untilNs: number;
  frames: number;
  overrunMs: number;
}

/** Where a jank scenario ends: each late frame holds the main thread for the vsyncs its doFrame spans. */
export function jankUntilNs(
  fromNs: number,
  frames: number,
  overrunMs: number,
  frameIntervalNs: number,
): number {
  const vsyncsPerFrame = Math.ceil((overrunMs * 1_000_000 + 6_000_000) / frameIntervalNs) + 1;
  return fromNs + frames * vsyncsPerFrame * frameIntervalNs;
}

export interface DrawingApp {
  packageName: string;
  pid: number;
  /** SurfaceFlinger's layer name (`TX - pkg/activity#0`). */
  layerName: string;
}

export interface ActivityInput {
  startNs: number;
  endNs: number;
  seed: number;
  cpus: number;
  processes: TraceProcess[];
  apps: DrawingApp[];
  jank: JankScenario[];
  /** Apps whose own atrace sections (Trace.beginSection) are recorded: atrace_apps. */
  atraceApps: ReadonlySet<string> | 'all';
  frameIntervalNs: number;
}

export type SchedEvent =
  | { kind: 'switch'; prev: TraceThread; prevState: number; next: TraceThread }
  | { kind: 'waking' | 'wakeup'; target: TraceThread; targetCpu: number }
  | {
      kind: 'binder';
      debugId: number;
      toPid: number;
      toTid: number;
      reply: boolean;
      code: number;
      flags: number;
    }
  | { kind: 'binderReceived'; debugId: number }
  | { kind: 'print'; buf: string; category: AtraceCategory };

/** Which atrace switch records a print: the gfx or view category, or the app listed in atrace_apps. */
export type AtraceCategory = 'gfx' | 'view' | 'app';

/** One ftrace event on one CPU; `tid` is the thread that emitted it (FtraceEvent.pid). */
export type CpuEvent = SchedEvent & { ts: number; cpu: number; tid: number };

/** One FrameTimeline interval (a start event and its frame_end). */
export interface FrameInterval {
  kind: 'expectedDisplay' | 'actualDisplay' | 'expectedSurface' | 'actualSurface';
  startNs: number;
  endNs: number;
  token: number;
  displayToken: number;
  pid: number;
  layerName: string;
  jankType: number;
  presentType: number;
  onTimeFinish: boolean;
}

export interface Activity {
  events: CpuEvent[];
  frames: FrameInterval[];
}

const MS = 1_000_000;
const US = 1_000;
const SURFACE_DEADLINE_NS = 20_500_000;
const DISPLAY_FRAME_NS = 10_500_000;
const TOKEN_BASE = 1_000_000;

/** mulberry32: a small seeded generator, so the same seed gives the same trace. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function idleThread(cpu: number): TraceThread {
  return { tid: 0, pid: 0, comm: `swapper/${cpu}`, prio: 120 };
}

/** Per-CPU scheduler: which thread runs where, and the switch/wakeup events that says so. */
class Scheduler {
  readonly events: CpuEvent[] = [];
  private readonly freeAt: number[];
  private readonly running = new Map<number, number>();

  constructor(
    private readonly cpus: number,
    private readonly endNs: number,
  ) {
    this.freeAt = Array.from({ length: cpus }, () => 0);
  }

  /** Wakes `thread` (by `waker`) and runs it from `at` on a free CPU; returns the time it actually started. */
  start(thread: TraceThread, at: number, waker: TraceThread | undefined): number {
    const preferred = thread.tid % this.cpus;
    let cpu = -1;
    for (let offset = 0; offset < this.cpus && cpu < 0; offset += 1) {
      const candidate = (preferred + offset) % this.cpus;
      if ((this.freeAt[candidate] as number) <= at) cpu = candidate;
    }
    let started = at;
    if (cpu < 0) {
      cpu = this.freeAt.indexOf(Math.min(...this.freeAt));
      started = (this.freeAt[cpu] as number) + 5 * US;
    }
    const wakeAt = started - 20 * US;
    const wakerTid = waker?.tid ?? 0;
    this.push({ kind: 'waking', target: thread, targetCpu: cpu, ts: wakeAt, cpu, tid: wakerTid });
    this.push({ kind: 'wakeup', target: thread, targetCpu: cpu, ts: wakeAt + 2 * US, cpu, tid: wakerTid });
    this.push({
      kind: 'switch',
      prev: idleThread(cpu),
      prevState: 0,
      next: thread,
      ts: started,
      cpu,
      tid: 0,
    });
    this.freeAt[cpu] = Number.POSITIVE_INFINITY;
    this.running.set(thread.tid, cpu);
    return started;
  }

  /** The thread blocks (prev_state S) at `at`; its CPU goes idle. */
  stop(thread: TraceThread, at: number): void {
    const cpu = this.cpuOf(thread);
    this.push({
      kind: 'switch',
      prev: thread,
      prevState: 1,
      next: idleThread(cpu),
      ts: at,
      cpu,
      tid: thread.tid,
    });
    this.freeAt[cpu] = at;
    this.running.delete(thread.tid);
  }

  /** `by` preempts the running `victim` (prev_state R) for `durationNs`, then the victim runs again. */
  preempt(victim: TraceThread, by: TraceThread, at: number, durationNs: number): void {
    const cpu = this.cpuOf(victim);
    this.push({ kind: 'waking', target: by, targetCpu: cpu, ts: at - 15 * US, cpu, tid: 0 });
    this.push({ kind: 'wakeup', target: by, targetCpu: cpu, ts: at - 13 * US, cpu, tid: 0 });
    this.push({ kind: 'switch', prev: victim, prevState: 0, next: by, ts: at, cpu, tid: victim.tid });
    this.push({
      kind: 'switch',
      prev: by,
      prevState: 1,
      next: victim,
      ts: at + durationNs,
      cpu,
      tid: by.tid,
    });
  }

  emit(thread: TraceThread, at: number, event: SchedEvent): void {
    this.push({ ...event, ts: at, cpu: this.cpuOf(thread), tid: thread.tid });
  }

  cpuOf(thread: TraceThread): number {
    const cpu = this.running.get(thread.tid);
    if (cpu === undefined) throw new Error(`${thread.comm} (${thread.tid}) is not running`);
    return cpu;
  }

  private push(event: CpuEvent): void {
    if (event.ts <= this.endNs) this.events.push(event);
  }
}

interface Actors {
  sfMain: TraceThread;
  sfApp: TraceThread;
  /** system_server binder threads and background threads, one of each per drawing app (by index). */
  ssBinders: TraceThread[];
  ssBackground: TraceThread[];
  ssPid: number;
  sfPid: number;
}

function actors(processes: TraceProcess[]): Actors {
  const find = (name: string): TraceProcess => {
    const process = processes.find((candidate) => candidate.cmdline === name);
    if (!process) throw new Error(`the device has no ${name} process`);
    return process;
  };
  const sf = find('surfaceflinger');
  const ss = find('system_server');
  return {
    sfMain: threadNamed(sf, 'surfaceflinger'),
    sfApp: threadNamed(sf, 'app'),
    ssBinders: [1, 2, 3].map((index) => threadNamed(ss, `binder:${ss.pid}_${index}`)),
    ssBackground: ['android.bg', 'android.display', 'ActivityManager'].map((name) => threadNamed(ss, name)),
    ssPid: ss.pid,
    sfPid: sf.pid,
  };
}

/** Generates the window's events: per-CPU ftrace events (unsorted across CPUs) and FrameTimeline intervals. */
export function simulateActivity(input: ActivityInput): Activity {
  const next = random(input.seed);
  const scheduler = new Scheduler(input.cpus, input.endNs);
  const frames: FrameInterval[] = [];
  const cast = actors(input.processes);
  const interval = input.frameIntervalNs;
  const firstVsync = Math.ceil(input.startNs / interval) * interval;
  const appState = input.apps.map((app, appIndex) => {
    const process = input.processes.find((candidate) => candidate.pid === app.pid);
    if (!process) throw new Error(`no process for ${app.packageName}`);
    return {
      app,
      main: threadNamed(process, process.threads[0]?.comm ?? ''),
      renderThread: threadNamed(process, 'RenderThread'),
      nextVsync: firstVsync,
      binder: cast.ssBinders[appIndex % cast.ssBinders.length] as TraceThread,
      background: cast.ssBackground[appIndex % cast.ssBackground.length] as TraceThread,
      jankUsed: new Map<JankScenario, number>(),
    };
  });
  let debugId = 1000 + Math.floor(next() * 1000);

  for (let vsync = firstVsync, index = 0; vsync < input.endNs; vsync += interval, index += 1) {
    const surfaceToken = TOKEN_BASE + index * 2;
    const displayToken = surfaceToken + 1;
    // SurfaceFlinger composes every vsync.
    const sfStart = scheduler.start(cast.sfMain, vsync + 500 * US, cast.sfApp);
    scheduler.emit(cast.sfMain, sfStart + 10 * US, {
      kind: 'print',
      buf: `B|${cast.sfPid}|composite ${displayToken}\n`,
      category: 'gfx',
    });
    const sfEnd = sfStart + 900 * US + Math.floor(next() * 400 * US);
    scheduler.emit(cast.sfMain, sfEnd - 10 * US, {
      kind: 'print',
      buf: `E|${cast.sfPid}\n`,
      category: 'gfx',
    });
    scheduler.stop(cast.sfMain, sfEnd);
    const displayStart = vsync + interval - DISPLAY_FRAME_NS;
    for (const kind of ['expectedDisplay', 'actualDisplay'] as const)
      frames.push({
        kind,
        startNs: displayStart,
        endNs: displayStart + DISPLAY_FRAME_NS,
        token: displayToken,
        displayToken,
        pid: cast.sfPid,
        layerName: '',
        jankType: 1,
        presentType: 1,
        onTimeFinish: true,
      });

    for (const state of appState) {
      if (state.nextVsync > vsync) continue;
      const { app, main, renderThread, binder } = state;
      const jank = input.jank.find(
        (scenario) =>
          scenario.packageName === app.packageName &&
          scenario.fromNs <= vsync &&
          vsync < scenario.untilNs &&
          (state.jankUsed.get(scenario) ?? 0) < scenario.frames,
      );
      if (jank) state.jankUsed.set(jank, (state.jankUsed.get(jank) ?? 0) + 1);
      const overrun = jank ? jank.overrunMs * MS : 0;
      const work = 3 * MS + Math.floor(next() * 2 * MS);

      const start = scheduler.start(main, vsync + 150 * US, cast.sfApp);
      scheduler.emit(main, start + 20 * US, {
        kind: 'print',
        buf: `B|${app.pid}|Choreographer#doFrame ${surfaceToken}\n`,
        category: 'view',
      });
      let now = start + 40 * US;
      if (index % 4 === 0) {
        // A binder call into system_server and its reply.
        const call = debugId;
        const reply = debugId + 1;
        debugId += 2;
        scheduler.emit(main, now + 300 * US, {
          kind: 'binder',
          debugId: call,
          toPid: cast.ssPid,
          toTid: binder.tid,
          reply: false,
          code: 3,
          flags: 0x10,
        });
        scheduler.stop(main, now + 310 * US);
        const handled = scheduler.start(binder, now + 340 * US, main);
        scheduler.emit(binder, handled + 10 * US, { kind: 'binderReceived', debugId: call });
        const answered = handled + 250 * US + Math.floor(next() * 200 * US);
        scheduler.emit(binder, answered, {
          kind: 'binder',
          debugId: reply,
          toPid: app.pid,
          toTid: main.tid,
          reply: true,
          code: 0,
          flags: 0x10,
        });
        scheduler.stop(binder, answered + 30 * US);
        now = scheduler.start(main, answered + 20 * US, binder);
        scheduler.emit(main, now + 5 * US, { kind: 'binderReceived', debugId: reply });
        now += 10 * US;
      }
      if (input.atraceApps === 'all' || input.atraceApps.has(app.packageName)) {
        scheduler.emit(main, now + 100 * US, {
          kind: 'print',
          buf: `B|${app.pid}|RV OnBindView\n`,
          category: 'app',
        });
        scheduler.emit(main, now + 700 * US, { kind: 'print', buf: `E|${app.pid}\n`, category: 'app' });
      }
      if (overrun > 0) {
        // Jank: part of the overrun is spent runnable behind a system_server thread, the rest running.
        const waiting = Math.floor(overrun * 0.4);
        scheduler.preempt(main, state.background, now + work / 2, waiting);
      }
      const mainEnd = now + work + overrun;
      scheduler.emit(main, mainEnd - 20 * US, { kind: 'print', buf: `E|${app.pid}\n`, category: 'view' });
      scheduler.stop(main, mainEnd);

      const drawStart = scheduler.start(renderThread, mainEnd + 30 * US, main);
      scheduler.emit(renderThread, drawStart + 10 * US, {
        kind: 'print',
        buf: `B|${app.pid}|DrawFrame - ${surfaceToken}\n`,
        category: 'view',
      });
      const drawEnd = drawStart + 1500 * US + Math.floor(next() * 1000 * US);
      scheduler.emit(renderThread, drawEnd - 10 * US, {
        kind: 'print',
        buf: `E|${app.pid}\n`,
        category: 'view',
      });
      scheduler.stop(renderThread, drawEnd);

      const deadline = vsync + SURFACE_DEADLINE_NS;
      const late = drawEnd > deadline;
      const presentedAt = late ? Math.ceil((drawEnd - deadline) / interval) : 0;
      const common = { token: surfaceToken, pid: app.pid, layerName: app.layerName };
      frames.push({
        ...common,
        kind: 'expectedSurface',
        startNs: vsync,
        endNs: deadline,
        displayToken,
        jankType: 1,
        presentType: 1,
        onTimeFinish: true,
      });
      frames.push({
        ...common,
        kind: 'actualSurface',
        startNs: start,
        endNs: drawEnd,
        displayToken: displayToken + presentedAt * 2,
        jankType: late ? 64 : 1,
        presentType: late ? 2 : 1,
        onTimeFinish: !late,
      });
      // Choreographer skips the vsyncs that passed while the main thread was busy.
      state.nextVsync = Math.max(vsync + interval, Math.ceil(mainEnd / interval) * interval);
    }
  }
  return { events: scheduler.events.filter((event) => event.ts >= input.startNs), frames };
}
