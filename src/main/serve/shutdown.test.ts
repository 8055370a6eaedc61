// Waiting for the calls in flight before a stop closes the devices (issue 13 §7).
import { describe, expect, it } from 'vitest';
import { InFlightCalls } from './shutdown';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<T>((settle, refuse) => {
    resolve = settle;
    reject = refuse;
  });
  return { promise, resolve, reject };
}

describe('InFlightCalls', () => {
  it('waits for every pending call, answered or failed, and passes their answers through', async () => {
    const slow = deferred<string>();
    const failing = deferred<never>();
    const calls = new InFlightCalls();
    const api = calls.track({
      slow: (_input: never) => slow.promise,
      failing: (_input: never) => failing.promise.catch(() => 'failed'),
      fast: async (_input: never) => 'fast',
    });
    expect(await api.fast(undefined as never)).toBe('fast');
    const answers = [api.slow(undefined as never), api.failing(undefined as never)];
    expect(calls.size).toBe(2);
    let settled = false;
    const waiting = calls.settled().then(() => (settled = true));
    slow.resolve('slow');
    await answers[0];
    expect(settled).toBe(false);
    failing.reject(new Error('device gone'));
    await waiting;
    expect(await Promise.all(answers)).toEqual(['slow', 'failed']);
    expect(calls.size).toBe(0);
  });

  it('gives up after the limit on a call that never ends', async () => {
    const calls = new InFlightCalls();
    const api = calls.track({ stuck: (_input: never) => new Promise<never>(() => undefined) });
    void api.stuck(undefined as never);
    const started = Date.now();
    await calls.settled(50);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(calls.size).toBe(1);
  });
});
