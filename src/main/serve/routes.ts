// The Serve API routes (reference section 6), mounted by `androperator serve` and by the console's server.
import type { DeviceInfo } from '../../shared/api/devices';
import { parseExecuteBody, parseObserveBody, type TargetFields } from '../../shared/api/serveSchemas';
import type { AppError, Result } from '../../shared/errors';
import { DEFAULT_TIMEOUT_MS } from '../../shared/execution/limits';
import { EXPECTED_FORMAT, SNAPSHOT, TAKE_SCREENSHOT } from '../../shared/execution/types';
import type { DeviceResolver } from '../devices/types';
import type { InFlightRegistry } from '../execution/inFlight';
import { runExecution } from '../execution/runExecution';
import { systemClock, type Clock, type ExecutionDependencies } from '../execution/types';
import type { Route, RouteResponse } from '../http/types';
import { newExecutionId } from './ids';
import { httpStatusFor } from './statusMapping';

/** Paths that need no token. */
export const SERVE_PUBLIC_PATHS: readonly string[] = ['/ping'];

/** The SSE events the routes send. */
export const RESULT_EVENT = 'androperator:result';
export const EXECUTION_EVENT = 'androperator:execution';

/** What GET /version reports; the CLI only uses a daemon whose version equals its own. */
export interface ServeIdentity {
  version: string;
  /** The running entry script, for diagnostics (a rebuilt bundle keeps the version). */
  buildIdentity?: { entryPath: string; mtimeMs: number; size: number };
}

/** The device side the routes need: AdbHub satisfies it. */
export interface ServeDevices extends DeviceResolver {
  list(): Promise<Result<DeviceInfo[]>>;
}

export interface ServeServices {
  devices: ServeDevices;
  /** The process's one registry: concurrent requests to one device get EXECUTION_CONFLICT_IN_FLIGHT. */
  inFlight: InFlightRegistry;
  /** The Operator package of a request that names none (server flag, env, default; or the console setting). */
  defaultOperatorPackage(): string;
  /** Sends an SSE event to the /events clients of the server that mounts the routes. */
  broadcast(event: string, data: unknown): void;
  identity: ServeIdentity;
  /** Directory of runtime-managed screenshots (take_screenshot without a path); default os.tmpdir(). */
  screenshotDirectory?: string;
  clock?: Clock;
  random?: () => number;
  /** The execution runner; unit tests replace it. */
  runExecution?: typeof runExecution;
}

function failure(error: AppError): RouteResponse {
  return { status: httpStatusFor(error.code), json: { ok: false, error } };
}

/** The Serve routes: GET /ping /version /devices /events, POST /execute /snapshot /screenshot. */
export function createServeRoutes(services: ServeServices): Route[] {
  const run = services.runExecution ?? runExecution;
  const clock = services.clock ?? systemClock;
  const dependencies: ExecutionDependencies = {
    resolver: services.devices,
    inFlight: services.inFlight,
    clock,
    ...(services.screenshotDirectory === undefined
      ? {}
      : { screenshotDirectory: services.screenshotDirectory }),
  };

  /** Runs `input`; `overwrite` lets take_screenshot replace an existing regular file at its caller path. */
  const execute = async (
    input: unknown,
    fields: TargetFields,
    overwrite: boolean | undefined = undefined,
  ): Promise<RouteResponse> => {
    const result = await run(
      input,
      {
        operatorPackage: fields.operatorPackage ?? services.defaultOperatorPackage(),
        ...(fields.deviceId === undefined ? {} : { deviceId: fields.deviceId }),
        ...(overwrite === true ? { overwrite } : {}),
      },
      dependencies,
    );
    const runId = fields.runId === undefined ? {} : { runId: fields.runId };
    if (result.ok) {
      const body = { ...result.value, ...runId };
      services.broadcast(RESULT_EVENT, { deviceId: body.deviceId, envelope: body.envelope, ...runId });
      services.broadcast(EXECUTION_EVENT, { deviceId: body.deviceId, input, result: body, ...runId });
      return { status: 200, json: body };
    }
    const reported = result.error.details?.deviceId;
    const deviceId = typeof reported === 'string' ? reported : (fields.deviceId ?? null);
    const body = { ok: false, error: result.error, ...runId };
    services.broadcast(EXECUTION_EVENT, { deviceId, input, result: body, ...runId });
    return { status: httpStatusFor(result.error.code), json: body };
  };

  const observe = (prefix: string, action: Record<string, unknown>) => ({
    commandId: newExecutionId(prefix, clock.now(), services.random),
    taskId: prefix,
    source: 'serve-api',
    expectedFormat: EXPECTED_FORMAT,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    actions: [action],
  });

  return [
    { method: 'GET', path: '/ping', handler: async () => ({ status: 200, json: { ok: true } }) },
    { method: 'GET', path: '/version', handler: async () => ({ status: 200, json: services.identity }) },
    {
      method: 'GET',
      path: '/devices',
      handler: async () => {
        const listed = await services.devices.list();
        return listed.ok ? { status: 200, json: { ok: true, devices: listed.value } } : failure(listed.error);
      },
    },
    {
      method: 'POST',
      path: '/execute',
      handler: async (request) => {
        const body = parseExecuteBody(request.body);
        return body.ok
          ? execute(body.value.execution, body.value, body.value.overwrite)
          : failure(body.error);
      },
    },
    {
      method: 'POST',
      path: '/snapshot',
      handler: async (request) => {
        const body = parseObserveBody(request.body, false);
        if (!body.ok) return failure(body.error);
        return execute(observe('serve-snap', { id: 'snap', type: SNAPSHOT }), body.value);
      },
    },
    {
      method: 'POST',
      path: '/screenshot',
      handler: async (request) => {
        const body = parseObserveBody(request.body, true);
        if (!body.ok) return failure(body.error);
        const params = body.value.path === undefined ? {} : { path: body.value.path };
        return execute(
          observe('serve-shot', { id: 'shot', type: TAKE_SCREENSHOT, params }),
          body.value,
          body.value.overwrite,
        );
      },
    },
    { method: 'GET', path: '/events', handler: async () => ({ status: 200, stream: { kind: 'sse' } }) },
  ];
}
