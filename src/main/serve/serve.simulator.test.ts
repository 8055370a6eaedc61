// `serve` end to end: the real server, token and discovery file, simulated phones over a real adb server.
import { readFile, stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDiscovery } from '../daemon/discovery';
import { dataPaths } from '../../node/env/dataFolder';
import { errorOf, openEventStream, rawRequest, type RawResponse } from '../../test-support/httpTestClient';
import { startServe, type RunningServe } from './startServe';
import { startTestLab, type TestLab } from '../../test-support/testLab';

const serveTokenPath = (home: string): string =>
  dataPaths({ env: { ANDROPERATOR_HOME: home }, platform: process.platform, homedir: home }).serveToken;

let lab: TestLab;
let serve: RunningServe;
let phone = '';
let other = '';

beforeAll(async () => {
  lab = await startTestLab(2);
  [phone = '', other = ''] = lab.serials;
  const started = await startServe({ env: lab.env, port: 0, operatorPackage: 'com.androperator.operator' });
  if (!started.ok) throw new Error(started.error.message);
  serve = started.value;
});

afterAll(async () => {
  await serve?.close();
  await lab?.stop();
});

function request(
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; host?: string; raw?: string } = {},
): Promise<RawResponse> {
  const text = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  return rawRequest(serve.port, {
    method: text === undefined ? 'GET' : 'POST',
    path,
    headers: {
      authorization: `Bearer ${serve.token}`,
      ...(text === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(options.host === undefined ? {} : { host: options.host }),
    ...(text === undefined ? {} : { body: text }),
  });
}

const execution = (actions: unknown[]) => ({
  commandId: `sim-${Math.random().toString(36).slice(2)}`,
  taskId: 'serve-test',
  source: 'test',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 10000,
  actions,
});

describe('serve security', () => {
  it('answers /ping without a token', async () => {
    expect((await rawRequest(serve.port, { path: '/ping' })).json).toEqual({ ok: true });
  });

  it('answers 401 without a token or with a wrong one, on every other route', async () => {
    for (const path of ['/version', '/devices', '/events', '/execute', '/nowhere']) {
      const missing = await rawRequest(serve.port, { path });
      expect(missing.status).toBe(401);
      expect(errorOf(missing).message).toContain(serveTokenPath(lab.home));
    }
    const wrong = await request('/devices', { headers: { authorization: 'Bearer wrong-token-0123456789' } });
    expect(wrong.status).toBe(401);
    expect(errorOf(wrong).code).toBe('UNAUTHORIZED');
  });

  it('answers 403 to a foreign Origin and to a forged Host (DNS rebinding)', async () => {
    const origin = await request('/devices', { headers: { origin: 'http://evil.example' } });
    expect(origin.status).toBe(403);
    const host = await request('/devices', { host: `evil.example:${serve.port}` });
    expect(host.status).toBe(403);
    const pingHost = await rawRequest(serve.port, { path: '/ping', host: `evil.example:${serve.port}` });
    expect(pingHost.status).toBe(403);
  });

  it('answers 415 INVALID_BODY to a body whose Content-Type is not JSON, as the docs say', async () => {
    const body = JSON.stringify({ execution: execution([{ id: 'c', type: 'clear_on_screen_log' }]) });
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=latin1',
    ]) {
      const response = await request('/execute', { raw: body, headers: { 'content-type': type } });
      expect(response.status).toBe(415);
      expect(errorOf(response)).toMatchObject({
        code: 'INVALID_BODY',
        message: "Request bodies must be JSON: send 'Content-Type: application/json'",
      });
    }
  });

  it('answers 413 to a body over 100 kB and 400 to malformed JSON', async () => {
    const big = await request('/execute', { raw: JSON.stringify({ execution: 'x'.repeat(101 * 1024) }) });
    expect(big.status).toBe(413);
    expect(errorOf(big).code).toBe('PAYLOAD_TOO_LARGE');
    const malformed = await request('/execute', { raw: '{"execution":' });
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed).code).toBe('INVALID_JSON');
  });

  it('refuses a non-loopback bind unless allowed, and leaves nothing listening or registered', async () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.10']) {
      const refused = await startServe({
        env: lab.env,
        host,
        port: 0,
        operatorPackage: 'com.androperator.operator',
        discovery: false,
      });
      expect(refused.ok).toBe(false);
      expect(!refused.ok && refused.error.code).toBe('FORBIDDEN');
    }
    const allowed = await startServe({
      env: lab.env,
      host: '0.0.0.0',
      port: 0,
      allowRemote: true,
      operatorPackage: 'com.androperator.operator',
      discovery: false,
    });
    expect(allowed.ok).toBe(true);
    if (allowed.ok) {
      expect((await rawRequest(allowed.value.port, { path: '/ping' })).status).toBe(200);
      expect((await rawRequest(allowed.value.port, { path: '/devices' })).status).toBe(401);
      await allowed.value.close();
    }
  });

  it('keeps the token in a 0600 file, reused by the next start', async () => {
    const file = serveTokenPath(lab.home);
    expect(serve.tokenFile).toBe(file);
    expect(serve.tokenCreated).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(serve.token);
    const again = await startServe({
      env: lab.env,
      port: 0,
      operatorPackage: 'com.androperator.operator',
      discovery: false,
    });
    if (!again.ok) throw new Error(again.error.message);
    expect({ token: again.value.token, created: again.value.tokenCreated }).toEqual({
      token: serve.token,
      created: false,
    });
    await again.value.close();
  });

  it('uses a token given with --token, and refuses a malformed one', async () => {
    const token = 'given-token-0123456789abcdef';
    const given = await startServe({
      env: lab.env,
      port: 0,
      token,
      operatorPackage: 'com.androperator.operator',
      discovery: false,
    });
    if (!given.ok) throw new Error(given.error.message);
    expect({ tokenFile: given.value.tokenFile, created: given.value.tokenCreated }).toEqual({
      tokenFile: null,
      created: false,
    });
    const devices = await rawRequest(given.value.port, {
      path: '/devices',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(devices.status).toBe(200);
    const unauthorized = await rawRequest(given.value.port, { path: '/devices' });
    expect(errorOf(unauthorized).message).toContain('the token given with --token');
    await given.value.close();
    const short = await startServe({
      env: lab.env,
      port: 0,
      token: 'short',
      operatorPackage: 'com.androperator.operator',
      discovery: false,
    });
    expect(!short.ok && short.error.code).toBe('USAGE');
  });
});

