import { describe, expect, it } from 'vitest';
import { perfettoWheelPresent, runPerfettoProbe } from './pythonProbe';
import { decodeTraceConfig, encodeTraceConfig, TraceConfigError, type TraceConfig } from './traceConfig';
import { encodeMessage } from './wire';

const wheel = perfettoWheelPresent();
if (!wheel) console.warn('perfetto wheel cross-check skipped: run scripts/setup-python-test-env.sh');

// The host's fixed config (reference §8.3) for package com.example.app.
const HOST_CONFIG: TraceConfig = {
  buffers: [{ sizeKb: 8192, fillPolicy: 1 }],
  dataSources: [
    {
      name: 'linux.ftrace',
      targetBuffer: 0,
      ftrace: {
        ftraceEvents: [
          'sched/sched_switch',
          'sched/sched_wakeup',
          'binder/binder_transaction',
          'binder/binder_transaction_received',
          'ftrace/print',
        ],
        atraceCategories: ['gfx', 'view', 'binder_driver'],
        atraceApps: ['com.example.app'],
        compactSched: false,
      },
    },
    { name: 'linux.process_stats', targetBuffer: 0, processStats: { scanAllProcessesOnStart: true } },
    { name: 'android.surfaceflinger.frametimeline', targetBuffer: 0 },
  ],
  durationMs: 10_000,
  writeIntoFile: true,
  fileWritePeriodMs: 1000,
  maxFileSizeBytes: 67_108_864,
  uniqueSessionName: 'trace-abc',
};

describe('TraceConfig', () => {
  it('decodes what it encodes, field for field', () => {
    expect(decodeTraceConfig(encodeTraceConfig(HOST_CONFIG))).toEqual(HOST_CONFIG);
  });

  it('skips fields it does not honour (varints, bytes and fixed widths at any depth)', () => {
    const base = encodeTraceConfig(HOST_CONFIG);
    const extra = encodeMessage((message) =>
      message
        .varint(16, 1)
        .string(25, 'unknown')
        .message(2, (source) =>
          source.message(1, (config) => config.string(1, 'linux.sys_stats').varint(999, 5)),
        ),
    );
    const decoded = decodeTraceConfig(Buffer.concat([base, extra]));
    expect(decoded.durationMs).toBe(10_000);
    expect(decoded.dataSources.map((source) => source.name)).toEqual([
      'linux.ftrace',
      'linux.process_stats',
      'android.surfaceflinger.frametimeline',
      'linux.sys_stats',
    ]);
  });

  it('refuses truncated bytes, groups and wrong wire types', () => {
    const bytes = encodeTraceConfig(HOST_CONFIG);
    expect(() => decodeTraceConfig(bytes.subarray(0, bytes.length - 3))).toThrow(TraceConfigError);
    expect(() => decodeTraceConfig(Buffer.from([0x0b, 0x0c]))).toThrow(TraceConfigError);
    // duration_ms (3) as a length-delimited field.
    expect(() => decodeTraceConfig(Buffer.from([0x1a, 0x01, 0x00]))).toThrow(TraceConfigError);
  });

  it.skipIf(!wheel)('decodes the config as the Python perfetto wheel serialises it', async () => {
    const hex = (await runPerfettoProbe(['config'])).trim();
    const decoded = decodeTraceConfig(Buffer.from(hex, 'hex'));
    expect(decoded).toEqual(HOST_CONFIG);
  });
});
