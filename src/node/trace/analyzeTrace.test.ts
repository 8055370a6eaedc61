import { mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TraceReport } from '../../shared/trace/report';
import { MS, TraceBuilder } from '../../test-support/traceBuilder';
import { analyzeTraceBytes, analyzeTraceFile } from './analyzeTrace';

const dir = mkdtempSync(join(tmpdir(), 'trace-analysis-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function report(bytes: Uint8Array, options: Parameters<typeof analyzeTraceBytes>[1] = {}): TraceReport {
  const result = analyzeTraceBytes(bytes, options);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

function errorCode(bytes: Uint8Array, options: Parameters<typeof analyzeTraceBytes>[1] = {}): string {
  const result = analyzeTraceBytes(bytes, options);
  if (result.ok) throw new Error('expected an error');
  return result.error.code;
}

const counts = (r: TraceReport) => ({
  main: r.main_thread_unscheduled.count,
  render: r.render_thread_anomalies.count,
  frames: r.frame_anomalies.count,
  binder: r.binder_delivery_delays.count,
  contention: r.cpu_contention.count,
  wakeups: r.excessive_wakeups.count,
});

/** The reference's synthetic trace: CPU 1's bundle is written before CPU 0's. */
function synthetic(): Buffer {
  return new TraceBuilder()
    .processTree(
      [
        { pid: 10, cmdline: 'com.example.test' },
        { pid: 20, cmdline: 'system_server' },
      ],
      [
        { tid: 11, name: 'RenderThread', tgid: 10 },
        { tid: 21, name: 'binder:20_1', tgid: 20 },
      ],
    )
    .ftrace(1, [
      { ts: 5 * MS, kind: 'wakeup', pid: 11, comm: 'RenderThread' },
      { ts: 70 * MS, kind: 'switch', prevPid: 0, prevState: 0, nextPid: 11, nextComm: 'RenderThread' },
      { ts: 200 * MS, kind: 'print', tid: 11, buf: 'B|10|DrawFrame' },
      { ts: 280 * MS, kind: 'print', tid: 11, buf: 'E|10' },
    ])
    .ftrace(0, [
      { ts: 0, kind: 'wakeup', pid: 10, comm: 'example.test' },
      { ts: 60 * MS, kind: 'switch', prevPid: 0, prevState: 0, nextPid: 10, nextComm: 'example.test' },
      { ts: 100 * MS, kind: 'print', tid: 10, buf: 'B|10|Choreographer#doFrame 1' },
      { ts: 130 * MS, kind: 'print', tid: 10, buf: 'E|10' },
      { ts: 300 * MS, kind: 'binder_send', tid: 10, debugId: 7, toProc: 20 },
      { ts: 370 * MS, kind: 'binder_recv', tid: 21, debugId: 7 },
    ])
    .displayFrame(400 * MS, { token: 5, pid: 10, presentType: 4, jankType: 0 })
    .bytes();
}

describe('trace analysis (reference 9)', () => {
  it('finds main, render, frame, binder and contention anomalies in a trace with CPU 1 written before CPU 0', () => {
    const r = report(synthetic(), { pid: 10 });
    expect(counts(r)).toEqual({ main: 1, render: 2, frames: 2, binder: 1, contention: 2, wakeups: 0 });
    expect(r.binder_delivery_delays.examples[0]).toMatchObject({ tid: 10, process_id: 10, duration_ms: 70 });
    expect(r.render_thread_anomalies.examples.map((e) => e.duration_ms)).toEqual([65, 80]);
    expect(r.status).toBe('observed');
    expect(r.frames.map((f) => [f.source, f.janky])).toEqual([
      ['do_frame', true],
      ['frame_timeline', true],
    ]);
    expect(r.frame_anomalies.examples[1]?.evidence).toContain('dropped');
  });

  it('target pid 55 gives no frame anomalies; a package resolves to its pid', () => {
    expect(report(synthetic(), { pid: 55 }).frame_anomalies.count).toBe(0);
    expect(report(synthetic(), { package: 'com.example.test' }).target_pid).toBe(10);
    expect(errorCode(synthetic(), { package: 'com.example.absent' })).toBe('TRACE_TARGET_NOT_FOUND');
  });

  it('a sequence-start flag without a timestamp does not stretch the observed duration back to boot', () => {
    const r = report(
      new TraceBuilder()
        .loss()
        .ftrace(0, [
          { ts: 1000 * MS, kind: 'wakeup', pid: 10 },
          { ts: 1100 * MS, kind: 'wakeup', pid: 10 },
        ])
        .bytes(),
    );
    expect(r.observed_duration_ms).toBe(100);
    expect(r.coverage.unlocated_loss_markers).toBe(1);
    expect(r.status).toBe('partial');
  });

  it('the 500,000-event and 32,768-thread budgets raise errors', () => {
    const builder = new TraceBuilder();
    for (let packet = 0; packet < 6; packet++) {
      builder.ftrace(
        0,
        Array.from({ length: 90_000 }, (_, i) => ({
          ts: packet * 90_000 + i,
          kind: 'wakeup' as const,
          pid: 10,
        })),
      );
    }
    expect(errorCode(builder.bytes())).toBe('TRACE_LIMIT_EXCEEDED');
    const threads = Array.from({ length: 32_769 }, (_, i) => ({ tid: 100 + i, name: 'w', tgid: 100 }));
    expect(errorCode(new TraceBuilder().processTree([], threads).bytes())).toBe('TRACE_LIMIT_EXCEEDED');
  });

  it('sleep, a lone E and a wakeup without a later switch produce no findings', () => {
    const r = report(
      new TraceBuilder()
        .ftrace(0, [
          { ts: 0, kind: 'wakeup', pid: 10 },
          { ts: 1 * MS, kind: 'switch', prevPid: 0, prevState: 0, nextPid: 10 },
          { ts: 2 * MS, kind: 'switch', prevPid: 10, prevState: 1, nextPid: 0 },
          { ts: 300 * MS, kind: 'switch', prevPid: 0, prevState: 0, nextPid: 10 },
          { ts: 310 * MS, kind: 'print', tid: 10, buf: 'E|10' },
          { ts: 320 * MS, kind: 'wakeup', pid: 12 },
          { ts: 900 * MS, kind: 'print', tid: 10, buf: 'B|10|x' },
        ])
        .bytes(),
    );
    expect(counts(r)).toEqual({ main: 0, render: 0, frames: 0, binder: 0, contention: 0, wakeups: 0 });
    expect(r.limitations.some((note) => note.includes('3 interval(s) were left incomplete'))).toBe(true);
  });

  it('a loss marker between wakeup and switch, or binder send and receive, gives nothing and partial', () => {
    const r = report(
      new TraceBuilder()
        .ftrace(0, [
          { ts: 0, kind: 'wakeup', pid: 10 },
          { ts: 1 * MS, kind: 'binder_send', tid: 10, debugId: 3, toProc: 20 },
          { ts: 100 * MS, kind: 'switch', prevPid: 0, prevState: 0, nextPid: 10 },
          { ts: 101 * MS, kind: 'binder_recv', tid: 21, debugId: 3 },
        ])
        .loss(10 * MS)
        .bytes(),
    );
    expect(counts(r)).toEqual({ main: 0, render: 0, frames: 0, binder: 0, contention: 0, wakeups: 0 });
    expect(r.coverage.lost_markers).toBe(1);
    expect(r.status).toBe('partial');
  });

  it('201 wakeups over 1 s are excessive', () => {
    const events = Array.from({ length: 201 }, (_, i) => ({
      ts: i * 5 * MS,
      kind: 'wakeup' as const,
      pid: 10,
    }));
    const r = report(new TraceBuilder().ftrace(0, events).bytes());
    expect(r.excessive_wakeups.count).toBe(1);
    expect(r.cpu_threads[0]?.wakeups).toBe(201);
    expect(r.cpu_threads[0]?.wakeups_per_second).toBe(201);
  });

  it('malformed bytes raise errors', () => {
    expect(errorCode(Buffer.from([0x0a, 0x05, 0x01]))).toBe('TRACE_MALFORMED');
    expect(errorCode(Buffer.from([0x12, 0x00]))).toBe('TRACE_MALFORMED');
    expect(errorCode(Buffer.from([0x0a, 0x02, 0x0b, 0x00]))).toBe('TRACE_MALFORMED');
    expect(errorCode(Buffer.from([0x0a, 0x0b, 0x40, ...Array(10).fill(0xff)]))).toBe('TRACE_MALFORMED');
    expect(errorCode(Buffer.from([0x1f, 0x8b, 0x08, 0x00]))).toBe('TRACE_UNSUPPORTED');
  });

  it('unknown plus compressed packets are unsupported; a non-boot clock is counted', () => {
    const r = report(
      new TraceBuilder()
        .packet((p) => p.varint(99, 1))
        .packet((p) => p.bytes(50, Buffer.from([1, 2, 3])))
        .bytes(),
    );
    expect(r.status).toBe('unsupported');
    expect(r.coverage.compressed_packets).toBe(1);
    expect(r.coverage.unsupported_packets).toBe(1);
    const clock = report(
      new TraceBuilder()
        .ftrace(0, [{ ts: 1, kind: 'wakeup', pid: 10 }], (bundle) => bundle.varint(5, 2))
        .ftrace(0, [{ ts: 2, kind: 'wakeup', pid: 10 }])
        .bytes(),
    );
    expect(clock.coverage.unsupported_clock_bundles).toBe(1);
    expect(clock.coverage.sched_wakeup).toBe(1);
    expect(clock.status).toBe('partial');
  });

  it('an oversized packet and more than 100,000 packets raise errors', () => {
    const header = Buffer.from([0x0a, 0x81, 0x80, 0x80, 0x02]);
    expect(errorCode(Buffer.concat([header, Buffer.alloc(16)]))).toBe('TRACE_TOO_LARGE');
    const packets = Buffer.alloc(2 * 100_001);
    for (let i = 0; i < 100_001; i++) packets[2 * i] = 0x0a;
    expect(errorCode(packets)).toBe('TRACE_LIMIT_EXCEEDED');
  });

  it('reads a file of several 1 MiB chunks, packets straddling chunk boundaries, as the bytes read whole', async () => {
    const builder = new TraceBuilder();
    for (let bundle = 0; bundle < 400; bundle++) {
      builder.ftrace(
        bundle % 4,
        Array.from({ length: 50 }, (_, i) => ({
          ts: (bundle * 50 + i) * MS,
          kind: 'print' as const,
          tid: 10 + (i % 3),
          buf: i % 2 === 0 ? `B|10|Choreographer#doFrame ${'y'.repeat(200)}` : 'E|10',
        })),
      );
    }
    const bytes = builder.bytes();
    expect(bytes.length).toBeGreaterThan(2 * 1024 * 1024);
    const file = join(dir, 'chunks.pftrace');
    writeFileSync(file, bytes);
    const fromFile = await analyzeTraceFile(file);
    expect(fromFile.ok && fromFile.value.coverage.atrace).toBe(20_000);
    expect(fromFile).toEqual(analyzeTraceBytes(bytes));
  });

  it('reads files in chunks, and refuses symlinks, directories, oversized and compressed files', async () => {
    const file = join(dir, 'a.pftrace');
    writeFileSync(file, synthetic());
    const fromFile = await analyzeTraceFile(file, { pid: 10 });
    expect(fromFile).toEqual(analyzeTraceBytes(synthetic(), { pid: 10 }));
    const link = join(dir, 'link.pftrace');
    symlinkSync(file, link);
    expect((await analyzeTraceFile(link)).ok).toBe(false);
    expect(await analyzeTraceFile(dir)).toMatchObject({ ok: false, error: { code: 'INVALID_PATH' } });
    const big = join(dir, 'big.pftrace');
    writeFileSync(big, '');
    truncateSync(big, 64 * 1024 * 1024 + 1);
    expect(await analyzeTraceFile(big)).toMatchObject({ ok: false, error: { code: 'TRACE_TOO_LARGE' } });
    const zstd = join(dir, 'z.pftrace');
    writeFileSync(zstd, Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0, 0]));
    expect(await analyzeTraceFile(zstd)).toMatchObject({ ok: false, error: { code: 'TRACE_UNSUPPORTED' } });
  });
});
