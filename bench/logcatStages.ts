// bench/logcat's stage measurements: one flood writer on a simulated phone (no background traffic) and, stage by
// stage, what arrives: the raw `adb logcat` stream, followLogcat (parse + redaction, in this process), the console's
// SSE event stream (what a browser reads), each with lines/s and write-to-arrival latency against the same writes.
// Latency uses the wall clock (performance.timeOrigin + now), so a page on this machine can be measured the same way.
import { spawn } from 'node:child_process';
import { request, type IncomingMessage } from 'node:http';
import type { SimulatedAndroid } from '../src/simulator/simulatedAndroid';
import type { IsolatedAdb } from '../src/test-support/isolatedAdb';
import type { AdbClient } from '../src/node/adb/adbkit';
import { followLogcat } from '../src/main/logcat/stream';
import { parseEventPayload } from '../src/renderer/src/api/apiResult';

export const FLOOD_TAG = 'BenchFlood';
const FLOOD_NUMBER = /flood ([a-z]+) line (\d+)\b/;

export const wallNow = (): number => performance.timeOrigin + performance.now();

/** The flood line number of run `label` in a message (or a threadtime line), or -1. */
export function floodNumber(text: string, label: string): number {
  const match = FLOOD_NUMBER.exec(text);
  return match === null || match[1] !== label ? -1 : Number(match[2]);
}

let runs = 0;
/** A label for the next writer (a, b, c...): lines of earlier runs still in the device's buffer never count. */
function nextLabel(): string {
  runs += 1;
  return String.fromCharCode(96 + runs);
}

/** Writes `rate` lines/s into the phone's log (paced by elapsed time, so a late tick catches up), recording when. */
export class FloodWriter {
  readonly writtenAt: Float64Array;
  written = 0;
  private timer: NodeJS.Timeout | undefined;
  private startedAt = 0;
  readonly label = nextLabel();

  constructor(
    private readonly phone: SimulatedAndroid,
    readonly rate: number,
    seconds: number,
  ) {
    this.writtenAt = new Float64Array(Math.ceil(rate * seconds * 1.1) + 1000);
  }

  start(): void {
    this.startedAt = performance.now();
    this.timer = setInterval(() => this.tick(), 10);
  }

  private tick(): void {
    const due = Math.min(
      this.writtenAt.length,
      Math.floor(((performance.now() - this.startedAt) / 1000) * this.rate),
    );
    const at = wallNow();
    while (this.written < due) {
      const n = this.written;
      this.writtenAt[n] = at;
      this.phone.state.appendLog({
        priority: n % 50 === 0 ? 'W' : 'D',
        tag: FLOOD_TAG,
        message: `flood ${this.label} line ${n} token=abc${n} for https://api.example/v1/items/${n}`,
      });
      this.written += 1;
    }
  }

  stop(): number {
    clearInterval(this.timer);
    return (performance.now() - this.startedAt) / 1000;
  }
}

/** Arrivals of flood lines at one stage: count, latency, order. */
export class Arrivals {
  count = 0;
  outOfOrder = 0;
  private last = -1;
  private readonly latencies: number[] = [];
  /** Lines that arrived before the writer stopped. */
  duringWrite = 0;
  writing = true;
  /** Lines the stage reported as skipped (marked): they will not arrive, and the drain does not wait for them. */
  skipped = 0;

  constructor(private readonly writer: FloodWriter) {}

  add(n: number, at: number): void {
    if (n < 0 || n >= this.writer.written) return;
    if (n <= this.last) this.outOfOrder += 1;
    this.last = Math.max(this.last, n);
    this.count += 1;
    if (this.writing) this.duringWrite += 1;
    this.latencies.push(at - (this.writer.writtenAt[n] ?? at));
  }

  /** Waits until every written line arrived or `ms` passed; answers the seconds it took. */
  async drain(ms: number): Promise<number> {
    this.writing = false;
    const started = performance.now();
    while (this.count + this.skipped < this.writer.written && performance.now() - started < ms)
      await new Promise((resolve) => setTimeout(resolve, 50));
    return (performance.now() - started) / 1000;
  }

  latency(fraction: number): number {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? NaN;
  }
}

export interface StageResult {
  name: string;
  /** Lines/s that arrived while the writer ran. */
  rate: number;
  arrived: number;
  written: number;
  latencyP50: number;
  latencyP95: number;
  outOfOrder: number;
  drainS: number;
  note?: string;
}