describe('serve discovery', () => {
  it('registers url, token, pid and version; a second server registers beside it and unregisters on close', async () => {
    expect(await readDiscovery(lab.home)).toEqual({
      kind: 'found',
      record: {
        url: serve.url,
        token: serve.token,
        pid: process.pid,
        version: expect.any(String),
        startedAt: expect.any(String),
      },
    });
    const second = await startServe({ env: lab.env, port: 0, operatorPackage: 'com.androperator.operator' });
    if (!second.ok) throw new Error(second.error.message);
    const read = await readDiscovery(lab.home);
    expect(read.kind === 'found' && read.record.url).toBe(second.value.url);
    await second.value.close();
    // Stopping the newer server leaves the one still running registered (issue 13 §5).
    const afterSecond = await readDiscovery(lab.home);
    expect(afterSecond.kind === 'found' && afterSecond.record.url).toBe(serve.url);
    expect(
      (await rawRequest(second.value.port, { path: '/ping' }).catch(() => null))?.status,
    ).toBeUndefined();
  });
});

describe('serve routes against simulated phones', () => {
  it('lists both phones', async () => {
    const response = await request('/devices');
    expect(response.status).toBe(200);
    const devices = (response.json as { devices: Array<{ serial: string }> }).devices.map(
      (device) => device.serial,
    );
    expect(devices.sort()).toEqual([phone, other].sort());
  });

  it('answers 400 to {} on /execute', async () => {
    const response = await request('/execute', { body: {} });
    expect(response.status).toBe(400);
  });

  it('validates aliases and full template params before answering 404 DEVICE_NOT_FOUND for "non-existent"', async () => {
    const template =
      '{{foreground_app.icon}} {{foreground_app.package_name}} {{foreground_app.version_code}} ' +
      '{{foreground_app.version_name}}\n{{device.manufacturer}} {{device.model}} {{system.language_code}} ' +
      '{{system.language_tag}} {{system.language_name}} {{{{literal}}}}';
    const response = await request('/execute', {
      body: {
        deviceId: 'non-existent',
        execution: {
          command_id: 'alias-1',
          task_id: 'alias',
          source: 'test',
          expected_format: 'android-ui-automator',
          timeout_ms: 30000,
          actions: [
            {
              id: 'set',
              type: 'on_screen_log_set',
              params: {
                template,
                anchor: 'right',
                textAlign: 'right',
                topOffsetDp: 0,
                edgeOffsetDp: 1000,
                widthDp: 600,
                fontSizeSp: 24,
                textColor: '#a1b2c3',
                backgroundColor: '#7f0a0b0c',
                ttlMs: 3600000,
              },
            },
            { id: 'clear', type: 'on_screen_log_clear' },
          ],
        },
      },
    });
    expect(response.status).toBe(404);
    expect(errorOf(response)).toMatchObject({ code: 'DEVICE_NOT_FOUND' });
  });

  it('runs a real set and clear: 200 with the envelope', async () => {
    const set = await request('/execute', {
      body: {
        deviceId: phone,
        execution: execution([
          { id: 's', type: 'set_on_screen_log', params: { text: 'FLOW-001', anchor: 'right' } },
        ]),
      },
    });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({
      ok: true,
      deviceId: phone,
      terminalSource: 'androperator_result',
      envelope: {
        status: 'success',
        stepResults: [
          { actionType: 'set_on_screen_log', data: { visible: 'true', rendered: 'true', anchor: 'right' } },
        ],
      },
    });
    const snapshot = await request('/snapshot', { body: { deviceId: phone } });
    expect(snapshot.json).toMatchObject({
      envelope: { stepResults: [{ data: { operator_overlay_visible: 'true' } }] },
    });
    const clear = await request('/execute', {
      body: { deviceId: phone, execution: execution([{ id: 'c', type: 'on_screen_log_clear' }]) },
    });
    expect(clear.json).toMatchObject({
      envelope: { stepResults: [{ actionType: 'clear_on_screen_log', data: { visible: 'false' } }] },
    });
  });

  it('answers 200 ok:true with a failed envelope for a panel that cannot fit', async () => {
    const response = await request('/execute', {
      body: {
        deviceId: phone,
        execution: execution([
          { id: 's', type: 'set_on_screen_log', params: { text: 'x', edgeOffsetDp: 1000 } },
        ]),
      },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      ok: true,
      envelope: { status: 'failed', errorCode: 'ON_SCREEN_LOG_LAYOUT_INVALID' },
    });
  });

  it('writes a managed screenshot under the androperator home', async () => {
    const response = await request('/screenshot', { body: { deviceId: other } });
    expect(response.status).toBe(200);
    const path =
      (response.json as { envelope: { stepResults: Array<{ data: { path: string } }> } }).envelope
        .stepResults[0]?.data.path ?? '';
    expect(path.startsWith(`${lab.home}/screenshots/androperator-screenshot-serve-shot-`)).toBe(true);
    expect((await stat(path)).size).toBeGreaterThan(1000);
  });

  it('answers 423 EXECUTION_CONFLICT_IN_FLIGHT to a second execution on a busy device', async () => {
    const [sim] = lab.phones.filter((_, index) => lab.serials[index] === other);
    if (sim === undefined) throw new Error('no simulated phone');
    sim.faults.drawAcknowledgement = { delayMs: 700 };
    try {
      const slow = request('/execute', {
        body: {
          deviceId: other,
          execution: execution([{ id: 's', type: 'set_on_screen_log', params: { text: 'slow' } }]),
        },
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const busy = await request('/execute', {
        body: { deviceId: other, execution: execution([{ id: 'c', type: 'clear_on_screen_log' }]) },
      });
      expect(busy.status).toBe(423);
      expect(errorOf(busy)).toMatchObject({ code: 'EXECUTION_CONFLICT_IN_FLIGHT' });
      const free = await request('/execute', {
        body: { deviceId: phone, execution: execution([{ id: 'c', type: 'clear_on_screen_log' }]) },
      });
      expect(free.status).toBe(200);
      expect((await slow).status).toBe(200);
    } finally {
      sim.faults.drawAcknowledgement = 'normal';
    }
  });

  it('streams the heartbeat, then androperator:execution for a failing run', async () => {
    const stream = await openEventStream(serve.port, '/events', { authorization: `Bearer ${serve.token}` });
    try {
      await stream.waitFor(
        (item) => item.kind === 'event' && item.event === 'heartbeat' && item.data.includes('CONNECTED'),
      );
      await request('/execute', {
        body: { deviceId: 'non-existent', execution: execution([{ id: 'c', type: 'clear_on_screen_log' }]) },
      });
      const event = await stream.waitFor(
        (item) => item.kind === 'event' && item.event === 'androperator:execution',
      );
      expect(event.kind === 'event' && JSON.parse(event.data)).toMatchObject({
        deviceId: 'non-existent',
        result: { ok: false, error: { code: 'DEVICE_NOT_FOUND' } },
      });
    } finally {
      stream.close();
    }
  });
});
