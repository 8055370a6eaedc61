import type { DeviceInfo } from '../../../shared/api/devices';
import { afterEach, describe, expect, it } from 'vitest';
import { errorOf, openEventStream, rawRequest } from '../../../test-support/httpTestClient';
import { createConsoleApi } from '../consoleApi';
import { PHONE, testSetup, type TestSetup } from '../../../test-support/apiFakes';
import { startWebConsole, type WebConsole } from './webConsole';

let setup: TestSetup;
let web: WebConsole | undefined;

afterEach(async () => {
  await web?.close();
  web = undefined;
  await setup.cleanup();
});

async function start(lastDevices: () => DeviceInfo[] | undefined = () => [PHONE]): Promise<WebConsole> {
  setup = await testSetup();
  const api = createConsoleApi(setup.dependencies);
  const started = await startWebConsole({
    services: { api, events: setup.dependencies.events, lastDevices },
  });
  if (!started.ok) throw new Error(started.error.message);
  web = started.value;
  return web;
}

function post(served: WebConsole, channel: string, body?: unknown, auth = true) {
  return rawRequest(served.server.port, {
    method: 'POST',
    path: `/api/${channel}`,
    headers: {
      ...(auth ? { authorization: `Bearer ${served.token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe('the served API over HTTP', () => {
  it('prints a loopback URL carrying a fresh token', async () => {
    const served = await start();
    expect(served.url).toBe(`http://127.0.0.1:${served.server.port}/?token=${served.token}`);
    expect(served.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers every ApiResult with 200, validation errors included; no body is {}', async () => {
    const served = await start();
    const listed = await post(served, 'devices:list', {});
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual({ ok: true, value: [PHONE] });
    expect((await post(served, 'presets:list')).json).toEqual({ ok: true, value: [] });
    const invalid = await post(served, 'evidence:get', { id: 'nope' });
    expect(invalid.status).toBe(200);
    expect(errorOf(invalid).code).toBe('INVALID_RUN_ID');
    expect(errorOf(await post(served, 'devices:describe')).code).toBe('INVALID_BODY');
  });

  it('answers 404 for an unknown channel and 401 without the token', async () => {
    const served = await start();
    const unknown = await post(served, 'devices:format', {});
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).code).toBe('NOT_FOUND');
    const anonymous = await post(served, 'devices:list', {}, false);
    expect(anonymous.status).toBe(401);
    expect(errorOf(anonymous).code).toBe('UNAUTHORIZED');
    const events = await rawRequest(served.server.port, { path: '/api/events' });
    expect(events.status).toBe(401);
  });

  it('streams the last device list first, then every served event by name', async () => {
    const served = await start();
    const stream = await openEventStream(served.server.port, '/api/events', {
      authorization: `Bearer ${served.token}`,
    });
    try {
      expect(stream.status).toBe(200);
      const first = await stream.waitFor((item) => item.kind === 'event' && item.event === 'devices:changed');
      expect(first.kind === 'event' && JSON.parse(first.data)).toEqual([PHONE]);
      setup.dependencies.events.emit('run:progress', {
        runId: 'r1',
        step: 'set',
        status: 'running',
        serial: PHONE.serial,
      });
      const progress = await stream.waitFor((item) => item.kind === 'event' && item.event === 'run:progress');
      expect(progress.kind === 'event' && JSON.parse(progress.data)).toEqual({
        runId: 'r1',
        step: 'set',
        status: 'running',
        serial: PHONE.serial,
      });
    } finally {
      stream.close();
    }
  });

  it('stops forwarding events once closed', async () => {
    const served = await start(() => undefined);
    expect(setup.dependencies.events.listenerCount).toBe(2);
    await served.close();
    web = undefined;
    expect(setup.dependencies.events.listenerCount).toBe(1);
  });
});