export function summarize(
  name: string,
  writer: FloodWriter,
  arrivals: Arrivals,
  seconds: number,
  drainS: number,
  note?: string,
): StageResult {
  return {
    name,
    rate: arrivals.duringWrite / seconds,
    arrived: arrivals.count,
    written: writer.written,
    latencyP50: arrivals.latency(0.5),
    latencyP95: arrivals.latency(0.95),
    outOfOrder: arrivals.outOfOrder,
    drainS,
    ...(note === undefined ? {} : { note }),
  };
}

export function stageLine(result: StageResult, baseline?: StageResult): string {
  const ratio = baseline === undefined ? '' : ` (${(result.rate / baseline.rate).toFixed(2)}x baseline)`;
  const missing = result.written - result.arrived;
  return (
    `  ${result.name}: ${result.rate.toFixed(0)} lines/s while writing${ratio}; latency p50 ${result.latencyP50.toFixed(0)} ms, p95 ${result.latencyP95.toFixed(0)} ms; ` +
    `${result.arrived}/${result.written} arrived (${missing > 0 ? `${missing} missing` : 'none missing'} ${result.drainS.toFixed(1)} s after the writer stopped)` +
    (result.outOfOrder > 0 ? `, ${result.outOfOrder} out of order` : '') +
    (result.note === undefined ? '' : `; ${result.note}`)
  );
}

type Phase = (writer: FloodWriter, arrivals: Arrivals) => Promise<{ stop(): Promise<void>; note?(): string }>;

/** Runs one stage: attach the reader, write for `seconds`, let the rest drain (up to drainMs), detach. */
export async function runStage(
  name: string,
  phone: SimulatedAndroid,
  rate: number,
  seconds: number,
  attach: Phase,
  drainMs = 15_000,
): Promise<StageResult> {
  const writer = new FloodWriter(phone, rate, seconds);
  const arrivals = new Arrivals(writer);
  const reader = await attach(writer, arrivals);
  writer.start();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const wrote = writer.stop();
  const drainS = await arrivals.drain(drainMs);
  await reader.stop();
  return summarize(name, writer, arrivals, wrote, drainS, reader.note?.());
}

