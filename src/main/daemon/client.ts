// The CLI side of daemon routing: find a live daemon of our version, then send it one execution, never twice.
import type { ResultEnvelope } from '../../shared/envelope';
import { z } from 'zod';
import { appErrorSchema, resultEnvelopeSchema } from '../../shared/api/resultSchemas';
import { fail, ok, type AppError, type Result } from '../../shared/errors';
import type { Execution } from '../../shared/execution/types';
import { ENVELOPE_WAIT_BUFFER_MS } from '../../shared/execution/limits';
import { forgetDiscovery, listDiscovery, type DaemonRecord } from './discovery';
import { exchange } from './exchange';

/** A completed execution as the daemon reported it. */
export interface ProxiedOutcome {
  envelope: ResultEnvelope;
  deviceId: string;
  terminalSource: 'androperator_result';
}

/** `dispatched: false` only when nothing was sent: then, and only then, the caller may run it directly. */
export type ProxyAttempt =
  { dispatched: false; reason: string } | { dispatched: true; url: string; result: Result<ProxiedOutcome> };

export interface DaemonProxy {
  execute(
    execution: Execution,
    target: { deviceId?: string; operatorPackage: string },
  ): Promise<ProxyAttempt>;
}

export interface DaemonProxyOptions {
  /** The androperator home holding the discovery folder `daemons/`. */
  home: string;
  /** The caller's version; a daemon of another version is ignored. */
  version: string;
  /** Limit of each readiness request (/ping, /version); default 1000 ms. */
  readinessTimeoutMs?: number;
  /**
   * Added to the execution's timeoutMs + 5000 ms envelope wait before the answer counts as lost; default 15000 ms
   * (host screenshot capture and writing happen after the envelope).
   */
  postProcessingMarginMs?: number;
}

export type LocatedDaemon = { kind: 'found'; record: DaemonRecord } | { kind: 'absent'; reason: string };

const pingAnswer = z.looseObject({ ok: z.literal(true) });
const versionAnswer = z.looseObject({ version: z.unknown().optional() });
/** A 200 answer of POST /execute. */
const executeAnswer = z.looseObject({
  ok: z.literal(true),
  deviceId: z.string(),
  terminalSource: z.literal('androperator_result'),
  envelope: resultEnvelopeSchema,
});
const errorAnswer = z.looseObject({ ok: z.literal(false), error: appErrorSchema });

/** Why `record` cannot take requests, or null when it can: /ping answers and /version is ours. */
async function checkDaemon(
  record: DaemonRecord,
  options: Pick<DaemonProxyOptions, 'home' | 'version' | 'readinessTimeoutMs'>,
): Promise<string | null> {
  const timeoutMs = options.readinessTimeoutMs ?? 1000;
  const ping = await exchange(record.url, { method: 'GET', path: '/ping', timeoutMs });
  // Nothing listens there any more (a server killed before it could remove its entry, the pid now reused).
  if (ping.kind === 'not_sent' && ping.cause === 'ECONNREFUSED') await forgetDiscovery(options.home, record);
  if (ping.kind !== 'answered' || ping.status !== 200 || !pingAnswer.safeParse(ping.json).success)
    return `${record.url}/ping did not answer`;
  const version = await exchange(record.url, {
    method: 'GET',
    path: '/version',
    token: record.token,
    timeoutMs,
  });
  const versionBody = version.kind === 'answered' ? versionAnswer.safeParse(version.json) : undefined;
  if (version.kind !== 'answered' || version.status !== 200 || versionBody?.success !== true)
    return `${record.url}/version did not answer`;
  if (versionBody.data.version !== options.version) {
    const theirs = JSON.stringify(versionBody.data.version);
    return `the daemon at ${record.url} runs version ${theirs}, this CLI ${options.version}`;
  }
  return null;
}

/** The newest registered daemon that is alive, answers /ping and runs our version; else why there is none. */
export async function locateDaemon(
  options: Pick<DaemonProxyOptions, 'home' | 'version' | 'readinessTimeoutMs'>,
): Promise<LocatedDaemon> {
  const listed = await listDiscovery(options.home);
  const reasons = [...listed.skipped];
  for (const record of listed.records) {
    const problem = await checkDaemon(record, options);
    if (problem === null) return { kind: 'found', record };
    reasons.push(problem);
  }
  return { kind: 'absent', reason: reasons.join('; ') || 'no daemon is registered' };
}

/** The error of an `{ ok:false, error }` answer, or null when the body is not one. */
function answeredError(body: unknown): AppError | null {
  const parsed = errorAnswer.safeParse(body);
  return parsed.success ? parsed.data.error : null;
}

/** DAEMON_PROXY_ERROR: the request may have run on the device; it is never replayed. */
export function lostAnswer(execution: Execution, url: string, cause: string): Result<never> {
  return fail(
    'DAEMON_PROXY_ERROR',
    'Daemon response lost; action may have executed',
    { phase: 'result_wait', dispatchState: 'unknown', commandId: execution.commandId, daemonUrl: url, cause },
    'Check the device (androperator snapshot) before running it again; --no-daemon runs directly.',
  );
}

/** Interprets the daemon's answer: its result, its error, or (anything else) a lost answer. */
export function interpretAnswer(
  execution: Execution,
  url: string,
  status: number,
  body: unknown,
): Result<ProxiedOutcome> {
  const success = status === 200 ? executeAnswer.safeParse(body) : undefined;
  if (success?.success === true) {
    const { deviceId, terminalSource, envelope } = success.data;
    return ok({ envelope, deviceId, terminalSource });
  }
  const error = status === 200 ? null : answeredError(body);
  if (error !== null) return { ok: false, error };
  return lostAnswer(execution, url, `unexpected answer (HTTP ${status})`);
}

/** The proxy the CLI uses: locate, then one POST /execute with allowPostDispatchFallback false. */
export function createDaemonProxy(options: DaemonProxyOptions): DaemonProxy {
  return {
    async execute(execution, target) {
      const located = await locateDaemon(options);
      if (located.kind === 'absent') return { dispatched: false, reason: located.reason };
      const { url, token } = located.record;
      const timeoutMs =
        execution.timeoutMs + ENVELOPE_WAIT_BUFFER_MS + (options.postProcessingMarginMs ?? 15_000);
      const body = {
        execution,
        ...(target.deviceId === undefined ? {} : { deviceId: target.deviceId }),
        operatorPackage: target.operatorPackage,
      };
      const answer = await exchange(url, { method: 'POST', path: '/execute', token, body, timeoutMs });
      if (answer.kind === 'not_sent')
        return { dispatched: false, reason: `${url} refused the connection (${answer.cause})` };
      if (answer.kind === 'lost')
        return { dispatched: true, url, result: lostAnswer(execution, url, answer.cause) };
      return { dispatched: true, url, result: interpretAnswer(execution, url, answer.status, answer.json) };
    },
  };
}
