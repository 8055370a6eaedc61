import { describe, expect, it } from 'vitest';
import type { DeviceInfo } from '../../../shared/api/devices';
import { testDescription } from '../../../test-support/testDescription';
import {
  createHttpClient,
  createIpcClient,
  takeTokenFromAddress,
  type BrowserEnvironment,
  type ConnectionState,
  type EventSourceLike,
} from './client';

class FakeEventSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  private readonly listeners = new Map<string, ((event: { data?: unknown }) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
  fire(type: string, data?: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
}

function environment(search = '?token=s3cret&tab=2') {
  const requests: { url: string; init: RequestInit }[] = [];
  const sources: FakeEventSource[] = [];
  const timers: (() => void)[] = [];
  const replaced: (string | undefined)[] = [];
  let answer: () => Promise<{
    status: number;
    json(): Promise<unknown>;
    blob?(): Promise<Blob>;
  }> = async () => ({
    status: 200,
    json: async () => ({ ok: true, value: [] }),
  });
  const env: BrowserEnvironment = {
    fetch: (url, init) => {
      requests.push({ url, init });
      return answer();
    },
    createEventSource: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
    location: { pathname: '/console', search, hash: '#h' },
    history: { replaceState: (_data, _unused, url) => void replaced.push(url) },
    setTimeout: (callback) => void timers.push(callback),
  };
  return { env, requests, sources, timers, replaced, setAnswer: (next: typeof answer) => (answer = next) };
}

const device: DeviceInfo = { serial: 'emulator-5554', state: 'device', server: 'local' };

describe('takeTokenFromAddress', () => {
  it('returns the token and removes only it from the address bar', () => {
    const { env, replaced } = environment();
    expect(takeTokenFromAddress(env)).toBe('s3cret');
    expect(replaced).toEqual(['/console?tab=2#h']);
  });

  it('leaves an address without a token alone', () => {
    const { env, replaced } = environment('?tab=2');
    expect(takeTokenFromAddress(env)).toBeNull();
    expect(replaced).toEqual([]);
    const empty = environment('?token=');
    expect(takeTokenFromAddress(empty.env)).toBeNull();
    expect(empty.replaced).toEqual(['/console#h']);
  });
});

describe('createHttpClient', () => {
  it('POSTs JSON to /api/<channel> with the Bearer token', async () => {
    const { env, requests, setAnswer } = environment();
    const description = testDescription();
    setAnswer(async () => ({ status: 200, json: async () => ({ ok: true, value: description }) }));
    const client = createHttpClient(env, 's3cret');
    expect(await client.call('devices:describe', { serial: 'x' })).toEqual({ ok: true, value: description });
    expect(requests[0]?.url).toBe('/api/devices:describe');
    expect(requests[0]?.init).toMatchObject({
      method: 'POST',
      body: '{"serial":"x"}',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer s3cret' },
    });
  });

  it('downloads a route with the token and answers its errors as values', async () => {
    const { env, requests, setAnswer } = environment();
    const zip = new Blob([new Uint8Array([0x50, 0x4b, 3, 4])], { type: 'application/zip' });
    setAnswer(async () => ({ status: 200, json: async () => undefined, blob: async () => zip }));
    const client = createHttpClient(env, 's3cret');
    expect(await client.download?.('/api/runs/r1/export.zip')).toEqual({ ok: true, value: zip });
    expect(requests[0]).toMatchObject({
      url: '/api/runs/r1/export.zip',
      init: { method: 'GET', headers: { Authorization: 'Bearer s3cret' }, credentials: 'same-origin' },
    });
    setAnswer(async () => ({
      status: 404,
      json: async () => ({ ok: false, error: { code: 'EVIDENCE_NOT_FOUND', message: 'No run r1' } }),
    }));
    expect(await client.download?.('/api/runs/r1/export.zip')).toEqual({
      ok: false,
      error: { code: 'EVIDENCE_NOT_FOUND', message: 'No run r1' },
    });
    setAnswer(async () => {
      throw new Error('connection refused');
    });
    expect(await client.download?.('/x')).toMatchObject({ ok: false, error: { code: 'INTERNAL_ERROR' } });
    expect(createIpcClient({ on: () => () => undefined }).download).toBeUndefined();
  });

  it('sends no Authorization header without a token (the cookie carries it)', async () => {
    const { env, requests } = environment();
    await createHttpClient(env, null).call('devices:list', {});
    expect(requests[0]?.init.headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it('passes API errors through as values', async () => {
    const { env, setAnswer } = environment();
    setAnswer(async () => ({
      status: 401,
      json: async () => ({ ok: false, error: { code: 'UNAUTHORIZED', message: 'token missing' } }),
    }));
    expect(await createHttpClient(env, null).call('devices:list', {})).toEqual({
      ok: false,
      error: { code: 'UNAUTHORIZED', message: 'token missing' },
    });
  });

  it('turns a dead server or a body without a result into INTERNAL_ERROR values', async () => {
    const { env, setAnswer } = environment();
    const client = createHttpClient(env, null);
    setAnswer(async () => {
      throw new TypeError('Failed to fetch');
    });
    const dead = await client.call('devices:list', {});
    expect(!dead.ok && dead.error.message).toMatch(/did not answer \(Failed to fetch\)/);
    setAnswer(async () => ({ status: 502, json: async () => JSON.parse('<html>') }));
    const garbage = await client.call('devices:list', {});
    expect(!garbage.ok && garbage.error).toMatchObject({
      code: 'INTERNAL_ERROR',
      details: { httpStatus: 502 },
    });
  });

  it('opens one event stream with the token and delivers well-formed events only', () => {
    const { env, sources } = environment();
    const client = createHttpClient(env, 'a b');
    const received: DeviceInfo[][] = [];
    client.on('devices:changed', (devices) => received.push(devices));
    client.on('run:progress', () => undefined);
    expect(sources).toHaveLength(1);
    expect(sources[0]?.url).toBe('/api/events?token=a%20b');
    sources[0]?.fire('devices:changed', JSON.stringify([device]));
    sources[0]?.fire('devices:changed', '{not json');
    sources[0]?.fire('devices:changed', JSON.stringify({ serial: 'not a list' }));
    expect(received).toEqual([[device]]);
  });

  it('reports the connection and reopens the stream after the server closed it', () => {
    const { env, sources, timers } = environment();
    const client = createHttpClient(env, null);
    const states: ConnectionState[] = [];
    client.onConnection((state) => states.push(state));
    const first = sources[0];
    first?.fire('open');
    if (first) first.readyState = 2;
    first?.fire('error');
    expect(first?.closed).toBe(true);
    expect(states).toEqual(['connecting', 'open', 'lost']);
    timers.shift()?.();
    expect(sources).toHaveLength(2);
    expect(sources[1]?.url).toBe('/api/events');
    sources[1]?.fire('open');
    expect(states.at(-1)).toBe('open');
  });

  it('stays connecting while EventSource retries by itself', () => {
    const { env, sources, timers } = environment();
    const client = createHttpClient(env, null);
    const states: ConnectionState[] = [];
    client.onConnection((state) => states.push(state));
    sources[0]?.fire('open');
    sources[0]?.fire('error');
    expect(states).toEqual(['connecting', 'open', 'connecting']);
    expect(timers).toHaveLength(0);
  });
});

describe('createIpcClient', () => {
  it('calls the preload function of the channel and parses events', async () => {
    const listeners: ((payload: unknown) => void)[] = [];
    const inputs: unknown[] = [];
    const client = createIpcClient({
      'devices:list': async (input: unknown) => {
        inputs.push(input);
        return { ok: true, value: [device] };
      },
      on: (_event: string, listener: (payload: unknown) => void) => {
        listeners.push(listener);
        return () => undefined;
      },
    });
    expect(await client.call('devices:list', {})).toEqual({ ok: true, value: [device] });
    expect(inputs).toEqual([{}]);
    const received: unknown[] = [];
    client.on('devices:changed', (devices) => received.push(devices));
    listeners[0]?.([device]);
    listeners[0]?.('junk');
    expect(received).toEqual([[device]]);
    const states: ConnectionState[] = [];
    client.onConnection((state) => states.push(state));
    expect(states).toEqual(['open']);
  });

  it('answers NOT_FOUND for a channel the preload lacks, and catches a throwing bridge', async () => {
    const client = createIpcClient({
      on: () => () => undefined,
      'devices:list': () => Promise.reject(new Error('ipc closed')),
    });
    const missing = await client.call('presets:list', {});
    expect(!missing.ok && missing.error.code).toBe('NOT_FOUND');
    const thrown = await client.call('devices:list', {});
    expect(!thrown.ok && thrown.error.message).toMatch(/ipc closed/);
  });
});
