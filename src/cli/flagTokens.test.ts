import { describe, expect, it } from 'vitest';
import { scanFlags } from './flagTokens';

const NAMES = { values: ['--text', '--payload'], switches: ['--dry-run'] };

describe('scanFlags', () => {
  it('reads value flags, switches and other arguments in order', () => {
    expect(scanFlags(['set', '--text', '-x', '--dry-run', '--zz', 'q'], NAMES)).toEqual([
      { kind: 'other', text: 'set' },
      { kind: 'value', flag: '--text', value: '-x', escaped: false },
      { kind: 'switch', flag: '--dry-run' },
      { kind: 'other', text: '--zz' },
      { kind: 'other', text: 'q' },
    ]);
  });

  it('keeps a following flag as the value, for the caller to reject, and reports a missing one', () => {
    expect(scanFlags(['--text', '--dry-run'], NAMES)).toEqual([
      { kind: 'value', flag: '--text', value: '--dry-run', escaped: false },
    ]);
    expect(scanFlags(['--text'], NAMES)).toEqual([
      { kind: 'value', flag: '--text', value: undefined, escaped: false },
    ]);
  });

  it('reads <flag> -- <value> as an escape and goes on parsing flags after it', () => {
    expect(scanFlags(['--payload', '--', '--text', '--text', 'hi'], NAMES)).toEqual([
      { kind: 'value', flag: '--payload', value: '--text', escaped: true },
      { kind: 'value', flag: '--text', value: 'hi', escaped: false },
    ]);
    expect(scanFlags(['--text', '--'], NAMES)).toEqual([
      { kind: 'value', flag: '--text', value: undefined, escaped: true },
    ]);
  });

  it('reports a bare -- with the argument after it and goes on parsing flags', () => {
    expect(scanFlags(['--', '--text', '--dry-run'], NAMES)).toEqual([
      { kind: 'separator', following: '--text' },
      { kind: 'switch', flag: '--dry-run' },
    ]);
  });

  it('passes --flag=value, short flags and groups through as written, once each', () => {
    expect(scanFlags(['--text=a', '-ab', '-5', '-'], NAMES)).toEqual([
      { kind: 'other', text: '--text=a' },
      { kind: 'other', text: '-ab' },
      { kind: 'other', text: '-5' },
      { kind: 'other', text: '-' },
    ]);
  });
});
