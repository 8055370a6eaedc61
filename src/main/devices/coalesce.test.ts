import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('coalesce', () => {
  it('runs once per idle call and shares one follow-up run among callers that arrive mid-run', async () => {
    const gates: Array<() => void> = [];
    const starts: number[] = [];
    const run = coalesce(async () => {
      starts.push(starts.length);
      const gate = deferred();
      gates.push(gate.resolve);
      await gate.promise;
    });
    const first = run();
    const second = run();
    const third = run();
    expect(starts).toEqual([0]);
    gates[0]?.();
    await first;
    await Promise.resolve();
    expect(starts).toEqual([0, 1]);
    expect(second).toBe(third);
    gates[1]?.();
    await Promise.all([second, third]);
    expect(starts).toEqual([0, 1]);
    const fourth = run();
    expect(starts).toEqual([0, 1, 2]);
    gates[2]?.();
    await fourth;
  });
});
