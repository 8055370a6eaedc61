// The Serve routes on the real local server, with a recording runner: body checks, status mapping, SSE events.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeviceInfo } from '../../shared/api/devices';
import { fail, ok, type ErrorCode, type Result } from '../../shared/errors';
import { InFlightRegistry } from '../execution/inFlight';
import type { ExecutionResult, ExecutionTarget } from '../execution/types';
import {
  errorOf,
  openEventStream,
  rawRequest,
  startServer,
  TEST_TOKEN,
  type RawResponse,
} from '../../test-support/httpTestClient';
import type { LocalServer } from '../http/types';
import { createServeRoutes, SERVE_PUBLIC_PATHS, type ServeDevices } from './routes';

const ENVELOPE = { commandId: 'c1', taskId: 't1', status: 'success' as const, stepResults: [], error: null };
const DEVICES: DeviceInfo[] = [{ serial: 'emulator-5554', state: 'device', server: 'local' }];

let server: LocalServer;
let calls: Array<{ input: unknown; target: ExecutionTarget }>;
let respond: (input: unknown) => Result<ExecutionResult>;
let listed: Result<DeviceInfo[]>;

const devices: ServeDevices = {
  list: async () => listed,
  resolve: async () => fail('NO_DEVICES', 'unused'),
};

beforeEach(async () => {
  calls = [];
  listed = ok(DEVICES);
  respond = () =>
    ok({ ok: true, deviceId: 'emulator-5554', terminalSource: 'androperator_result', envelope: ENVELOPE });
  let ticks = 0;
  server = await startServer({
    token: TEST_TOKEN,
    publicPaths: SERVE_PUBLIC_PATHS,
    routes: createServeRoutes({
      devices,
      inFlight: new InFlightRegistry(),
      defaultOperatorPackage: () => 'com.androperator.operator',
      broadcast: (event, data) => void server.broadcast(event, data),
      identity: { version: '9.9.9' },
      clock: { now: () => 1767225600000 + ticks++ },
      runExecution: async (input, target) => {
        calls.push({ input, target });
        return respond(input);
      },
    }),
  });
});

afterEach(async () => {
  await server.close();
});

function post(path: string, body?: unknown): Promise<RawResponse> {
  return rawRequest(server.port, {
    method: 'POST',
    path,
    headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

function get(path: string): Promise<RawResponse> {
  return rawRequest(server.port, { path, headers: { authorization: `Bearer ${TEST_TOKEN}` } });
}

const EXECUTION = { command_id: 'c1', actions: [{ id: 'a', type: 'on_screen_log_clear' }] };

describe('GET routes', () => {
  it('answers /ping without a token and /version with it', async () => {
    expect((await rawRequest(server.port, { path: '/ping' })).json).toEqual({ ok: true });
    expect((await rawRequest(server.port, { path: '/version' })).status).toBe(401);
    expect((await get('/version')).json).toEqual({ version: '9.9.9' });
  });

  it('lists devices, and maps a listing failure to its status', async () => {
    expect((await get('/devices')).json).toEqual({ ok: true, devices: DEVICES });
    listed = fail('NO_DEVICES', 'none');
    expect((await get('/devices')).status).toBe(404);
    listed = fail('ADB_SERVER_UNAVAILABLE', 'down');
    const response = await get('/devices');
    expect(response.status).toBe(500);
    expect(errorOf(response).code).toBe('ADB_SERVER_UNAVAILABLE');
  });
});

describe('POST /execute body checks', () => {
  it.each([
    ['no body', undefined, 'INVALID_BODY'],
    ['an array', [], 'INVALID_BODY'],
    ['a string', 'x', 'INVALID_BODY'],
    ['{}', {}, 'MISSING_EXECUTION'],
    ['execution null', { execution: null }, 'MISSING_EXECUTION'],
    ['an unknown key', { execution: EXECUTION, device_id: 'x' }, 'INVALID_BODY'],
    ['a blank deviceId', { execution: EXECUTION, deviceId: '  ' }, 'INVALID_DEVICE_ID'],
    ['a numeric deviceId', { execution: EXECUTION, deviceId: 12 }, 'INVALID_DEVICE_ID'],
    ['an empty operatorPackage', { execution: EXECUTION, operatorPackage: '' }, 'INVALID_OPERATOR_PACKAGE'],
    [
      'a shell-ish operatorPackage',
      { execution: EXECUTION, operatorPackage: 'a.b;rm' },
      'INVALID_OPERATOR_PACKAGE',
    ],
  ])('answers 400 for %s without running anything', async (_name, body, code) => {
    const response = await post('/execute', body);
    expect(response.status).toBe(400);
    expect(errorOf(response).code).toBe(code);
    expect(calls).toHaveLength(0);
  });

  it.each([3000, 40_000])(
    'answers 400 EXECUTION_VALIDATION_FAILED for %i levels of nesting, without running anything',
    async (levels) => {
      const nested = '['.repeat(levels) + ']'.repeat(levels);
      for (const [path, body] of [
        ['/execute', `{"execution":{"commandId":"c","actions":${nested}}}`],
        ['/screenshot', `{"path":${nested}}`],
      ] as const) {
        const response = await rawRequest(server.port, {
          method: 'POST',
          path,
          headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'application/json' },
          body,
        });
        expect(response.status).toBe(400);
        expect(errorOf(response)).toMatchObject({
          code: 'EXECUTION_VALIDATION_FAILED',
          details: { maxDepth: 64 },
        });
      }
      expect(calls).toHaveLength(0);
    },
  );

  it('names the route messages of the reference', async () => {
    expect(errorOf(await post('/execute', {})).message).toBe("Missing 'execution' in body");
    expect(errorOf(await post('/execute', [])).message).toBe('Invalid or missing JSON body');
  });

  it.each([null, 12, '', '  ', 'not a run id', 'r'.repeat(241)])(
    'rejects runId %j with INVALID_RUN_ID',
    async (runId) => {
      const response = await post('/execute', { execution: EXECUTION, runId });
      expect(response.status).toBe(400);
      expect(errorOf(response).code).toBe('INVALID_RUN_ID');
    },
  );

  it('accepts a 240-character runId and echoes it', async () => {
    const runId = `run:${'a'.repeat(236)}`;
    const response = await post('/execute', { execution: EXECUTION, runId });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ ok: true, runId });
  });
});

