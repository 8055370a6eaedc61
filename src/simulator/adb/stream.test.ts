import { describe, expect, it } from 'vitest';
import { AdbStream } from './stream';

function stream(): AdbStream {
  return new AdbStream(
    1,
    2,
    4096,
    () => undefined,
    () => undefined,
  );
}

describe('AdbStream signal', () => {
  it('aborts when the host closes the stream, whether asked for before or after', () => {
    const early = stream();
    const signal = early.signal;
    expect(signal.aborted).toBe(false);
    early.handleClose(true);
    expect(signal.aborted).toBe(true);

    const late = stream();
    late.handleClose(true);
    expect(late.signal.aborted).toBe(true);
  });
});
