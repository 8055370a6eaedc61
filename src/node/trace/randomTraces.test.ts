// Generated traces (seeded): varied timestamps (small, past 2^31, past 2^44 apart), tids (0, above 2^16, 2^40),
// nested and unmatched slices, binder pairs, ties and out-of-order times, loss, odd clocks and prints, a third made
// malformed by mutated bytes. The analyser must give the same result from bytes and from a file, never throw, and
// fail only with its trace error codes. With TRACE_REFERENCE=<path to another analyzeTrace.ts> (e.g. the previous
// commit's src/node/trace extracted under out/) it must also give byte-identical results to that analyser, which is
// how a speed change is checked for equivalence; TRACE_RANDOM_COUNT sets how many traces (default 150).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Result } from '../../shared/errors';
import type { AnalyzeOptionsInput } from '../../shared/trace/analyzeArguments';
import type { TraceReport } from '../../shared/trace/report';
import { MessageWriter } from '../../simulator/perfetto/wire';
import { MS, TraceBuilder, type FtraceEventSpec } from '../../test-support/traceBuilder';
import { analyzeTraceBytes, analyzeTraceFile } from './analyzeTrace';

const COUNT = Number(process.env.TRACE_RANDOM_COUNT ?? 150);
const REFERENCE = process.env.TRACE_REFERENCE;
const TRACE_CODES = new Set([
  'TRACE_MALFORMED',
  'TRACE_LIMIT_EXCEEDED',
  'TRACE_TOO_LARGE',
  'TRACE_UNSUPPORTED',
  'TRACE_TARGET_NOT_FOUND',
]);
const OPTION_SETS: AnalyzeOptionsInput[] = [
  {},
  { package: 'com.example.app' },
  { pid: 40, threshold_ms: 1 },
  { threshold_ms: 5, frame_budget_ms: 8 },
];

type Analyse = (bytes: Uint8Array, options: AnalyzeOptionsInput) => Result<TraceReport>;