/** Stage 1 (the baseline): `adb logcat -v threadtime -T 1` as a child process, its stdout read here. */
export function adbStage(adb: IsolatedAdb, serial: string): Phase {
  return async (writer, arrivals) => {
    const child = spawn(
      adb.bin,
      ['-P', String(adb.port), '-s', serial, 'logcat', '-v', 'threadtime', '-T', '1'],
      {
        env: { ...process.env, ...adb.env },
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    let partial = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const at = wallNow();
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) arrivals.add(floodNumber(line, writer.label), at);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    return {
      async stop() {
        child.kill();
        await new Promise((resolve) => child.once('close', resolve));
      },
    };
  };
}

/** Stage 2: followLogcat in this process (adbkit's stream, the threadtime parser, redaction, 80 ms batches). */
export function followStage(client: AdbClient, serial: string): Phase {
  return async (writer, arrivals) => {
    let redactions = 0;
    let lines = 0;
    let busyMs = 0;
    const startedAt = performance.now();
    const follow = await followLogcat(client, serial, {
      tail: 1,
      onBatch: (batch) => {
        const at = wallNow();
        const started = performance.now();
        for (const line of batch.lines) {
          redactions += line.redactions;
          lines += 1;
          arrivals.add(floodNumber(line.entry.message, writer.label), at);
        }
        busyMs += performance.now() - started;
      },
    });
    if (!follow.ok) throw new Error(follow.error.message);
    return {
      stop: () => follow.value.stop(),
      note: () =>
        `${redactions} redactions in ${lines} lines; the consumer here took ${((busyMs / (performance.now() - startedAt)) * 100).toFixed(1)}% of the time`,
    };
  };
}

/** Reads of batch events closer together than this are one pacer turn. */
const TURN_GAP_MS = 15;

/**
 * The pacer's turns as the reader sees them (batch events read together) while writing: their gaps (p50/p95/max)
 * and lines per turn; turns of 3,000 lines are at its per-turn bound (it was owed more than it may send at once).
 */
export function turnSummary(lines: readonly number[], gaps: readonly number[]): string {
  const at = (values: readonly number[], fraction: number): number => {
    const sorted = [...values].sort((a, b) => a - b);
    return (
      sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN
    );
  };
  const bound = lines.filter((count) => count >= 3000).length;
  return `${lines.length} pacer turns while writing, ${at(gaps, 0.5).toFixed(0)} / ${at(gaps, 0.95).toFixed(0)} / ${at(gaps, 1).toFixed(0)} ms apart (p50/p95/max), ${at(lines, 0.5)} / ${at(lines, 1)} lines each (p50/max), ${bound} at the 3,000-line turn bound`;
}

/** The console's `?token=` and origin from the address it printed. */
export function consoleAddress(url: string): { origin: string; token: string } {
  const parsed = new URL(url);
  return { origin: parsed.origin, token: parsed.searchParams.get('token') ?? '' };
}

/** POST /api/<channel> with the bearer token; the parsed JSON answer. */
export async function callConsole(url: string, channel: string, input: unknown): Promise<unknown> {
  const { origin, token } = consoleAddress(url);
  const response = await fetch(`${origin}/api/${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(input),
  });
  return response.json();
}

/**
 * Stage 3: the console's event stream as a browser reads it (GET /api/events), a follow started with
 * logcat:start; each logcat:batch is JSON-parsed and checked with the page's own schema (parseEventPayload), whose
 * cost is reported (the page pays it on its main thread).
 */
export function sseStage(url: string, serial: string): Phase {
  return async (writer, arrivals) => {
    const { origin, token } = consoleAddress(url);
    let followId = '';
    let events = 0;
    let bytes = 0;
    let decodeMs = 0;
    let markers = 0;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request(
        `${origin}/api/events?token=${encodeURIComponent(token)}`,
        { method: 'GET' },
        resolve,
      );
      req.once('error', reject);
      req.end();
    });
    response.setEncoding('utf8');
    let closedAt: number | null = null;
    let stopping = false;
    response.once('close', () => {
      if (!stopping) closedAt = performance.now();
    });
    let buffer = '';
    // The pacer's turns as seen here: lines per group of batch events read together, and the gaps between groups.
    const turnLines: number[] = [];
    const turnGaps: number[] = [];
    let lastTurnAt = Number.NaN;
    let lastReadAt = Number.NaN;
    response.on('data', (chunk: string) => {
      const at = wallNow();
      bytes += chunk.length;
      buffer += chunk;
      const linesBefore = arrivals.count;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        if (!frame.startsWith('event: logcat:batch\n')) continue;
        const started = performance.now();
        const payload = parseEventPayload(
          'logcat:batch',
          JSON.parse(frame.slice(frame.indexOf('data: ') + 6)),
        );
        decodeMs += performance.now() - started;
        if (payload === null || payload.followId !== followId) continue;
        events += 1;
        arrivals.skipped = payload.dropped;
        markers += payload.skips?.length ?? 0;
        for (const line of payload.lines) arrivals.add(floodNumber(line.entry.message, writer.label), at);
      }
      if (arrivals.count > linesBefore && arrivals.writing) {
        // Turns are at least emitMs (50 ms) apart; a turn's events can come in several reads close together.
        const added = arrivals.count - linesBefore;
        if (at - lastReadAt < TURN_GAP_MS && turnLines.length > 0)
          turnLines[turnLines.length - 1] = (turnLines.at(-1) ?? 0) + added;
        else {
          if (!Number.isNaN(lastTurnAt)) turnGaps.push(at - lastTurnAt);
          turnLines.push(added);
          lastTurnAt = at;
        }
        lastReadAt = at;
      }
    });
    const started = (await callConsole(url, 'logcat:start', { serial, tail: 1 })) as {
      ok: boolean;
      value?: { followId: string };
    };
    if (!started.ok || started.value === undefined)
      throw new Error(`logcat:start: ${JSON.stringify(started)}`);
    followId = started.value.followId;
    return {
      async stop() {
        stopping = true;
        await callConsole(url, 'logcat:stop', { followId });
        response.destroy();
      },
      note: () =>
        `${events} events, ${(bytes / Math.max(1, arrivals.count)).toFixed(0)} bytes/line on the wire, JSON.parse + schema ${((decodeMs / Math.max(1, arrivals.count)) * 1000).toFixed(1)} µs/line; the follow cap skipped ${arrivals.skipped} (in ${markers} marked skips)${closedAt === null ? '' : '; THE CONSOLE CLOSED THE EVENT STREAM (a client more than 1 MiB behind)'}; ${turnSummary(turnLines, turnGaps)}`,
    };
  };
}
