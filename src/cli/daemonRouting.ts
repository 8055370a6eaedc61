// Executions go to a running serve/console when one is reachable; directly only when nothing was sent to it.
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { deviceInfoSchema } from '../shared/api/deviceSchemas';
import { appErrorSchema } from '../shared/api/resultSchemas';
import { fail, type Result } from '../shared/errors';
import type { Execution } from '../shared/execution/types';
import { locateDaemon, type DaemonProxy, type DaemonProxyOptions } from '../main/daemon/client';
import { exchange } from '../main/daemon/exchange';
import type { CliBackend, DeviceSummary } from './backend';
import type { Logger } from './log';

/** The error code whose message counts devices: it names who counted them (`details.source`). */
const SEVERAL_DEVICES = 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED';

/** `result`, with `details.source` naming who listed the devices when it is the several-devices error. */
export function withSource<T>(result: Result<T>, source: string): Result<T> {
  if (result.ok || result.error.code !== SEVERAL_DEVICES) return result;
  return { ok: false, error: { ...result.error, details: { ...result.error.details, source } } };
}

/** `dispatched: false` when no daemon answered: the caller lists the local adb server instead. */
export type DeviceListAttempt =
  { dispatched: false; reason: string } | { dispatched: true; url: string; result: Result<DeviceSummary[]> };

/** Asks a running console/serve for the devices it would choose from (GET /devices). */
export interface DaemonDeviceLister {
  list(): Promise<DeviceListAttempt>;
}

const devicesAnswer = z.looseObject({ ok: z.literal(true), devices: z.array(deviceInfoSchema) });
const errorAnswer = z.looseObject({ ok: z.literal(false), error: appErrorSchema });

/** The lister the CLI uses: the same daemon discovery as executions, then one GET /devices. */
export function createDaemonDeviceLister(
  options: Pick<DaemonProxyOptions, 'home' | 'version' | 'readinessTimeoutMs'>,
): DaemonDeviceLister {
  return {
    async list() {
      const located = await locateDaemon(options);
      if (located.kind === 'absent') return { dispatched: false, reason: located.reason };
      const { url, token } = located.record;
      const answer = await exchange(url, { method: 'GET', path: '/devices', token, timeoutMs: 30_000 });
      if (answer.kind === 'not_sent')
        return { dispatched: false, reason: `${url} refused the connection (${answer.cause})` };
      const listed = answer.kind === 'answered' ? devicesAnswer.safeParse(answer.json) : undefined;
      if (listed?.success === true)
        return { dispatched: true, url, result: { ok: true, value: listed.data.devices } };
      const error = answer.kind === 'answered' ? errorAnswer.safeParse(answer.json) : undefined;
      if (error?.success === true)
        return { dispatched: true, url, result: { ok: false, error: error.data.error } };
      const cause = answer.kind === 'lost' ? answer.cause : `unexpected answer (HTTP ${answer.status})`;
      return {
        dispatched: true,
        url,
        result: fail(
          'DAEMON_PROXY_ERROR',
          `The console at ${url} did not list its devices: ${cause}.`,
          {
            daemonUrl: url,
            cause,
          },
          'Run again, or list the local adb server with --no-daemon.',
        ),
      };
    },
  };
}

/** How the output names a console/serve as the one that listed the devices. */
export function consoleSource(url: string): string {
  return `the console at ${url}`;
}

/** A take_screenshot path relative to the caller's directory: only a direct run resolves it as the caller means. */
export function hasRelativeScreenshotPath(execution: Execution): boolean {
  return execution.actions.some(
    (action) =>
      action.type === 'take_screenshot' &&
      action.params?.path !== undefined &&
      !isAbsolute(action.params.path),
  );
}

/**
 * Wraps `direct` so runExecution (on-screen-log, exec, screenshot, snapshot) tries the daemon first. The execution
 * arrives validated. Direct runs happen for --no-daemon / ANDROPERATOR_NO_DAEMON=1, --overwrite, relative screenshot
 * paths (refused either way, with the same INVALID_PATH), and when the daemon was never reached; once the request
 * may have been sent, the daemon's answer (or DAEMON_PROXY_ERROR) is final: it is never replayed.
 */
export function routeThroughDaemon(
  direct: CliBackend,
  proxy: DaemonProxy,
  log: Logger = () => undefined,
  lister?: DaemonDeviceLister,
): CliBackend {
  return {
    ...direct,
    withLogger: (next) => routeThroughDaemon(direct, proxy, next, lister),
    // `devices` asks whoever the next execution goes to, so its list is the set `set` without --device counts.
    async listDevices(options) {
      if (options.noDaemon === true || lister === undefined) return direct.listDevices(options);
      const attempt = await lister.list();
      if (!attempt.dispatched) {
        log('info', `daemon unavailable (${attempt.reason}); listing the local adb server`);
        return direct.listDevices(options);
      }
      const { result, url } = attempt;
      return result.ok ? { ok: true, value: { devices: result.value, source: consoleSource(url) } } : result;
    },
    async runExecution(execution, target) {
      if (target.noDaemon) return direct.runExecution(execution, target);
      // Why direct: the daemon's /execute takes `overwrite`, but the proxy does not send it yet.
      if (target.overwrite === true) {
        log('debug', '--overwrite: running direct');
        return direct.runExecution(execution, target);
      }
      if (hasRelativeScreenshotPath(execution)) {
        log('debug', 'take_screenshot has a relative path: running direct');
        return direct.runExecution(execution, target);
      }
      const attempt = await proxy.execute(execution, {
        operatorPackage: target.operatorPackage,
        ...(target.deviceId === undefined ? {} : { deviceId: target.deviceId }),
      });
      if (!attempt.dispatched) {
        log('info', `daemon unavailable (${attempt.reason}); running direct for this call`);
        return direct.runExecution(execution, target);
      }
      log('debug', `${execution.commandId} ran through the daemon at ${attempt.url}`);
      return withSource(attempt.result, consoleSource(attempt.url));
    },
  };
}
