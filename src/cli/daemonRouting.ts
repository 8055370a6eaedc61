// Executions go to a running serve/console when one is reachable; directly only when nothing was sent to it.
import { isAbsolute } from 'node:path';
import type { Execution } from '../shared/execution/types';
import type { DaemonProxy } from '../main/daemon/client';
import type { CliBackend } from './backend';
import type { Logger } from './log';

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
): CliBackend {
  return {
    ...direct,
    withLogger: (next) => routeThroughDaemon(direct, proxy, next),
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
      return attempt.result;
    },
  };
}