const dir = mkdtempSync(join(tmpdir(), 'random-traces-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** mulberry32: a small seeded generator, so a failing seed can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generate(seed: number): Uint8Array {
  const rng = random(seed);
  const int = (n: number): number => Math.floor(rng() * n);
  const pick = <T>(values: readonly T[]): T => values[int(values.length)] as T;
  const builder = new TraceBuilder();
  const tids = [
    0,
    40,
    41,
    42,
    43,
    44,
    7,
    8,
    70_000,
    2 ** 40,
    ...Array.from({ length: 6 }, () => 1 + int(200)),
  ];
  const names = ['RenderThread', 'main', 'worker', 'com.example.app', '', 'x'.repeat(80)];
  if (rng() < 0.8) {
    builder.processTree(
      [{ pid: 40, cmdline: rng() < 0.7 ? 'com.example.app' : 'other.app' }],
      tids
        .filter((tid) => tid !== 0 && rng() < 0.7)
        .map((tid) => ({ tid, name: pick(names), tgid: rng() < 0.6 ? 40 : tid })),
    );
  }
  let ts = pick([0, 50_000, 1e9, 2 ** 31 - 5_000 * MS, 1e12, 2 ** 52 - 10 ** 12]);
  const step = (): number => {
    const r = rng();
    if (r < 0.1) return 0;
    if (r < 0.15) return -int(5 * MS);
    if (r < 0.17) return 2 ** 45;
    return int(r < 0.9 ? 3 * MS : 120 * MS);
  };
  const debugIds = [1, 2, 3, 4, 2 ** 33];
  const sliceName = (): string =>
    pick(['Choreographer#doFrame 1', 'Choreographer#doFrame', 'inflate', 'ü-slice', 'a|b', 'y'.repeat(1100)]);
  const event = (): FtraceEventSpec => {
    ts = Math.max(0, ts + step());
    const tid = pick(tids);
    const r = rng();
    if (r < 0.25) {
      return {
        ts,
        kind: 'switch',
        prevPid: pick(tids),
        prevState: pick([0, 0, 1, 2, 64]),
        nextPid: pick(tids),
        ...(rng() < 0.5 ? { nextComm: pick(names), prevComm: pick(names) } : {}),
      };
    }
    if (r < 0.45) return { ts, kind: 'wakeup', pid: tid, success: rng() < 0.9 ? 1 : 0, comm: pick(names) };
    if (r < 0.85) {
      const buf = pick([
        `B|40|${sliceName()}`,
        `B|${tid}|${sliceName()}`,
        'E',
        'E|40',
        'E\n',
        `\ufeffB|40|${sliceName()}\n`,
        'C|40|counter|5',
        `B|x|${sliceName()}`,
        `B|0012345678901234567|a`,
        'Bad',
        '',
      ]);
      return { ts, kind: 'print', tid, buf };
    }
    if (r < 0.93) {
      return { ts, kind: 'binder_send', tid, debugId: pick(debugIds), toProc: pick([40, 7, 0]) };
    }
    return { ts, kind: 'binder_recv', tid, debugId: pick(debugIds) };
  };
  const packets = 1 + int(25);
  for (let p = 0; p < packets; p++) {
    const r = rng();
    if (r < 0.7) {
      // Now and then a burst of one thread's wakeups (excessive_wakeups needs >= 100/s over >= 1 s).
      const burst = rng() < 0.05 ? pick(tids) : -1;
      const events =
        burst < 0
          ? Array.from({ length: int(40) }, event)
          : Array.from({ length: 1500 }, (): FtraceEventSpec => {
              ts += int(MS / 2);
              return { ts, kind: 'wakeup', pid: burst };
            });
      const extra = rng();
      builder.ftrace(
        rng() < 0.003 ? 5000 : int(8),
        events,
        extra < 0.05
          ? (bundle) => bundle.varint(3, 1)
          : extra < 0.08
            ? (bundle) => bundle.message(4, (c) => c.varint(1, 1))
            : extra < 0.1
              ? (bundle) => bundle.varint(5, 2)
              : undefined,
      );
    } else if (r < 0.8) {
      builder.displayFrame(Math.max(0, ts + step()), {
        token: int(1000),
        pid: pick([40, 7]),
        presentType: pick([1, 2, 4]),
        jankType: pick([0, 1, 64, 1024]),
      });
    } else if (r < 0.88) builder.loss(rng() < 0.7 ? Math.max(0, ts + step()) : undefined);
    else if (r < 0.99) {
      const packet = new MessageWriter();
      if (rng() < 0.5) packet.varint(8, ts);
      if (rng() < 0.5) packet.varint(58, pick([6, 1]));
      if (rng() < 0.3) packet.bytes(50, new Uint8Array([1, 2, 3]));
      if (rng() < 0.5) packet.string(99, 'z');
      else packet.message(pick([76, 2]), () => undefined);
      builder.raw(packet.finish());
    } else builder.raw(new Uint8Array(Array.from({ length: int(12) }, () => int(256))));
  }
  const bytes = new Uint8Array(builder.bytes());
  if (seed % 3 !== 0 || bytes.length === 0) return bytes;
  // Malformed: flipped bytes, a run of 0xff (long varints), a cut, or inserted bytes.
  const mutated = Array.from(bytes);
  const edits = 1 + int(4);
  for (let e = 0; e < edits; e++) {
    const at = int(mutated.length);
    const kind = int(4);
    if (kind === 0) mutated[at] = int(256);
    else if (kind === 1) mutated.splice(at, 11, ...Array.from({ length: 11 }, () => 0xff));
    else if (kind === 2) mutated.length = at;
    else mutated.splice(at, 0, ...Array.from({ length: 1 + int(6) }, () => int(256)));
  }
  return new Uint8Array(mutated);
}

function expectTraceResult(result: Result<TraceReport>): void {
  if (!result.ok) expect(TRACE_CODES.has(result.error.code), result.error.message).toBe(true);
}

describe('generated traces', () => {
  it(`${COUNT} traces x ${OPTION_SETS.length} option sets: the same result from bytes and from a file, only trace errors`, async () => {
    let failures = 0;
    for (let seed = 1; seed <= COUNT; seed++) {
      const bytes = generate(seed);
      const file = join(dir, `trace-${seed}.pftrace`);
      writeFileSync(file, bytes);
      for (const options of OPTION_SETS) {
        const fromBytes = analyzeTraceBytes(bytes, options);
        expectTraceResult(fromBytes);
        if (!fromBytes.ok) failures++;
        const fromFile = await analyzeTraceFile(file, options);
        expect(JSON.stringify(fromFile), `seed ${seed}`).toBe(JSON.stringify(fromBytes));
      }
    }
    // Both outcomes are exercised: some traces are refused, most analysed.
    expect(failures).toBeGreaterThan(0);
    expect(failures).toBeLessThan(COUNT * OPTION_SETS.length);
  }, 120_000);

  it.runIf(REFERENCE !== undefined)(
    'the same results as the reference analyser',
    async () => {
      const reference = (await import(/* @vite-ignore */ REFERENCE ?? '')) as { analyzeTraceBytes: Analyse };
      for (let seed = 1; seed <= COUNT; seed++) {
        const bytes = generate(seed);
        for (const options of OPTION_SETS) {
          expect(JSON.stringify(analyzeTraceBytes(bytes, options)), `seed ${seed}`).toBe(
            JSON.stringify(reference.analyzeTraceBytes(bytes, options)),
          );
        }
      }
    },
    600_000,
  );
});
