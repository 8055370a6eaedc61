import { describe, expect, it } from 'vitest';
import { analyzeArgumentsSchema, analyzeOptionsSchema } from './analyzeArguments';

describe('analyze_system_trace arguments', () => {
  it('takes exactly one source and fills the defaults', () => {
    expect(analyzeArgumentsSchema.parse({ trace_id: 'trace-abcdef123456' })).toEqual({
      trace_id: 'trace-abcdef123456',
      threshold_ms: 50,
      frame_budget_ms: 16.667,
    });
    expect(analyzeArgumentsSchema.safeParse({}).success).toBe(false);
    expect(
      analyzeArgumentsSchema.safeParse({ trace_id: 'trace-abcdef123456', host_path: '/tmp/a' }).success,
    ).toBe(false);
  });

  it('refuses bad ids, pid with package, out-of-range numbers and unknown fields', () => {
    for (const id of ['../bad', 'trace-../../outside', 'trace-abc;kill', 'trace-a']) {
      expect(analyzeArgumentsSchema.safeParse({ trace_id: id }).success).toBe(false);
    }
    expect(analyzeOptionsSchema.safeParse({ pid: 10, package: 'com.example.app' }).success).toBe(false);
    expect(analyzeOptionsSchema.safeParse({ package: 'com..test' }).success).toBe(false);
    expect(analyzeOptionsSchema.safeParse({ threshold_ms: 0 }).success).toBe(false);
    expect(analyzeOptionsSchema.safeParse({ threshold_ms: 1001 }).success).toBe(false);
    expect(analyzeOptionsSchema.safeParse({ frame_budget_ms: 100.5 }).success).toBe(false);
    expect(analyzeOptionsSchema.safeParse({ pid: 0 }).success).toBe(false);
    expect(analyzeOptionsSchema.safeParse({ command: 'x' }).success).toBe(false);
    expect(analyzeOptionsSchema.parse({ frame_budget_ms: 8.333, pid: 10 })).toEqual({
      pid: 10,
      threshold_ms: 50,
      frame_budget_ms: 8.333,
    });
  });
});