describe('POST /execute runs', () => {
  it('passes the raw execution and the target on, with the default operator package', async () => {
    const response = await post('/execute', { execution: EXECUTION, deviceId: 'emulator-5554' });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      ok: true,
      deviceId: 'emulator-5554',
      terminalSource: 'androperator_result',
      envelope: ENVELOPE,
    });
    expect(calls).toEqual([
      {
        input: EXECUTION,
        target: { deviceId: 'emulator-5554', operatorPackage: 'com.androperator.operator' },
      },
    ]);
  });

  it("prefers the request's operator package", async () => {
    await post('/execute', { execution: EXECUTION, operatorPackage: 'com.androperator.operator.dev' });
    expect(calls[0]?.target).toEqual({ operatorPackage: 'com.androperator.operator.dev' });
  });

  it('answers 200 with ok:true when the envelope failed', async () => {
    const failed = { ...ENVELOPE, status: 'failed' as const, errorCode: 'ON_SCREEN_LOG_RENDER_TIMEOUT' };
    respond = () => ok({ ok: true, deviceId: 'd', terminalSource: 'androperator_result', envelope: failed });
    const response = await post('/execute', { execution: EXECUTION });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ ok: true, envelope: { status: 'failed' } });
  });

  it.each<[ErrorCode, number]>([
    ['EXECUTION_VALIDATION_FAILED', 400],
    ['MULTIPLE_DEVICES_DEVICE_ID_REQUIRED', 400],
    ['DEVICE_NOT_FOUND', 404],
    ['NO_DEVICES', 404],
    ['DEVICE_NOT_INTERACTIVE', 409],
    ['OPERATOR_NOT_ENABLED', 409],
    ['PAYLOAD_TOO_LARGE', 413],
    ['EXECUTION_CONFLICT_IN_FLIGHT', 423],
    ['DEVICE_SHELL_UNAVAILABLE', 503],
    ['RESULT_ENVELOPE_TIMEOUT', 504],
    ['OPERATOR_UNREACHABLE', 500],
    ['DEVICE_OFFLINE', 500],
  ])('maps %s to HTTP %i with {ok:false,error}', async (code, status) => {
    respond = () => fail(code, `failed with ${code}`, { phase: 'readiness' });
    const response = await post('/execute', { execution: EXECUTION });
    expect(response.status).toBe(status);
    expect(response.json).toEqual({
      ok: false,
      error: { code, message: `failed with ${code}`, details: { phase: 'readiness' } },
    });
  });
});

describe('POST /snapshot and /screenshot', () => {
  it('builds a snapshot execution labelled serve-api, with or without a body', async () => {
    await post('/snapshot');
    await post('/snapshot', { deviceId: 'emulator-5554' });
    expect(calls.map((call) => call.input)).toEqual([
      {
        commandId: expect.stringMatching(/^serve-snap-1767225600000-[0-9a-z]{7}$/),
        taskId: 'serve-snap',
        source: 'serve-api',
        expectedFormat: 'android-ui-automator',
        timeoutMs: 30000,
        actions: [{ id: 'snap', type: 'snapshot' }],
      },
      expect.objectContaining({ actions: [{ id: 'snap', type: 'snapshot' }] }),
    ]);
    expect(calls[1]?.target.deviceId).toBe('emulator-5554');
  });

  it('refuses a path on /snapshot', async () => {
    expect(errorOf(await post('/snapshot', { path: '/tmp/x.png' })).code).toBe('INVALID_BODY');
  });

  it('passes the screenshot path on, or none for a managed file', async () => {
    await post('/screenshot', { path: '/tmp/shot.png' });
    await post('/screenshot', {});
    expect(calls.map((call) => (call.input as { actions: unknown[] }).actions)).toEqual([
      [{ id: 'shot', type: 'take_screenshot', params: { path: '/tmp/shot.png' } }],
      [{ id: 'shot', type: 'take_screenshot', params: {} }],
    ]);
    expect((calls[0]?.input as { commandId: string }).commandId).toMatch(/^serve-shot-\d+-[0-9a-z]{7}$/);
  });

  it.each([123, '', '   ', null])('answers 400 INVALID_PATH for path %j', async (path) => {
    const response = await post('/screenshot', { path });
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'INVALID_PATH',
      message: "'path' must be a non-empty string",
    });
    expect(calls).toHaveLength(0);
  });
});

describe('GET /events', () => {
  it('sends the CONNECTED heartbeat, then result and execution events for a completed run', async () => {
    const stream = await openEventStream(server.port, '/events', { authorization: `Bearer ${TEST_TOKEN}` });
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor((item) => item.kind === 'event' && item.event === 'heartbeat');
      expect(stream.items[0]).toEqual({
        kind: 'event',
        event: 'heartbeat',
        data: '{"code":"CONNECTED","message":"Androperator SSE stream active"}',
      });
      await post('/execute', { execution: EXECUTION, runId: 'r1' });
      const result = await stream.waitFor(
        (item) => item.kind === 'event' && item.event === 'androperator:result',
      );
      expect(result.kind === 'event' && JSON.parse(result.data)).toEqual({
        deviceId: 'emulator-5554',
        envelope: ENVELOPE,
        runId: 'r1',
      });
      const execution = await stream.waitFor(
        (item) => item.kind === 'event' && item.event === 'androperator:execution',
      );
      expect(execution.kind === 'event' && JSON.parse(execution.data)).toMatchObject({
        deviceId: 'emulator-5554',
        input: EXECUTION,
        result: { ok: true, envelope: ENVELOPE },
      });
    } finally {
      stream.close();
    }
  });

  it('sends only the execution event for a host failure, with the device from the error', async () => {
    respond = () => fail('DEVICE_NOT_FOUND', 'gone', { deviceId: 'x', connected: [] });
    const stream = await openEventStream(server.port, '/events', { authorization: `Bearer ${TEST_TOKEN}` });
    try {
      await post('/execute', { execution: EXECUTION, deviceId: 'x' });
      const event = await stream.waitFor(
        (item) => item.kind === 'event' && item.event === 'androperator:execution',
      );
      expect(event.kind === 'event' && JSON.parse(event.data)).toEqual({
        deviceId: 'x',
        input: EXECUTION,
        result: {
          ok: false,
          error: { code: 'DEVICE_NOT_FOUND', message: 'gone', details: { deviceId: 'x', connected: [] } },
        },
      });
      expect(stream.items.some((item) => item.kind === 'event' && item.event === 'androperator:result')).toBe(
        false,
      );
    } finally {
      stream.close();
    }
  });

  it('needs the token', async () => {
    expect((await rawRequest(server.port, { path: '/events' })).status).toBe(401);
  });
});
